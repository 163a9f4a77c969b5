import NSEBenchCore
import Testing

@Suite struct UserThreadUsageTests {
    static let status = """
        Name:\tnse-bench
        Umask:\t0022
        State:\tS (sleeping)
        Uid:\t65534\t0\t65534\t65534
        Gid:\t65534\t65534\t65534\t65534
        Threads:\t17
        SigQ:\t0/95541
        """

    @Test func aProcessOfTheUserCountsItsThreadsByItsRealUID() {
        #expect(UserThreadUsage.threads(inProcStatus: Self.status, ofUser: 65534) == 17)
        // The effective uid (0 here) is not what the limit is charged to.
        #expect(UserThreadUsage.threads(inProcStatus: Self.status, ofUser: 0) == 0)
    }

    @Test(arguments: [
        "Name:\tx\nThreads:\t3\n",  // no Uid
        "Name:\tx\nUid:\t1000\t1000\t1000\t1000\n",  // no Threads
        "Uid:\tnobody\nThreads:\t3\n",  // not a number
        "Uid:\t1000\nThreads:\tmany\n",
        "",
    ])
    func aStatusWithoutBothFieldsCountsNothing(_ text: String) {
        #expect(UserThreadUsage.threads(inProcStatus: text, ofUser: 1000) == nil)
    }

    @Test(arguments: [
        (40, 45, false), (41, 45, true), (45, 45, true), (46, 45, true),
        // A tenth of a small limit is less than 2 threads: 2 is the margin.
        (7, 10, false), (8, 10, true),
        (900, 1000, true), (899, 1000, false),
    ])
    func nearTheLimitIsWithinATenthOfItOrTwoThreads(threads: Int, limit: Int, near: Bool) {
        #expect(UserThreadUsage(threads: threads, limit: limit).isNearLimit == near)
    }
}
