import Foundation
import NSEBenchCore
import NSEBenchSystem
import NSERuntime
import Synchronization

/// Takes every finished invocation: adds it to the aggregate, streams its `invocations.csv` row, and
/// counts for the progress line. Safe from any thread or task.
final class RunRecorder: Sendable {
    /// invocations.csv's header: each phase's `<name>_ms` after the slack, those added later
    /// (``Phase/invocationsColumnsAddedLater``) at the end with the phone's Low Data Mode.
    static let invocationColumns: [String] = {
        let scheduling = [
            "id", "extension", "scheduled_ns", "started_ns", "delivered_ns", "deadline_ns", "outcome", "user_sees",
            "time_to_deliver_ms", "slack_ms",
        ]
        let rest = [
            "bytes", "http_status", "error", "injected_fault", "blame", "double_delivery", "late_delivery",
            "alert_text_removed", "peak_memory_bytes", "network",
        ]
        return scheduling + Phase.invocationsColumnsInline.map(\.invocationsColumn) + rest
            + Phase.invocationsColumnsAddedLater.map(\.invocationsColumn) + ["low_data_mode"]
    }()

    private struct State {
        var aggregate = RunAggregate()
        var started = 0
        /// Invocations that met each harness failure (``HarnessFailure``).
        var harnessFailures: [HarnessFailure: Int] = [:]
        /// After ``seal()``: invocations abandoned by an aborted run are not recorded.
        var sealed = false
        /// Invocations started and not yet recorded when ``seal()`` came: in no result file.
        var abandoned = 0
        /// Per-second counts for `timeline.csv`.
        var timeline = RunTimeline()
    }

    let folder: URL
    private let timeScale: Double
    /// The run's start on the invocation clock: `timeline.csv`'s second 0 and the schedule's time
    /// zero, set by ``begin(at:)`` just before the first arrival (after any `--start-at` wait).
    private let originTime = Atomic<UInt64>(0)
    private var origin: UInt64 { originTime.load(ordering: .acquiring) }
    /// Unix seconds when recording began, for `histograms.hlog`.
    private let startTime: Double
    private let state = Mutex(State())
    private let invocations: BufferedFileWriter
    /// Whether the embedded media server is gone (always false with `--target`): a connection that
    /// failed then was refused by nobody, not by the network.
    private let serverGone: @Sendable () -> Bool

    /// The embedded server's notes of faults its responses could not name; nil with `--target`.
    private let injectedFaults: InjectedFaultLogReader?
    /// The population whose class each invocation's phone is in; nil for one network.
    private let network: NetworkMix?
    private let seed: UInt64
    /// The share of phones in Low Data Mode, whose draw each row repeats.
    private let lowDataMode: LowDataMode

    init(
        folder: URL, timeScale: Double, injectedFaults: InjectedFaultLogReader? = nil,
        network: NetworkMix? = nil, seed: UInt64 = 0, lowDataMode: LowDataMode = .off,
        serverGone: @escaping @Sendable () -> Bool = { false }
    ) throws {
        self.lowDataMode = lowDataMode
        self.network = network.flatMap { $0.isSingleClass ? nil : $0 }
        self.seed = seed
        self.injectedFaults = injectedFaults
        self.folder = folder
        self.timeScale = timeScale
        self.serverGone = serverGone
        startTime = Date().timeIntervalSince1970
        invocations = try BufferedFileWriter(path: folder.appendingPathComponent("invocations.csv").path)
        invocations.write(CSVWriter.record(Self.invocationColumns))
    }

    /// Sets the run's start: the instant the load's schedule counts from, so that an arrival's second
    /// in `timeline.csv` is the second the schedule gave it, however late the harness began. Called
    /// once, before the first invocation is recorded.
    func begin(at origin: UInt64) { originTime.store(origin, ordering: .releasing) }

    func started() { state.withLock { $0.started += 1 } }

