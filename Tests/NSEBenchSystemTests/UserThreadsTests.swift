import Glibc
import NSEBenchCore
import Testing

@testable import NSEBenchSystem

@Suite struct UserThreadsTests {
    @Test func theThreadsOfThisUsersProcessesAreCountedAndNoOneElses() throws {
        // This process is this user's, with this thread at least.
        #expect(try UserThreads.threads(ofUser: getuid()) >= 1)
        // A uid no process runs as (uid_t's largest is (uid_t)-1, which no one can have).
        #expect(try UserThreads.threads(ofUser: uid_t.max - 1) == 0)
    }

    @Test func theLimitIsReadAndRootIsNotHeldToIt() throws {
        let usage = try UserThreads.usage()
        var limit = rlimit()
        #expect(getrlimit(Int32(__RLIMIT_NPROC.rawValue), &limit) == 0)
        if geteuid() == 0 || limit.rlim_cur == rlim_t.max {
            #expect(usage == nil, "no limit applies to root, or when none is set")
        } else {
            let usage = try #require(usage)
            #expect(usage.limit == Int(clamping: limit.rlim_cur))
            #expect(usage.threads >= 1)
        }
    }
}
