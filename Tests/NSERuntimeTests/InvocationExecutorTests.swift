import Dispatch
import Foundation
import NSEBenchCore
import NSEBenchSystem
import NSEBenchTestSupport
import SimulatedDevice
import Synchronization
import Testing
import UserNotifications

@testable import NSERuntime

/// Whether each call, by name, ran on the loop.
private final class Places: Sendable {
    private let places = Mutex<[String: Bool]>([:])

    func note(_ call: String, onLoop: Bool) { places.withLock { $0[call] = onLoop } }
    var noted: [String: Bool] { places.withLock { $0 } }
}

/// Notes where each of its calls ran (on `loop` or elsewhere), and delivers from its tracked work,
/// after a suspension; so do work it tracks through its phone, and a transfer as a session starts one.
private final class WhereService: UNNotificationServiceExtension, HostAwareExtension {
    var invocationContext: InvocationContext?
    let notes: Places
    let loop: EventLoop

    init(loop: EventLoop, notes: Places) {
        self.loop = loop
        self.notes = notes
        super.init()
    }

    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        let handler = ContentHandler(contentHandler)
        let content = request.content
        let (loop, notes) = (loop, notes)
        notes.note("didReceive", onLoop: loop.inEventLoop)
        SimulatedPhone.current?.network.track { notes.note("phone work", onLoop: loop.inEventLoop) }
        _ = (SimulatedPhone.current?.network as? any PhoneTransferTracking)?.trackTransfer {
            notes.note("transfer", onLoop: loop.inEventLoop)
        }
        invocationContext?.run {
            notes.note("work", onLoop: loop.inEventLoop)
            await Task.yield()
            notes.note("work resumed", onLoop: loop.inEventLoop)
            handler(content)
        }
    }
}

/// Holds each arriving task until `parties` have arrived, then lets them all go.
private final class StartBarrier: Sendable {
    private let state = Mutex<(arrived: Int, waiting: [CheckedContinuation<Void, Never>])>((0, []))
    private let parties: Int

    init(parties: Int) { self.parties = parties }

    func arrive() async {
        await withCheckedContinuation { continuation in
            let released = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.arrived += 1
                state.waiting.append(continuation)
                guard state.arrived >= parties else { return [] }
                defer { state.waiting = [] }
                return state.waiting
            }
            for waiter in released { waiter.resume() }
        }
    }
}

/// Notes the order of its calls; delivers a best attempt on expiry once `didReceive` gave it a handler.
private final class OrderService: UNNotificationServiceExtension {
    /// The calls, in order, across instances.
    final class Log: Sendable {
        let calls = Mutex<[String]>([])
    }

    let log: Log
    private let handler = Mutex<ContentHandler?>(nil)

    init(log: Log) {
        self.log = log
        super.init()
    }

    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        log.calls.withLock { $0.append("didReceive") }
        handler.withLock { $0 = ContentHandler(contentHandler) }
    }

    override func serviceExtensionTimeWillExpire() {
        log.calls.withLock { $0.append("expire") }
        let content = UNMutableNotificationContent()
        content.title = "best attempt"
        handler.withLock { $0 }?(content)
    }
}

/// Where invocations, their extensions' calls and their tracked work run when the run hands the runner
/// executors (the transport's loops): beside their downloads, and never a user's extension's work.
@Suite("Invocations on their executors", .serialized, .timeLimit(.minutes(1)))
struct InvocationExecutorTests {
    @Test("each invocation runs on an executor the runner was given, and a closed slot keeps its own")
    func invocationsRunOnTheirExecutors() async throws {
        let loops = try (0..<2).map { index in try EventLoop(name: "nseb-inv-\(index)") }
        for loop in loops { try loop.start() }
        defer { for loop in loops { try? loop.shutdown() } }
        let runner = LoadRunner(clock: ContinuousRunnerClock(), invocationExecutors: loops)
        let seen = Mutex<[(index: Int, loop: Int?, before: Bool, after: Bool)]>([])
        // Each slot's first invocation waits for all four to start: otherwise, on a busy machine, the
        // first slot can run all 40 before the admission thread launches the second, and only one
        // executor is ever used (seen once in CI).
        let allSlotsStarted = StartBarrier(parties: 4)
        let report = await runner.run(
            model: .closed(concurrency: 4), length: .invocations(40), ramp: 0, seed: 1, drainLimit: 10_000_000_000
        ) { ticket in
            let loop = loops.firstIndex { $0 === (ticket.executor as? EventLoop) }
            let before = loop.map { loops[$0].inEventLoop } ?? false
            if ticket.index < 4 { await allSlotsStarted.arrive() }
            await Task.yield()
            let after = loop.map { loops[$0].inEventLoop } ?? false
            seen.withLock { $0.append((ticket.index, loop, before, after)) }
        }
        let tickets = seen.withLock { $0 }
        #expect(report.admitted == 40)
        #expect(tickets.count == 40)
        #expect(tickets.allSatisfy { $0.loop != nil && $0.before && $0.after }, "on its ticket's loop throughout")
        #expect(Set(tickets.compactMap(\.loop)) == [0, 1], "spread over both")
    }