    func record(_ record: InvocationRecord) {
        var record = record
        if record.harnessFailure == nil, let kind = record.download?.errorKind,
            kind == .connectFailed || kind == .connectionLost, serverGone()
        {
            record.blameHarness(.serverExited)
        }
        // A connection reset before any response byte carried no fault header: the server's notes say
        // whether it injected the reset.
        if let injectedFaults, var download = record.download, download.injectedFault == nil,
            download.harnessFailure == nil, download.errorKind == .connectionLost, download.status == 0,
            let tag = download.requestTag
        {
            download.injectedFault = injectedFaults.fault(forRequest: tag)
            record.download = download
        }
        var measurement = record.measurement
        if let network {
            measurement.networkClass = network.classes[network.classIndex(ofInvocation: record.id, seed: seed)].name
        }
        let line = row(record, measurement)
        // The row is written under the lock too, so that after seal() the aggregate and
        // invocations.csv hold exactly the same invocations.
        state.withLock { state in
            guard !state.sealed else { return }
            state.aggregate.record(measurement)
            if let failure = record.harnessFailure { state.harnessFailures[failure, default: 0] += 1 }
            addToTimeline(record, &state.timeline)
            line.withUnsafeBytes { invocations.write(bytes: $0) }
        }
    }

    /// Counts `record` in the second of its arrival, of its end, and of its download's start and end.
    private func addToTimeline(_ record: InvocationRecord, _ timeline: inout RunTimeline) {
        func second(_ time: UInt64) -> Int { RunTimeline.second(of: time, origin: origin, timeScale: timeScale) }
        timeline.recordArrival(second: second(record.times.arrival))
        timeline.recordFinish(second: second(record.times.finished), outcome: record.outcome)
        guard let download = record.download, download.count > 0 else { return }
        let span = record.phases.download
        timeline.recordRequests(download.count, second: second(span?.start ?? record.times.finished))
        timeline.recordBytes(download.bytes, second: second(span?.end ?? record.times.finished))
    }

    /// Stops recording: an aborted run (a second Ctrl-C) abandons its invocations in flight, and
    /// what finishes after this is neither counted nor written. Returns how many were in flight: they
    /// are in no result file (``abandoned``), which the run must say.
    @discardableResult
    func seal() -> Int {
        state.withLock { state in
            if !state.sealed {
                state.sealed = true
                state.abandoned = max(0, state.started - state.aggregate.invocations)
            }
            return state.abandoned
        }
    }

    /// Invocations in flight when recording was sealed, which no result file holds; 0 if it never was.
    var abandoned: Int { state.withLock { $0.abandoned } }

    var aggregate: RunAggregate { state.withLock { $0.aggregate } }

    /// The per-second counts so far (`timeline.csv`).
    var timeline: RunTimeline { state.withLock { $0.timeline } }

    /// Invocations recorded that met each harness failure: each makes the run invalid.
    var harnessFailures: [HarnessFailure: Int] { state.withLock { $0.harnessFailures } }

    /// (started, finished, in flight, outcome counts) for the progress line.
    var counts: (started: Int, finished: Int, outcomes: [InvocationOutcome: Int]) {
        state.withLock { ($0.started, $0.aggregate.invocations, $0.aggregate.outcomes) }
    }

    /// The result files a run writes, in the order the summary names them.
    static let resultFiles = ["summary.csv", "invocations.csv", "histograms.csv", "timeline.csv"]

    /// Closes `invocations.csv` and writes `summary.csv`, `histograms.csv` and `timeline.csv`. Every file is tried
    /// whatever happened to the others (a full disk may still fit the small ones); returns those
    /// that could not be written, with why.
    func finish(summary: SummaryRow) -> [UnwrittenFile] {
        var unwritten: [UnwrittenFile] = []
        do {
            try invocations.close()
        } catch {
            unwritten.append(UnwrittenFile(name: "invocations.csv", error: error))
        }
        let summaryText = CSVWriter.record(SummaryRow.header) + CSVWriter.record(summary.fields)
        do {
            try TextFile.write(summaryText, to: folder.appendingPathComponent("summary.csv").path)
        } catch {
            unwritten.append(UnwrittenFile(name: "summary.csv", error: error))
        }
        let histograms = HistogramsFile.text(aggregate.histograms)
        do {
            try TextFile.write(histograms, to: folder.appendingPathComponent("histograms.csv").path)
        } catch {
            unwritten.append(UnwrittenFile(name: "histograms.csv", error: error))
        }
        let timeline = state.withLock { $0.timeline }
        let timelineText = CSVWriter.record(RunTimeline.header) + timeline.rows.map(CSVWriter.record).joined()
        do {
            try TextFile.write(timelineText, to: folder.appendingPathComponent("timeline.csv").path)
        } catch {
            unwritten.append(UnwrittenFile(name: "timeline.csv", error: error))
        }
        do {
            let log = try HdrHistogramLog.text(
                aggregate.histograms, startTime: startTime, length: Date().timeIntervalSince1970 - startTime,
                timeScale: timeScale)
            try TextFile.write(log, to: folder.appendingPathComponent("histograms.hlog").path)
        } catch let error as SystemError {
            unwritten.append(UnwrittenFile(name: "histograms.hlog", error: error))
        } catch {
            // zlib's compress2 fails only without memory; the CSV histograms above hold the same counts.
            unwritten.append(
                UnwrittenFile(name: "histograms.hlog", error: SystemError(call: "\(error)", errno: 12)))
        }
        return unwritten
    }

