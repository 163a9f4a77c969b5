import NSEBenchSystem
import SimulatedDevice

/// Marks extension threads for the crash reporter.
struct CrashMarker: ThreadMarking {
    func marking(_ id: Int, _ body: () -> Void) { CrashReporter.marking(id, body) }
}
