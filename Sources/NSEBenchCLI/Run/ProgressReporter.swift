import Foundation
import NSEBenchCore
import NSEBenchSystem
import Synchronization

/// The live progress: on a terminal one line rewritten in place, otherwise a plain line every 2
/// seconds, nothing with `--quiet`. Also samples open descriptors for the self-check.
final class ProgressReporter: Sendable {
    let context: CommandContext
    let quiet: Bool
    let total: RunLength
    let recorder: RunRecorder
    private let peak = Atomic<Int>(0)

    init(context: CommandContext, quiet: Bool, total: RunLength, recorder: RunRecorder) {
        self.context = context
        self.quiet = quiet
        self.total = total
        self.recorder = recorder
    }

    var peakDescriptors: Int { peak.load(ordering: .relaxed) }

    func run() async {
        let start = Date()
        let interval: TimeInterval = context.outputIsTerminal ? 0.2 : 2
        var last = Date()
        while !Task.isCancelled {
            do { try await Task.sleep(for: .milliseconds(100)) } catch { break }
            let open = ProcessResources.openDescriptors()
            if open > peak.load(ordering: .relaxed) { peak.store(open, ordering: .relaxed) }
            guard !quiet, Date().timeIntervalSince(last) >= interval else { continue }
            last = Date()
            let line = self.line(elapsed: Date().timeIntervalSince(start))
            context.output.write(context.outputIsTerminal ? "\r\u{1B}[K" + line : line + "\n")
        }
        if !quiet, context.outputIsTerminal { context.output.write("\r\u{1B}[K") }
    }

    private func line(elapsed: Double) -> String {
        let counts = recorder.counts
        let outcomes = counts.outcomes
        func count(_ outcome: InvocationOutcome) -> Int { outcomes[outcome] ?? 0 }
        let rate = elapsed > 0 ? Double(counts.finished) / elapsed : 0
        var eta = ""
        if case .invocations(let target) = total, rate > 0 {
            eta = String(format: "  eta %.0fs", Double(max(0, target - counts.finished)) / rate)
        }
        let expired = count(.expiredBestAttempt) + count(.expiredOriginal)
        return "in flight \(counts.started - counts.finished)  done \(counts.finished)  enriched \(count(.enriched))  "
            + "degraded \(count(.degraded))  unchanged \(count(.unchanged))  expired \(expired)  killed/crashed \(count(.killed) + count(.crashed))  "
            + String(format: "%.0f/s", rate) + eta
    }
}