    @Test("without executors, tickets name none: invocations run on the global executor")
    func noExecutorsMeansTheGlobalOne() async {
        let runner = LoadRunner(clock: ContinuousRunnerClock())
        let executors = Mutex<[Bool]>([])
        _ = await runner.run(
            model: .closed(concurrency: 2), length: .invocations(6), ramp: 0, seed: 1, drainLimit: 10_000_000_000
        ) { ticket in
            executors.withLock { $0.append(ticket.executor == nil) }
        }
        #expect(executors.withLock { $0 } == Array(repeating: true, count: 6))
    }

    /// Runs one invocation of `factory` prepared with `loop` as its executor, from a task that prefers
    /// `loop`; `afterStart` runs once it is started (to move a manual clock).
    private func invoke(
        _ factory: ExtensionFactory, coldStart: UInt64? = nil, loop: EventLoop, harness: HostHarness,
        afterStart: () async -> Void = {}
    ) async -> InvocationRecord? {
        var input = harness.input(TestPayloads.plain(), extension: factory)
        input.coldStart = coldStart
        let prepared = harness.host.prepare(input, executor: loop)
        let record = Mutex<InvocationRecord?>(nil)
        let task = Task(executorPreference: loop) { [host = harness.host] in
            await host.invoke(prepared: prepared) { finished in record.withLock { $0 = finished } }
        }
        await afterStart()
        await task.value
        return record.withLock { $0 }
    }

