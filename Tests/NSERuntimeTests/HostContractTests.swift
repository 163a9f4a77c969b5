import Dispatch
import Foundation
import NSEBenchCore
import NSEBenchTestSupport
import SimulatedDevice
import Synchronization
import Testing
import UserNotifications

@testable import NSERuntime

/// The handler's contract, the budget's start at arrival, and where the host calls extensions from.
@Suite("Extension host contract", .timeLimit(.minutes(1)))
struct HostContractTests {
    @Test("a second handler call is a violation; the first is what the user sees")
    func doubleDelivery() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        let factory = ExtensionFactory(name: "double") { DoubleDeliveryService() }
        let record = await harness.host.invoke(harness.input(TestPayloads.plain(), extension: factory))

        #expect(record.outcome == .enriched)
        #expect(record.violations.doubleDelivery == 1)
        #expect(record.violations.total == 1)
        #expect(record.visible.title == "first")
        #expect(harness.events.kinds.contains(.violation(.doubleDelivery)))
    }

    @Test(
        "an extension sees the simulated phone unless its factory says it never uses one, as the built-in media does",
        arguments: [true, false])
    func phoneIsBoundOnlyWhereUsed(usesPhone: Bool) async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        let seen = PhoneSightings()
        let factory = ExtensionFactory(name: "phone-probe", callsMayBlock: false, usesPhone: usesPhone) {
            PhoneProbeService(seen: seen)
        }
        let record = await harness.host.invoke(harness.input(TestPayloads.plain(), extension: factory))
        #expect(record.outcome == .enriched)
        #expect(seen.state.withLock { $0.didReceive } == usesPhone)
        #expect(seen.state.withLock { $0.trackedWork } == usesPhone, "a task it starts inherits the binding")
        #expect(try BuiltInExtensions.named("media").usesPhone == false)
        #expect(try BuiltInExtensions.named("firebase").usesPhone, "an SDK profile runs on the phone's URLSession")
    }

    @Test("a first handler call after the grace period ended is a late delivery")
    func lateDelivery() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        let factory = ExtensionFactory(name: "sleepy") { SleepyService(deliverAt: 32 * second + second / 2) }
        let task = harness.start(harness.input(TestPayloads.plain(), extension: factory))
        await harness.clock.waitForPendingTimers(atLeast: 2)  // the deadline and the extension's wait
        harness.clock.advance(to: 32 * second)  // deadline, expiry call, grace end
        await harness.events.wait(for: .outcomeFixed(.expiredOriginal))
        harness.clock.advance(to: 32 * second + second / 2)  // within the wind-down
        let record = await task.value

        #expect(record.outcome == .expiredOriginal)
        #expect(record.violations.lateDelivery == 1)
        #expect(record.visible.kind == .original)
        #expect(!record.workAbandoned)
        #expect(record.times.finished == 32 * second)
    }

    @Test("work still running when the wind-down ends is abandoned and no longer heard")
    func windDownAbandonsWork() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        let factory = ExtensionFactory(name: "sleepy") { SleepyService(deliverAt: 40 * second) }
        let task = harness.start(harness.input(TestPayloads.plain(), extension: factory))
        await harness.clock.waitForPendingTimers(atLeast: 2)
        harness.clock.advance(to: 32 * second)
        await harness.events.wait(for: .outcomeFixed(.expiredOriginal))
        harness.clock.advance(to: 33 * second)
        let record = await task.value

        #expect(record.outcome == .expiredOriginal)
        #expect(record.workAbandoned)
        #expect(record.violations.isEmpty)
        // Cancelled with the work before the record came back; a sleep that was still registering its timer
        // then (its task started late on a loaded machine) cancels that timer itself a moment later.
        #expect(await eventually { harness.clock.pendingDeadlines.isEmpty }, "the abandoned wait was cancelled")
    }

    @Test("queued past its deadline: killed, never instantiated, no expiry call")
    func queuedPastDeadline() async throws {
        let harness = try HostHarness(now: 31 * second)
        defer { harness.remove() }
        let counter = InstanceCounter()
        let factory = counter.factory { XcodeTemplateService() }
        let record = await harness.host.invoke(harness.input(TestPayloads.plain(), extension: factory))

        #expect(record.outcome == .killed)
        #expect(counter.value == 0)
        #expect(record.times.started == nil)
        #expect(record.times.expiryCalled == nil)
        #expect(record.phases.queued == 31 * second)
        #expect(record.visible.kind == .original)
        #expect(!harness.events.kinds.contains(.didReceiveCalled))
    }

    @Test("time spent queued comes out of the budget")
    func queueingEatsTheBudget() async throws {
        let harness = try HostHarness(now: 5 * second)
        defer { harness.remove() }
        let record = await harness.host.invoke(
            harness.input(TestPayloads.plain(), extension: try BuiltInExtensions.named("template")))

        #expect(record.outcome == .enriched)
        #expect(record.phases.queued == 5 * second)
        #expect(record.timeToDeliver == 5 * second)
        #expect(record.slack == Int64(25 * second))
        #expect(record.times.deadline == 30 * second)
    }

    @Test("called before the arrival, the host waits for it")
    func waitsForArrival() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        let input = harness.input(
            TestPayloads.plain(), extension: try BuiltInExtensions.named("template"), arrival: 10 * second)
        let task = harness.start(input)
        await harness.clock.waitForPendingTimers(atLeast: 1)
        harness.clock.advance(to: 10 * second)
        let record = await task.value

        #expect(record.outcome == .enriched)
        #expect(record.times.started == 10 * second)
        #expect(record.phases.queued == 0)
        #expect(record.times.deadline == 40 * second)
    }

    @Test("didReceive and the expiry call run on extension threads, outside any task")
    func callbacksOffTheCallersTask() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        let notes = CallbackThreadService.Notes()
        let factory = ExtensionFactory(name: "threads") { CallbackThreadService(notes: notes) }
        let task = harness.start(harness.input(TestPayloads.plain(), extension: factory))
        await notes.wait(for: "didReceive")  // the handler is stored
        harness.clock.advance(to: 30 * second)
        let record = await task.value

        #expect(record.outcome == .expiredBestAttempt)
        #expect(record.visible.title == "best attempt")
        #expect(notes.inTask == ["didReceive": false, "expire": false])
    }

    @Test("a deadline that comes before didReceive is entered defers the expiry call until it is")
    func expiryNeverBeforeDidReceive() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        let notes = CallbackThreadService.Notes()
        let release = DispatchSemaphore(value: 0)
        let factory = ExtensionFactory(name: "slow-start") {
            release.wait()  // an extension thread still creating the instance when the deadline passes
            return CallbackThreadService(notes: notes, deliversOnExpiry: false)
        }
        let task = harness.start(harness.input(TestPayloads.plain(), extension: factory))
        await harness.clock.waitForPendingTimers(atLeast: 1)  // admitted: the deadline runs
        harness.clock.advance(to: 30 * second)
        #expect(!harness.events.kinds.contains(.expiryCalled))
        release.signal()
        await notes.wait(for: "expire")
        harness.clock.advance(to: 32 * second)
        let record = await task.value

        #expect(record.outcome == .expiredOriginal)
        #expect(record.times.expiryCalled == 30 * second)
        let kinds = harness.events.kinds
        let didReceive = try #require(kinds.firstIndex(of: .didReceiveCalled))
        let expiry = try #require(kinds.firstIndex(of: .expiryCalled))
        #expect(didReceive < expiry)
    }

    @Test("each invocation gets a fresh extension")
    func freshInstances() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        let counter = InstanceCounter()
        let factory = counter.factory { XcodeTemplateService() }
        for id in 1...3 {
            _ = await harness.host.invoke(harness.input(TestPayloads.plain(), extension: factory, id: id))
        }
        #expect(counter.value == 3)
    }
}

/// Whether `SimulatedPhone.current` was bound in `didReceive` and in the work it tracked.
private final class PhoneSightings: Sendable {
    let state = Mutex<(didReceive: Bool?, trackedWork: Bool?)>((nil, nil))
}

/// Notes whether it sees a phone, in `didReceive` and in its tracked work, which then delivers.
private final class PhoneProbeService: UNNotificationServiceExtension, HostAwareExtension {
    var invocationContext: InvocationContext?
    let seen: PhoneSightings

    init(seen: PhoneSightings) {
        self.seen = seen
        super.init()
    }

    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        let handler = ContentHandler(contentHandler)
        let content = request.content
        let seen = seen
        seen.state.withLock { $0.didReceive = SimulatedPhone.current != nil }
        invocationContext?.run {
            seen.state.withLock { $0.trackedWork = SimulatedPhone.current != nil }
            handler(content)
        }
    }
}
