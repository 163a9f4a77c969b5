/// How `compare` judges: the thresholds (file and built-in), the command line's overrides, and
/// whether host differences may be compared across.
public struct CompareOptions: Sendable, Equatable {
    public var thresholds: Thresholds
    /// `--alpha`, `--min-effect`, `--relative`, `--absolute-ms`: above the file's defaults, below
    /// its per-metric and per-scenario entries.
    public var overrides: ThresholdDefaults
    /// `--allow-env-mismatch`: compare even when a fingerprint column differs (never a setting or
    /// the schema version).
    public var allowEnvironmentMismatch: Bool

    public init(
        thresholds: Thresholds = Thresholds(), overrides: ThresholdDefaults = ThresholdDefaults(),
        allowEnvironmentMismatch: Bool = false
    ) {
        self.thresholds = thresholds
        self.overrides = overrides
        self.allowEnvironmentMismatch = allowEnvironmentMismatch
    }
}
