import Foundation
import NSEBenchCore
import NSEBenchTestSupport
import Testing

/// `run --extension PATH` end to end through the built `nse-bench`: the user's extension runs in
/// worker processes, and a crash in its code ends only the invocation that caused it.
@Suite("nse-bench run: extension processes", .serialized, .timeLimit(.minutes(3)))
struct ExtensionProcessTests {
    static let root = RepositoryPaths.root

    /// `nse-bench` beside the test binary (the package's build folder).
    static var executable: URL { RepositoryPaths.nseBenchExecutable }

    /// Runs `nse-bench run` with `arguments` into a fresh folder; the exit status, summary row and rows.
    func run(_ arguments: [String]) throws -> (status: Int32, summary: [String: String], rows: [[String: String]]) {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("nse-bench-run-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["run", "--quiet", "--out", out.path] + onLoopback(arguments)
        process.currentDirectoryURL = Self.root
        var environment = ProcessInfo.processInfo.environment
        environment["NSE_BENCH_CACHE"] =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("nse-bench-extension-cache-cli").path
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        let summary = try Self.table(out.appendingPathComponent("summary.csv"))
        return (
            process.terminationStatus, summary.first ?? [:],
            try Self.table(out.appendingPathComponent("invocations.csv"))
        )
    }

    static func table(_ file: URL) throws -> [[String: String]] {
        let records = try CSVReader.records(try String(contentsOf: file, encoding: .utf8))
        guard let header = records.first else { return [] }
        return records.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0).map { ($0, $1) }) }
    }

    @Test func aCrashingExtensionLosesOnlyTheCrashingInvocations() throws {
        let (status, summary, rows) = try run(["--extension", "Examples/CrashOnVideo", "-n", "300", "-c", "8"])
        #expect(status == 0)
        #expect(summary["invocations"] == "300")
        #expect(Set(rows.map { $0["id"] ?? "" }).count == 300, "one row per invocation")
        let crashed = Int(summary["crashed"] ?? "") ?? -1
        // 10% of the default media mix is .mp4, and only those crash: about 30 of 300.
        #expect((10...60).contains(crashed), "crashed \(crashed)")
        #expect(Int(summary["enriched"] ?? "") ?? 0 >= 300 - crashed - 10)
        #expect(rows.filter { $0["outcome"] == "crashed" }.allSatisfy { $0["user_sees"] == "original" })
    }

    @Test func aWellBehavedExtensionRunsInWorkersAsInProcess() throws {
        let workers = try run(["--extension", "Examples/MediaDownload", "-n", "200", "-c", "20"])
        let inside = try run([
            "--extension", "Examples/MediaDownload", "-n", "200", "-c", "20", "--extension-processes", "0",
        ])
        #expect(workers.status == 0)
        #expect(inside.status == 0)
        #expect(workers.summary["enriched"] == "200")
        #expect(inside.summary["enriched"] == "200")
        // Validity depends on how loaded the machine is; crashes never enter it here.
        #expect(workers.summary["invalid_reason"]?.contains("process") == false)
    }

    @Test func requestsNoPhoneCanBeToldForMakeTheRunInvalid() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("OwnQueue-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        import UserNotifications
        class NotificationService: UNNotificationServiceExtension {
            override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                let url = URL(string: request.content.userInfo["media_url"] as? String ?? "")!
                DispatchQueue.global().async {
                    URLSession.shared.dataTask(with: url) { _, _, _ in contentHandler(request.content) }.resume()
                }
            }
        }
        """.write(to: folder.appendingPathComponent("Service.swift"), atomically: true, encoding: .utf8)
        let (status, summary, _) = try run(["--extension", folder.path, "-n", "20", "-c", "4"])
        #expect(status == 0)
        #expect(summary["valid"] == "false")
        #expect(
            summary["invalid_reason"]?.contains("20 URLSession requests were made where nse-bench could not tell")
                == true)
    }
}
