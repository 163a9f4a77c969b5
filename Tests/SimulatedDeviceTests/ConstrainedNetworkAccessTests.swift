import Foundation
import FoundationNetworking
import Testing

@testable import SimulatedDevice

/// `allowsConstrainedNetworkAccess` on `URLSessionConfiguration` (FoundationNetworking lacks it) and the
/// `URLError` a constrained phone reports.
@Suite("Constrained network access")
struct ConstrainedNetworkAccessTests {
    static let url = URL(string: "http://127.0.0.1:8080/media/1KB.jpg")!

    @Test("true by default, as on iOS; false is kept per configuration and reaches the phone's request")
    func configurationProperty() {
        let allowing = URLSessionConfiguration.default
        let refusing = URLSessionConfiguration.default
        #expect(allowing.allowsConstrainedNetworkAccess)
        refusing.allowsConstrainedNetworkAccess = false
        #expect(!refusing.allowsConstrainedNetworkAccess)
        #expect(allowing.allowsConstrainedNetworkAccess, "another configuration is not touched")

        let session = SimulatedURLSession(configuration: refusing)
        refusing.allowsConstrainedNetworkAccess = true  // after creation: the session keeps its copy's value
        #expect(!session.phoneRequest(for: URLRequest(url: Self.url), on: nil).allowsConstrainedNetworkAccess)
        #expect(
            SimulatedURLSession(configuration: allowing).phoneRequest(for: URLRequest(url: Self.url), on: nil)
                .allowsConstrainedNetworkAccess)
    }

    @Test("allowsExpensiveNetworkAccess compiles as on iOS and is kept per configuration, apart from constrained")
    func expensiveNetworkAccess() {
        let configuration = URLSessionConfiguration.ephemeral
        #expect(configuration.allowsExpensiveNetworkAccess)
        configuration.allowsExpensiveNetworkAccess = false
        #expect(!configuration.allowsExpensiveNetworkAccess)
        #expect(configuration.allowsConstrainedNetworkAccess, "the other flag is not touched")
        #expect(URLSessionConfiguration.ephemeral.allowsExpensiveNetworkAccess)
        configuration.allowsExpensiveNetworkAccess = true
        #expect(configuration.allowsExpensiveNetworkAccess)
    }

    @Test("many configurations set to false and dropped leave no stale answer for new ones")
    func deadConfigurationsAreSwept() {
        for _ in 0..<500 {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.allowsConstrainedNetworkAccess = false
            #expect(!configuration.allowsConstrainedNetworkAccess)
        }
        #expect(URLSessionConfiguration.ephemeral.allowsConstrainedNetworkAccess)
    }

    @Test("cellular: the session's and the request's allowsCellularAccess must both allow; expensive: the session's")
    func cellularAndExpensiveFlags() {
        let plain = SimulatedURLSession(configuration: .ephemeral).phoneRequest(for: URLRequest(url: Self.url), on: nil)
        #expect(plain.allowsCellularAccess && plain.allowsExpensiveNetworkAccess)
        let noCellular = URLSessionConfiguration.ephemeral
        noCellular.allowsCellularAccess = false
        #expect(
            !SimulatedURLSession(configuration: noCellular).phoneRequest(for: URLRequest(url: Self.url), on: nil)
                .allowsCellularAccess)
        var request = URLRequest(url: Self.url)
        request.allowsCellularAccess = false
        #expect(
            !SimulatedURLSession(configuration: .ephemeral).phoneRequest(for: request, on: nil).allowsCellularAccess)
        let noExpensive = URLSessionConfiguration.ephemeral
        noExpensive.allowsExpensiveNetworkAccess = false
        let sent = SimulatedURLSession(configuration: noExpensive).phoneRequest(for: URLRequest(url: Self.url), on: nil)
        #expect(!sent.allowsExpensiveNetworkAccess && sent.allowsCellularAccess)
        // A session's configuration, as iOS hands it out, is a copy: changing it changes no session.
        let shared = SimulatedURLSession.makeShared()
        shared.configuration.allowsCellularAccess = false
        #expect(shared.phoneRequest(for: URLRequest(url: Self.url), on: nil).allowsCellularAccess)
        #expect(shared.configuration.allowsCellularAccess)
        #expect(PhoneNetworkFailure.cellularNetwork("c").urlError(for: Self.url).networkUnavailableReason == .cellular)
        #expect(
            PhoneNetworkFailure.expensiveNetwork("e").urlError(for: Self.url).networkUnavailableReason == .expensive)
        #expect(PhoneNetworkFailure.expensiveNetwork("e").urlError(for: Self.url).code == .notConnectedToInternet)
    }

    @Test("the failure is URLError(.notConnectedToInternet) whose networkUnavailableReason is .constrained")
    func urlError() {
        let error = PhoneNetworkFailure.constrainedNetwork("Low Data Mode").urlError(for: Self.url)
        #expect(error.code == .notConnectedToInternet)
        #expect(error.networkUnavailableReason == .constrained)
        #expect(PhoneNetworkFailure.timedOut("idle").urlError(for: Self.url).networkUnavailableReason == nil)
    }
}
