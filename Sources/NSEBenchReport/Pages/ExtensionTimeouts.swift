/// The extension's own download timeout, for the built-ins that set one (docs/run.md's tables of
/// built-in extensions and SDK profiles), in unscaled seconds. nil: no timeout of its own (URLSession's
/// 60 s idle timeout, past the budget). Runs now record what their downloads asked for in summary.csv's
/// `extension_timeout_s`, which the report prefers; this table serves result folders written before.
public enum ExtensionTimeouts {
    /// The timeout of `extensionName` given the run's `deadline` in seconds.
    public static func seconds(for extensionName: String, deadline: Double) -> Double? {
        switch extensionName {
        case "media-20s", "batch": 20
        case "media-25s": 25
        case "media-30s", "customerio": 30
        // The budget left minus a 2 s margin: about the deadline less 2 s when it starts at once.
        case "priority": max(0, deadline - 2)
        default: nil
        }
    }
}
