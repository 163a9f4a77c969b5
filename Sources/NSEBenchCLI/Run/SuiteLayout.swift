import Foundation

/// How `suite` names what it writes in its output folder, in one place for `suite`, which writes it,
/// and `report`, which reads it back: a folder per run, named after its scenario (with the round when
/// the suite repeats it), and an invalid attempt that ran again kept beside it.
///
/// ```
/// DIR/summary.csv                 one row per run
/// DIR/steady-3g/                  the run (DIR/steady-3g-1/, -2/ ... with --repeat)
/// DIR/steady-3g.invalid-1/        an attempt --retries ran again
/// ```
enum SuiteLayout {
    /// The folder of the `round`-th run of `scenario` in a suite that runs each scenario `repeats` times.
    static func runFolder(scenario: String, round: Int, repeats: Int) -> String {
        repeats == 1 ? scenario : "\(scenario)-\(round)"
    }

    /// The folder the `attempt`-th attempt of the run in `runFolder` is kept in when it runs again.
    static func invalidAttemptFolder(of runFolder: String, attempt: Int) -> String {
        "\(runFolder).invalid-\(attempt)"
    }

    /// The attempt number of `name` when it is an invalid attempt of the run in `runFolder`, else nil.
    static func invalidAttempt(_ name: String, of runFolder: String) -> Int? {
        let prefix = runFolder + ".invalid-"
        guard name.hasPrefix(prefix), let attempt = Int(name.dropFirst(prefix.count)), attempt >= 1 else { return nil }
        return attempt
    }

    /// Whether `name` is an invalid attempt of some run (`<run>.invalid-<k>`), not a run of its own.
    static func isInvalidAttempt(_ name: String) -> Bool {
        guard let range = name.range(of: ".invalid-", options: .backwards) else { return false }
        return Int(name[range.upperBound...]).map { $0 >= 1 } ?? false
    }
}
