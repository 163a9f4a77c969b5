import Testing

@testable import NSEBenchCore

@Suite("A thread waiting for a lock, as /proc shows it")
struct FutexWaitTests {
    @Test func aBlockedFutexCallGivesItsWordsAddress() {
        let line = "202 0x7f3a5c001a40 0x80 0x2 0x0 0x0 0x7f3a5c001a40 0x7ffd3b1c9e58 0x7f3a6b2f1e8d"
        #expect(FutexWait(syscallLine: line[...], number: 202)?.address == 0x7f3a_5c00_1a40)
    }

    @Test(arguments: [
        "running", "7 0x7f3a5c001a40 0x1 0x0", "202", "202 0x0 0x80 0x2", "202 7f3a 0x80", "-1 0x7ffd3b1c9e58 0x7f",
        "",
    ])
    func anythingElseIsNoWait(line: String) {
        #expect(FutexWait(syscallLine: line[...], number: 202) == nil)
    }

    @Test func aLockKeepingItsOwnerInItsWordIsHeldByThatThread() {
        // Swift's Mutex (a priority-inheritance futex) and libdispatch's unfair lock: the owner's id, with
        // the waiters bit above it.
        #expect(FutexWait.isHeld(word: 0x8000_0000 | 4321, ownerField: 0, byAnyOf: [4321]))
        #expect(FutexWait.isHeld(word: 4321, ownerField: 0, byAnyOf: [99, 4321]))
        #expect(!FutexWait.isHeld(word: 4322, ownerField: 0, byAnyOf: [4321]))
    }

    @Test func aPthreadMutexKeepsItsOwnerEightBytesOn() {
        // glibc's pthread_mutex_t: __lock 2 (locked, with waiters), __owner the holder.
        #expect(FutexWait.isHeld(word: 2, ownerField: 4321, byAnyOf: [4321]))
        #expect(!FutexWait.isHeld(word: 2, ownerField: 4000, byAnyOf: [4321]))
        #expect(!FutexWait.isHeld(word: 0, ownerField: 4321, byAnyOf: [4321]), "an unlocked word holds nothing")
        // A Mutex<Int> held by a live thread 77 (its word that thread's id with the waiters bit) whose value
        // happens to be a held thread's id: the value is no owner.
        #expect(!FutexWait.isHeld(word: 0x8000_0000 | 77, ownerField: 4321, byAnyOf: [4321]))
    }

    @Test func aSemaphoresCountIsNoOwner() {
        // A semaphore's count with a waiter, a dispatch_sync waiter's word: no owner, whatever lies 8 bytes on.
        #expect(!FutexWait.isHeld(word: 0, ownerField: 4321, byAnyOf: [4321]))
        #expect(!FutexWait.isHeld(word: UInt32.max, ownerField: 4321, byAnyOf: [4321]))
        #expect(!FutexWait.isHeld(word: 4321, ownerField: 0, byAnyOf: []))
    }
}