    @Test("a built-in's didReceive runs on the thread that starts it, and its tracked work on its executor")
    func builtInCallsAndWorkStayOnTheLoop() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        let loop = try EventLoop(name: "nseb-inv-host")
        try loop.start()
        defer { try? loop.shutdown() }
        let notes = Places()
        let factory = ExtensionFactory(name: "where", callsMayBlock: false) { WhereService(loop: loop, notes: notes) }
        let record = await invoke(factory, loop: loop, harness: harness)
        #expect(record?.outcome == .enriched)
        #expect(
            notes.noted == [
                "didReceive": true, "work": true, "work resumed": true, "phone work": true, "transfer": true,
            ])
    }

    @Test("a built-in's didReceive due on a timer's thread (its cold start ended) runs on its executor")
    func timerMadeCallsGoToTheExecutor() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        let loop = try EventLoop(name: "nseb-inv-cold")
        try loop.start()
        defer { try? loop.shutdown() }
        let notes = Places()
        let factory = ExtensionFactory(name: "where", callsMayBlock: false) { WhereService(loop: loop, notes: notes) }
        let record = await invoke(factory, coldStart: second, loop: loop, harness: harness) {
            await harness.clock.waitForPendingTimers(atLeast: 2)  // the deadline and the cold start
            harness.clock.advance(by: second)  // fires the cold start's timer on this (test) thread
        }
        #expect(record?.outcome == .enriched)
        #expect(
            notes.noted == [
                "didReceive": true, "work": true, "work resumed": true, "phone work": true, "transfer": true,
            ])
    }

    @Test(
        "a user's extension's calls and work stay off the executor, whose loop they could block; its transfers do not")
    func userExtensionsStayOffTheLoop() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        let loop = try EventLoop(name: "nseb-inv-user")
        try loop.start()
        defer { try? loop.shutdown() }
        let notes = Places()
        let factory = ExtensionFactory(name: "where") { WhereService(loop: loop, notes: notes) }
        #expect(factory.callsMayBlock)
        let record = await invoke(factory, loop: loop, harness: harness)
        #expect(record?.outcome == .enriched)
        #expect(
            notes.noted == [
                "didReceive": false, "work": false, "work resumed": false, "phone work": false, "transfer": true,
            ])
    }

    @Test("a closed slot whose invocations end without suspending still lets the other slots run")
    func synchronousInvocationsDoNotHoldTheLoop() async throws {
        let loop = try EventLoop(name: "nseb-inv-sync")
        try loop.start()
        defer { try? loop.shutdown() }
        let runner = LoadRunner(clock: ContinuousRunnerClock(), invocationExecutors: [loop])
        let order = Mutex<[Int]>([])
        // Two slots on one loop, each invocation ending at once: without a yield now and then between
        // a slot's invocations the first slot would run all 40 before the second ran any.
        _ = await runner.run(
            model: .closed(concurrency: 2), length: .invocations(40), ramp: 0, seed: 1, drainLimit: 10_000_000_000
        ) { ticket in
            order.withLock { $0.append(ticket.index) }
        }
        let indices = order.withLock { $0 }
        #expect(indices.count == 40)
        #expect(indices.prefix(16).contains(1), "the second slot ran early: \(indices.prefix(16))")
    }

    @Test("a segment's invocations are spread over every executor, whatever its indices")
    func aSegmentUsesEveryExecutor() async throws {
        let loops = try (0..<2).map { index in try EventLoop(name: "nseb-inv-seg\(index)") }
        for loop in loops { try loop.start() }
        defer { for loop in loops { try? loop.shutdown() } }
        let runner = LoadRunner(clock: ContinuousRunnerClock(), invocationExecutors: loops)
        let used = Mutex<Set<Int>>([])
        // Segment 0 of 2 owns indices 0, 2, 4, ...: by index, every one would land on loop 0.
        _ = await runner.run(
            model: .open(ratePerSecond: 2_000, arrivals: .constant, maxInFlight: 100), length: .invocations(20),
            ramp: 0, seed: 1,
            drainLimit: 10_000_000_000, segment: try ExecutionSegment(index: 0, count: 2)
        ) { ticket in
            let loop = loops.firstIndex { $0 === (ticket.executor as? EventLoop) }
            if let loop { used.withLock { _ = $0.insert(loop) } }
        }
        #expect(used.withLock { $0 } == [0, 1])
    }

    @Test("a built-in's deferred expiry call follows its didReceive, and delivers its best attempt")
    func deferredExpiryFollowsDidReceive() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        let loop = try EventLoop(name: "nseb-inv-late")
        try loop.start()
        defer { try? loop.shutdown() }
        let log = OrderService.Log()
        let factory = ExtensionFactory(name: "order", callsMayBlock: false) { OrderService(log: log) }
        let held = DispatchSemaphore(value: 0)
        defer { held.signal() }  // never leave the loop held (its shutdown would wait)
        let record = await invoke(factory, coldStart: second, loop: loop, harness: harness) {
            await harness.clock.waitForPendingTimers(atLeast: 2)  // started: cold start and deadline
            // The loop is held, so the cold start's end queues didReceive there, and the deadline
            // passes before it runs: the expiry is deferred until didReceive is entered.
            do {
                try loop.execute { held.wait() }
            } catch {
                Issue.record("could not hold the loop: \(error)")
            }
            harness.clock.advance(by: second)  // the cold start ends: didReceive is queued on the loop
            harness.clock.advance(to: 30 * second)  // the deadline: the expiry waits for didReceive
            held.signal()
            // Past the grace period once both calls were made, so that the invocation ends either way.
            _ = await eventually { log.calls.withLock { $0.count } == 2 }
            harness.clock.advance(to: 40 * second)
        }
        #expect(log.calls.withLock { $0 } == ["didReceive", "expire"])
        #expect(record?.outcome == .expiredBestAttempt)
        #expect(record?.visible.title == "best attempt")
    }
}
