/// What a result was measured on. Two results are comparable only when their fingerprints match
/// (`compare` says which field differs), since absolute timings move with the machine.
public struct HostFingerprint: Sendable, Equatable, Codable {
    public var cpuModel: String
    public var logicalCores: Int
    /// Distribution name and kernel release, for example `"Debian GNU/Linux 12 (bookworm); 6.1.0"`.
    public var operatingSystem: String
    public var swiftVersion: String
    public var libcurlVersion: String
    public var opensslVersion: String
    public var allocator: String

    public init(
        cpuModel: String, logicalCores: Int, operatingSystem: String, swiftVersion: String, libcurlVersion: String,
        opensslVersion: String, allocator: String
    ) {
        self.cpuModel = cpuModel
        self.logicalCores = logicalCores
        self.operatingSystem = operatingSystem
        self.swiftVersion = swiftVersion
        self.libcurlVersion = libcurlVersion
        self.opensslVersion = opensslVersion
        self.allocator = allocator
    }

    /// Field names and values in a fixed order, for CSV columns and text output.
    public var fields: [(name: String, value: String)] {
        [
            ("host_cpu", cpuModel), ("host_cores", String(logicalCores)), ("host_os", operatingSystem),
            ("swift_version", swiftVersion), ("libcurl_version", libcurlVersion),
            ("openssl_version", opensslVersion), ("allocator", allocator),
        ]
    }

    /// The names of the fields whose values differ, in ``fields`` order.
    public func differences(from other: HostFingerprint) -> [String] {
        zip(fields, other.fields).filter { $0.value != $1.value }.map(\.0.name)
    }
}

/// The nse-bench release, printed by `--version` and written into every result.
public enum NSEBenchVersion {
    public static let current = "0.1.0"
}
