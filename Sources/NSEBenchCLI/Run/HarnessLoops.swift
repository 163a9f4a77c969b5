import NSEBenchCore
import NSEBenchSystem
import NSERuntime

/// The machinery invocations run on: a transport loop with a lag probe, a timer loop of its own (so a
/// saturated transport cannot make deadlines or arrivals late) with a probe, the clock, timers and the
/// libcurl transport. `run` and each extension worker have one.
final class HarnessLoops: Sendable {
    let loop: EventLoop
    let transportLag: LoopLagProbe
    let timerLoop: EventLoop
    let timerProbe: LoopLagProbe
    let clock: LoopInvocationClock
    let timers: LoopInvocationTimers
    let transport: CurlTransport

    init() throws {
        loop = try EventLoop(name: "nse-bench-transport")
        try loop.start()
        transportLag = LoopLagProbe(loop: loop)
        try transportLag.start()
        timerLoop = try EventLoop(name: "nse-bench-timers")
        try timerLoop.start()
        // Deadlines that are cancelled never fire, so a run where every invocation finishes in time
        // would have no timer lateness to report: a probe keeps measuring the timer loop regardless.
        timerProbe = LoopLagProbe(loop: timerLoop)
        try timerProbe.start()
        let timerService = TimerService(loop: timerLoop)
        clock = LoopInvocationClock(timers: timerService)
        timers = LoopInvocationTimers(timers: timerService)
        transport = try CurlTransport(loops: [loop], configuration: CurlTransport.Configuration())
    }

    /// Stops the probes, the transport and the loops; returns the p99 timer lateness (deadline timers
    /// and probe) and transport lag, in nanoseconds.
    func stop() async -> (timerLatenessP99: UInt64, transportLagP99: UInt64) {
        let lag = transportLag.stop()
        var lateness = timers.latenessHistogram
        try? lateness.merge(timerProbe.stop())
        await transport.shutdown()
        try? loop.shutdown()
        try? timerLoop.shutdown()
        return (lateness.value(atPercentile: 99), lag.value(atPercentile: 99))
    }
}
