import Foundation
import FoundationNetworking
import Synchronization
import Testing

@testable import SimulatedDevice

/// A data delegate that notes what it is told, in order.
final class UploadDelegate: SimulatedURLSessionDataDelegate, Sendable {
    let events = Mutex<[String]>([])

    func urlSession(
        _ session: SimulatedURLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        events.withLock { $0.append("sent \(totalBytesSent)/\(totalBytesExpectedToSend)") }
    }

    func urlSession(_ session: SimulatedURLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        events.withLock { $0.append("received \(String(decoding: data, as: UTF8.self))") }
    }

    func urlSession(_ session: SimulatedURLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        events.withLock { $0.append("complete \(error == nil)") }
    }
}

@Suite("Simulated URLSession: methods, bodies and upload tasks", .timeLimit(.minutes(1)))
struct SimulatedUploadTests {
    static let url = URL(string: "http://127.0.0.1:8080/metrics/delivered")!
    static let report = Data(#"{"delivery_id":"d1","event":"delivered"}"#.utf8)

    static func post() -> URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        return request
    }

    static func phone(_ network: ScriptedNetwork) -> SimulatedPhone {
        SimulatedPhone(network: network, appGroupContainer: nil, timeScale: 1)
    }

    @Test("uploadTask(with:from:completionHandler:) sends the data as the body and hands back the response")
    func uploadTaskCompletes() async throws {
        let network = ScriptedNetwork { _ in ScriptedNetwork.body(#"{"success":true}"#) }
        let session = SimulatedURLSession(configuration: .ephemeral)
        let callback = Callback<String>()
        var request = Self.post()
        request.httpBody = Data("ignored: the upload's data wins".utf8)
        SimulatedPhone.$current.withValue(Self.phone(network)) {
            let task = session.uploadTask(with: request, from: Self.report) { data, response, error in
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                callback.record(
                    "\(status) \(String(decoding: data ?? Data(), as: UTF8.self)) \(error == nil)", queue: .main)
            }
            #expect(task.countOfBytesExpectedToSend == Int64(Self.report.count))
            task.resume()
        }
        let (value, _) = try await callback.wait()
        #expect(value == #"200 {"success":true} true"#)
        let sent = try #require(network.requests.withLock { $0 }.first)
        #expect(sent.method == "POST" && sent.body == Self.report)
    }

    @Test("a data task sends its request's httpMethod and httpBody")
    func dataTaskSendsHTTPBody() async throws {
        let network = ScriptedNetwork { _ in ScriptedNetwork.body("ok") }
        let session = SimulatedURLSession(configuration: .default)
        var request = Self.post()
        request.httpMethod = "PUT"
        request.httpBody = Self.report
        let (data, response) = try await SimulatedPhone.$current.withValue(Self.phone(network)) {
            try await session.data(for: request)
        }
        #expect(String(decoding: data, as: UTF8.self) == "ok")
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let sent = try #require(network.requests.withLock { $0 }.first)
        #expect(sent.method == "PUT" && sent.body == Self.report)
    }

    @Test("the async upload(for:from:) and upload(for:fromFile:) send their bodies")
    func asyncUploads() async throws {
        let network = ScriptedNetwork { _ in ScriptedNetwork.body("ack") }
        let session = SimulatedURLSession(configuration: .default)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("upload-\(UUID().uuidString).json")
        try Self.report.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try await SimulatedPhone.$current.withValue(Self.phone(network)) {
            let (fromData, _) = try await session.upload(for: Self.post(), from: Data("{}".utf8))
            let (fromFile, _) = try await session.upload(for: Self.post(), fromFile: file)
            #expect(String(decoding: fromData, as: UTF8.self) == "ack" && fromData == fromFile)
        }
        #expect(network.requests.withLock { $0 }.map(\.body) == [Data("{}".utf8), Self.report])
    }

    @Test("an upload from a file that cannot be read fails with fileDoesNotExist and sends nothing")
    func unreadableFile() async throws {
        let network = ScriptedNetwork { _ in ScriptedNetwork.body("never") }
        let session = SimulatedURLSession(configuration: .default)
        let missing = URL(fileURLWithPath: "/nonexistent/nse-bench-upload.json")
        let error = await #expect(throws: URLError.self) {
            try await SimulatedPhone.$current.withValue(Self.phone(network)) {
                _ = try await session.upload(for: Self.post(), fromFile: missing)
            }
        }
        #expect(error?.code == .fileDoesNotExist)
        #expect(network.requests.withLock { $0 }.isEmpty)
    }

    @Test("a delegate hears the body sent, then the response's body, then the completion")
    func delegateUpload() async throws {
        let network = ScriptedNetwork { _ in ScriptedNetwork.body("ack") }
        let delegate = UploadDelegate()
        let session = SimulatedURLSession(configuration: .default, delegate: delegate, delegateQueue: nil)
        SimulatedPhone.$current.withValue(Self.phone(network)) {
            session.uploadTask(with: Self.post(), from: Self.report).resume()
        }
        for _ in 0..<500 where delegate.events.withLock({ $0.count }) < 3 {
            try await Task.sleep(for: .milliseconds(10))
        }
        let size = Self.report.count
        #expect(delegate.events.withLock { $0 } == ["sent \(size)/\(size)", "received ack", "complete true"])
    }

    @Test("a GET with a body is refused as iOS refuses it; a scheme other than http(s) is unsupported")
    func refusals() {
        var get = PhoneRequest(url: Self.url, body: Data("x".utf8), idleTimeout: 1)
        #expect(get.refusal?.urlError(for: Self.url).code == .dataLengthExceedsMaximum)
        get.body = nil
        #expect(get.refusal == nil)
        #expect(PhoneRequest(url: Self.url, method: "POST", body: Self.report, idleTimeout: 1).refusal == nil)
        #expect(PhoneRequest(url: Self.url, method: "HEAD", idleTimeout: 1).refusal == nil)
        let ftp = PhoneRequest(url: URL(string: "ftp://host/file")!, idleTimeout: 1)
        #expect(ftp.refusal?.urlError(for: ftp.url).code == .unsupportedURL)
        let spaced = PhoneRequest(url: Self.url, method: "PO ST", idleTimeout: 1)
        #expect(spaced.refusal?.urlError(for: Self.url).code == .unsupportedURL)
    }
}