    /// The invocation's `invocations.csv` row, with its line end: written straight into bytes, with no
    /// string per field (``CSVLine``).
    private func row(_ record: InvocationRecord, _ measurement: InvocationMeasurement) -> [UInt8] {
        var line = CSVLine(capacity: 320)
        func ms(_ nanoseconds: UInt64?) {
            guard let nanoseconds else { return line.appendEmpty() }
            line.appendFixedPoint(Double(nanoseconds) / timeScale / 1e6, places: 3)
        }
        // Instants as unscaled nanoseconds since the run's start, as timeline.csv's seconds.
        func instant(_ time: UInt64?) {
            guard let time else { return line.appendEmpty() }
            line.append(UInt64((Double(time > origin ? time - origin : 0) / timeScale).rounded()))
        }
        let times = record.times
        line.append(record.id)
        line.append(record.extensionName)
        instant(times.arrival)
        instant(times.started)
        instant(times.delivered)
        instant(times.deadline)
        line.append(record.outcome.rawValue)
        line.append(record.outcome.whatTheUserSees.rawValue)
        ms(record.timeToDeliver)
        if let slack = record.slack {
            line.appendFixedPoint(Double(slack) / timeScale / 1e6, places: 3)
        } else {
            line.appendEmpty()
        }
        for phase in Phase.invocationsColumnsInline { ms(measurement.phases[phase]) }
        line.append(record.bytesDownloaded)
        if let status = record.httpStatus { line.append(status) } else { line.appendEmpty() }
        // An invocation the harness lost says so first, whatever its download said.
        let harnessText = record.lostToHarness == nil ? nil : record.crashReason
        line.append(
            harnessText ?? record.downloadErrorText ?? record.crashReason ?? record.stageErrors.values.sorted().first
                ?? "")
        line.append(record.injectedFaultText)
        line.append(measurement.miss?.cause.rawValue ?? "")
        line.append(record.violations.doubleDelivery)
        line.append(record.violations.lateDelivery)
        line.append(record.violations.alertTextRemoved)
        line.append(record.peakMemory)
        line.append(measurement.networkClass ?? "")
        for phase in Phase.invocationsColumnsAddedLater { ms(measurement.phases[phase]) }
        line.append(lowDataMode.isConstrained(invocation: record.id, seed: seed) ? 1 : 0)
        return line.finish()
    }
}

/// A result file that could not be written (a full disk, a file system gone read-only), and why.
struct UnwrittenFile: Sendable, CustomStringConvertible {
    /// The file's name in the result folder.
    let name: String
    /// The failed call, naming the path, with the kernel's errno.
    let error: SystemError

    var description: String { "\(name): \(error)" }
}

/// Where results go: `--out DIR`, or `Results/runs/<timestamp>-<scenario>/`.
enum OutputFolder {
    static func create(_ requested: String?, scenario: String) throws -> URL {
        let folder: URL
        if let requested {
            folder = URL(fileURLWithPath: requested)
        } else {
            let stamp = Provenance.timestamp().replacingOccurrences(of: ":", with: "").replacingOccurrences(
                of: "-", with: "")
            let name = scenario.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" }
            folder = URL(fileURLWithPath: "Results/runs/\(stamp)-\(String(name))")
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw RunError.output("cannot create the result folder \(folder.path): \(error.localizedDescription)")
        }
        return folder
    }
}

/// Who and when, for every summary row.
enum Provenance {
    static func timestamp() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date())
    }

    /// `git rev-parse HEAD` of the working directory, or "" outside a repository.
    static func gitCommit() -> String {
        let result: ToolRun.Result
        do {
            result = try ToolRun.run(URL(fileURLWithPath: "/usr/bin/env"), ["git", "rev-parse", "--short=12", "HEAD"])
        } catch {
            return ""  // no commit to record where git cannot run; the column says so by being empty
        }
        guard result.exitedNormally else { return "" }
        return String(decoding: result.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
