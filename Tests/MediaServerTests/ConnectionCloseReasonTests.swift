import Testing

@testable import MediaServer

@Suite("Connection close reasons")
struct ConnectionCloseReasonTests {
    @Test func everyReasonHasACounter() {
        let statistics = ServerStatistics()
        #expect(statistics.closes.count == ConnectionCloseReason.allCases.count)
        for reason in ConnectionCloseReason.allCases { statistics.recordClose(reason) }
        let closes = statistics.snapshot.closes
        #expect(ConnectionCloseReason.allCases.allSatisfy { closes[$0] == 1 })
        #expect(closes.total == ConnectionCloseReason.allCases.count)
    }

    @Test func theReportNamesTheReasonsThatHappened() {
        let statistics = ServerStatistics()
        #expect(statistics.snapshot.closes.description == "none")
        statistics.recordClose(.idleTimeout)
        statistics.recordClose(.peerClosed)
        statistics.recordClose(.peerClosed)
        #expect(statistics.snapshot.closes.description == "peer closed 2, idle timeout 1")
    }

    @Test func reasonsHaveDistinctNames() {
        let names = ConnectionCloseReason.allCases.map(\.description)
        #expect(Set(names).count == names.count)
    }
}
