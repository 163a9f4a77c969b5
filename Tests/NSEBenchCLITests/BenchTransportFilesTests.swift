import Foundation
import MediaServer
import NSEBenchCore
import NSEBenchSystem
import NSEBenchTestSupport
import Testing

@testable import NSEBenchCLI
@testable import SystemBenchmarks

/// `bench-transport --files`: the file work an invocation gives its download (renamed, checked twice,
/// removed), done to each benchmark download, so that Benchmarks/case1-layers.sh can tell the files'
/// cost apart from the transport's and the invocation's.
@Suite("bench-transport --files", .timeLimit(.minutes(1)))
struct BenchTransportFilesTests {
    /// Runs `body` against a media server in this process on a free loopback port, shut down however
    /// `body` ends.
    func withServer<T>(_ body: (MediaServer) async throws -> T) async throws -> T {
        let server = try MediaServer(
            configuration: MediaServerConfiguration(
                address: IPv4Address(host: "127.0.0.1", port: 0)!, shutdownGrace: .milliseconds(200)))
        try server.start()
        do {
            let result = try await body(server)
            await server.shutdown()
            return result
        } catch {
            await server.shutdown()
            throw error
        }
    }

    @Test func aDownloadIsRenamedCheckedAndRemoved() throws {
        let directory = try TemporaryDirectory(prefix: "nse-bench-files")
        defer { directory.remove() }
        let files = DownloadFileWork(directory: directory.url.path)
        try Data(repeating: 7, count: 1_000).write(to: URL(fileURLWithPath: files.downloadPath(3)))

        #expect(files.finish(3) == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }

    @Test func aMissingDownloadIsAFailureNamingTheStepAndTheErrorNotThePath() throws {
        let directory = try TemporaryDirectory(prefix: "nse-bench-files")
        defer { directory.remove() }
        let files = DownloadFileWork(directory: directory.url.path)

        // The same text for every download it happens to: one kind of failure in the benchmark's counts.
        #expect(files.finish(4) == "file: renameat2: No such file or directory")
        #expect(files.finish(5) == files.finish(4))
    }

    @Test func aRenamedFileAlreadyThereIsNeitherReplacedNorRemoved() throws {
        let directory = try TemporaryDirectory(prefix: "nse-bench-files")
        defer { directory.remove() }
        let files = DownloadFileWork(directory: directory.url.path)
        try Data([1]).write(to: URL(fileURLWithPath: files.downloadPath(5)))
        try Data([2, 2]).write(to: URL(fileURLWithPath: files.renamedPath(5)))

        #expect(files.finish(5) == "file: the renamed name was already there")
        #expect(Posix.regularFileSize(files.downloadPath(5)) == 1)
        #expect(Posix.regularFileSize(files.renamedPath(5)) == 2)
    }

    @Test func filesAreOnlyForTheCurlCase() async {
        for benchmark in ["timers", "urlsession"] {
            let errors = CapturedText()
            let context = CommandContext(
                output: CapturedText(), errors: errors, outputIsTerminal: false, environment: [:])
            let status = await NSEBenchTool.main(
                ["bench-transport", "--case", benchmark, "--url", "http://127.0.0.1:1/", "--files"], context: context)
            #expect(status == .usage)
            #expect(errors.text.contains("--files is for --case curl"), "\(errors.text)")
        }
    }

    /// Against a media server in this process: every download is written to its file (the file work
    /// fails without one), and each file is renamed and removed (none is left).
    @Test func everyDownloadGoesThroughItsFileAndNoneIsLeft() async throws {
        let directory = try TemporaryDirectory(prefix: "nse-bench-files")
        defer { directory.remove() }
        let result = try await withServer { server in
            try await TransportBenchmark.curl(
                url: server.baseURL + "/media/1KB.jpg", count: 30, concurrency: 3,
                files: DownloadFileWork(directory: directory.url.path), warmUp: 0)
        }

        #expect(result.succeeded == 30, "\(result.failures)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }

    /// The command end to end: its files' folder, in the scratch parent a run would use, is gone
    /// afterwards.
    @Test func theCommandRemovesItsFilesFolder() async throws {
        let scratch = try TemporaryDirectory(prefix: "nse-bench-files-parent")
        defer { scratch.remove() }
        let output = CapturedText()
        let errors = CapturedText()
        let context = CommandContext(
            output: output, errors: errors, outputIsTerminal: false, environment: ["TMPDIR": scratch.url.path])
        let (status, requests) = try await withServer { server in
            let status = await NSEBenchTool.main(
                [
                    "bench-transport", "--case", "curl", "--files", "--url", server.baseURL + "/media/1KB.jpg",
                    "--count", "40", "--concurrency", "4",
                ], context: context)
            return (status, server.statistics.snapshot.requests)
        }

        #expect(status == .success, "\(errors.text)")
        #expect(output.text.contains("into files: 40/40 ok"), "\(output.text)")
        #expect(output.text.contains("files in \(scratch.url.path)/nse-bench-transport-files-"), "\(output.text)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).isEmpty)
        // The warm-up's and the measured downloads' files, each renamed and removed: the server sent
        // every one of them.
        #expect(requests >= 40)
    }
}
