import Testing

@testable import SimulatedDevice

@Suite("Transfer state machine")
struct TransferStateMachineTests {
    @Test("resume starts once; the end completes it")
    func resumeOnce() {
        var machine = TransferStateMachine()
        #expect(machine.resume() == .start)
        #expect(machine.resume() == .none)
        #expect(machine.state == .running)
        let cancelled = machine.finished()
        #expect(!cancelled)
        #expect(machine.state == .completed(cancelled: false))
        #expect(machine.resume() == .none)
    }

    @Test("cancel before resume completes as cancelled without a transfer")
    func cancelSuspended() {
        var machine = TransferStateMachine()
        #expect(machine.cancel() == .completeCancelled)
        #expect(machine.state == .completed(cancelled: true))
        #expect(machine.resume() == .none)
        #expect(machine.cancel() == .none)
    }

    @Test("cancel while running stops the transfer, whose end then counts as cancelled")
    func cancelRunning() {
        var machine = TransferStateMachine()
        _ = machine.resume()
        #expect(machine.cancel() == .stopTransfer)
        #expect(machine.state == .canceling)
        #expect(machine.cancel() == .none)
        let cancelled = machine.finished()
        #expect(cancelled)
        #expect(machine.state == .completed(cancelled: true))
    }
}
