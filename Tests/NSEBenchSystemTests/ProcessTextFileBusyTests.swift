import Foundation
import Glibc
import NSEBenchTestSupport
import Testing

@testable import NSEBenchSystem

/// Starting an executable that is still open for writing somewhere: `run()` fails with "Text file busy",
/// `runWhenNotBusy` waits for the writer to let go, and gives up with the same error when it never does.
@Suite struct ProcessTextFileBusyTests {
    /// An executable script in `directory`, and a descriptor still open for writing on it.
    func busyScript(in directory: TemporaryDirectory) throws -> (path: String, writer: Int32) {
        let path = directory.path("busy.sh")
        try Data("#!/bin/sh\nexit 7\n".utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        let writer = open(path, O_WRONLY | O_CLOEXEC)
        #expect(writer >= 0)
        return (path, writer)
    }

    @Test func aStartWaitsForTheWriterToLetGo() throws {
        let directory = try TemporaryDirectory(prefix: "nse-bench-txtbsy")
        defer { directory.remove() }
        let (path, writer) = try busyScript(in: directory)
        let plain = Process()
        plain.executableURL = URL(fileURLWithPath: path)
        let error = try #require(throws: NSError.self) { try plain.run() }
        #expect(Process.isTextFileBusy(error), "\(error)")

        // On a thread of its own: Dispatch's global queue can be held up for seconds by the rest of the suite
        // (a full run on 2 cores once let the 2 s patience run out before its block ran).
        Thread.detachNewThread {
            usleep(50_000)
            close(writer)
        }
        let patient = Process()
        patient.executableURL = URL(fileURLWithPath: path)
        try patient.runWhenNotBusy()
        patient.waitUntilExit()
        #expect(patient.terminationStatus == 7)
    }

    @Test func aWriterThatNeverLetsGoIsTheErrorOnceThePatienceIsSpent() throws {
        let directory = try TemporaryDirectory(prefix: "nse-bench-txtbsy")
        defer { directory.remove() }
        let (path, writer) = try busyScript(in: directory)
        defer { close(writer) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        let error = try #require(throws: NSError.self) { try process.runWhenNotBusy(patience: 20_000_000) }
        #expect(Process.isTextFileBusy(error))
    }

    @Test func anotherFailureIsThrownAtOnce() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/nonexistent/nse-bench-worker")
        let error = try #require(throws: NSError.self) { try process.runWhenNotBusy() }
        #expect(!Process.isTextFileBusy(error))
    }
}
