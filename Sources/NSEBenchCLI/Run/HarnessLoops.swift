import NSEBenchCore
import NSEBenchSystem
import NSERuntime

/// The machinery invocations run on: transport loops (one per core by default), where in-process
/// invocations run beside their downloads, with a lag probe each; a timer loop of its own (so a
/// saturated transport cannot make deadlines or arrivals late) with a probe; the clock, timers and the
/// transport over the transport loops. `run` and each extension worker have one.
final class HarnessLoops: Sendable {
    let transportLoops: [EventLoop]
    let transportLags: [LoopLagProbe]
    let timerLoop: EventLoop
    let timerProbe: LoopLagProbe
    let clock: LoopInvocationClock
    let timers: LoopInvocationTimers
    let transport: CurlTransport

    /// - Parameter transportLoops: loops the downloads are spread over (at least 1).
    init(transportLoops count: Int = 1) throws {
        var loops: [EventLoop] = []
        var lags: [LoopLagProbe] = []
        for index in 0..<max(1, count) {
            let loop = try EventLoop(name: count > 1 ? "nse-bench-transport-\(index)" : "nse-bench-transport")
            try loop.start()
            let lag = LoopLagProbe(loop: loop)
            try lag.start()
            loops.append(loop)
            lags.append(lag)
        }
        transportLoops = loops
        transportLags = lags
        timerLoop = try EventLoop(name: "nse-bench-timers")
        try timerLoop.start()
        // Deadlines that are cancelled never fire, so a run where every invocation finishes in time
        // would have no timer lateness to report: a probe keeps measuring the timer loop regardless.
        timerProbe = LoopLagProbe(loop: timerLoop)
        try timerProbe.start()
        let timerService = TimerService(loop: timerLoop)
        clock = LoopInvocationClock(timers: timerService)
        timers = LoopInvocationTimers(timers: timerService)
        transport = try CurlTransport(loops: loops, configuration: CurlTransport.Configuration())
    }

    /// Starts the probes' figures over from now, the run's first arrival: the loops idled while the run set
    /// up (extension processes starting, `--start-at`'s wait), and those probes, all on time, would
    /// dilute a stall's share of the run; a stall of the set-up's is not the run's either.
    func measureFromNow() {
        for probe in transportLags { probe.restart() }
        timerProbe.restart()
    }

    /// Stops the probes, the transport and the loops; returns the p99 timer lateness (deadline timers
    /// and probe) and transport lag (every transport loop's probes together), in nanoseconds.
    func stop() async -> (timerLatenessP99: UInt64, transportLagP99: UInt64) {
        var lag = Histogram(highestTrackableValue: 1 << 40)
        for probe in transportLags { try? lag.merge(probe.stop()) }
        var lateness = timers.latenessHistogram
        try? lateness.merge(timerProbe.stop())
        await transport.shutdown()
        for loop in transportLoops { try? loop.shutdown() }
        try? timerLoop.shutdown()
        return (lateness.value(atPercentile: 99), lag.value(atPercentile: 99))
    }
}
