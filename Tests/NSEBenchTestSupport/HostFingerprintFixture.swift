public import NSEBenchCore

extension HostFingerprint {
    /// A fixed fingerprint for tests that build a ``SummaryRow`` and care about anything but the host.
    public static let fixture = HostFingerprint(
        cpuModel: "cpu", logicalCores: 2, operatingSystem: "os", swiftVersion: "6.3", libcurlVersion: "7",
        opensslVersion: "3", allocator: "jemalloc")
}
