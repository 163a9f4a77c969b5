import Foundation
import NSEBenchCore
import NSEBenchSystem
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
/// after a suspension.
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
        invocationContext?.run {
            notes.note("work", onLoop: loop.inEventLoop)
            await Task.yield()
            notes.note("work resumed", onLoop: loop.inEventLoop)
            handler(content)
        }
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
        let report = await runner.run(
            model: .closed(concurrency: 4), length: .invocations(40), ramp: 0, seed: 1, drainLimit: 10_000_000_000
        ) { ticket in
            let loop = loops.firstIndex { $0 === (ticket.executor as? EventLoop) }
            let before = loop.map { loops[$0].inEventLoop } ?? false
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
        #expect(notes.noted == ["didReceive": true, "work": true, "work resumed": true])
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
        #expect(notes.noted == ["didReceive": true, "work": true, "work resumed": true])
    }

    @Test("a user's extension's calls and work never run on the executor, whose loop they could block")
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
        #expect(notes.noted == ["didReceive": false, "work": false, "work resumed": false])
    }
}
