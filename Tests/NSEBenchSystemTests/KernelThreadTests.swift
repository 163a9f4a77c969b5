import Dispatch
import NSEBenchCore
import NSEBenchTestSupport
import Synchronization
import Testing

@testable import NSEBenchSystem

@Suite struct KernelThreadTests {
    @Test func theCallingThreadRunsAndOneWaitingOnASemaphoreSleeps() async throws {
        #expect(try KernelThread.runState(of: KernelThread.currentID) == .runnable)
        let release = DispatchSemaphore(value: 0)
        let id = Atomic<Int32>(0)
        _ = try PosixThread.start(name: "nseb-test-kstate", detached: true) {
            id.store(KernelThread.currentID, ordering: .relaxed)
            release.wait()
        }
        #expect(await eventually { id.load(ordering: .relaxed) != 0 })
        let waiting = id.load(ordering: .relaxed)
        #expect(try await eventually { try KernelThread.runState(of: waiting) == .waiting("S") })
        release.signal()
        #expect(try await eventually { try KernelThread.runState(of: waiting) == nil }, "ended: no state")
    }

    @Test func anIdNoThreadOfThisProcessHoldsHasNoState() throws {
        // Kernel ids are at most 2^22 (pid_max's ceiling).
        #expect(try KernelThread.runState(of: Int32.max) == nil)
    }
}
