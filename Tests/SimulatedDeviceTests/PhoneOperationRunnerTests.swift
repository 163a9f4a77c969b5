import Foundation
import Synchronization
import Testing

@testable import SimulatedDevice

/// An operation of the extension's own class, given to an `OperationQueue` by an invocation's code, runs as
/// that invocation's (``PhoneOperationRunner``).
@Suite("Operation subclasses run as the invocation that queued them", .timeLimit(.minutes(1)))
struct PhoneOperationRunnerTests {
    /// Notes the phone its `main()` ran as, and in which order the probes ran.
    final class Probe: Operation, @unchecked Sendable {
        static let order = Mutex<[String]>([])
        let label: String
        let ran = Mutex<(ran: Bool, phone: SimulatedPhone?)>((false, nil))

        init(_ label: String) { self.label = label }

        override func main() {
            let phone = SimulatedPhone.current
            ran.withLock { $0 = (true, phone) }
            Self.order.withLock { $0.append(label) }
        }
    }

    static func phone() -> SimulatedPhone {
        SimulatedPhone(
            network: ScriptedNetwork { _ in ScriptedNetwork.body("done") }, appGroupContainer: nil, timeScale: 1)
    }

    @Test("its main() runs bound to the phone of the code that added it, after its dependencies")
    func runsAsItsPhone() async throws {
        let phone = Self.phone()
        let first = Probe("runsAsItsPhone first")
        let second = Probe("runsAsItsPhone second")
        second.addDependency(first)
        let queue = OperationQueue()
        // Not waited for in a blocking call: a test thread blocked on work of Dispatch's global threads holds
        // one of the few the whole test process shares.
        SimulatedPhone.$current.withValue(phone) {
            PhoneDispatch.addOperations([second, first], to: queue, waitUntilFinished: false)
        }
        for _ in 0..<500 where !second.isFinished { try await Task.sleep(for: .milliseconds(10)) }
        #expect(first.ran.withLock { $0.phone } === phone)
        #expect(second.ran.withLock { $0.phone } === phone)
        #expect(first.isFinished && second.isFinished)
        let order = Probe.order.withLock { $0.filter { $0.hasPrefix("runsAsItsPhone") } }
        #expect(order == ["runsAsItsPhone first", "runsAsItsPhone second"], "the dependency waited for")
    }

    @Test("a cancel reaches the extension's operation, which then finishes without running, as a queue's would")
    func cancelFinishesIt() async throws {
        let phone = Self.phone()
        let probe = Probe("cancelFinishesIt")
        let queue = OperationQueue()
        queue.isSuspended = true
        SimulatedPhone.$current.withValue(phone) { PhoneDispatch.addOperation(probe, to: queue) }
        queue.cancelAllOperations()
        #expect(probe.isCancelled)
        queue.isSuspended = false
        for _ in 0..<500 where !probe.isFinished { try await Task.sleep(for: .milliseconds(10)) }
        #expect(probe.isFinished, "anything waiting for it is freed")
        #expect(probe.ran.withLock { $0.ran } == false)
    }

    @Test("a BlockOperation, or an operation added outside any invocation, is given to the queue as it is")
    func addedAsItIs() {
        let block = BlockOperation {}
        let outside = Probe("addedAsItIs")
        #expect(PhoneDispatch.runner(for: outside) === outside)
        SimulatedPhone.$current.withValue(Self.phone()) {
            #expect(PhoneDispatch.runner(for: block) === block)
            let runner = PhoneDispatch.runner(for: outside)
            #expect((runner as? PhoneOperationRunner)?.target === outside)
        }
    }
}
