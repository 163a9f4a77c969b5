import Glibc
public import NSEBenchCore

/// Reads the ``HostFingerprint`` of the machine nse-bench runs on.
public enum HostFingerprintReader {
    /// The fingerprint of this machine and build.
    public static func current() -> HostFingerprint {
        HostFingerprint(
            cpuModel: cpuModel(), logicalCores: Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))),
            operatingSystem: operatingSystem(), swiftVersion: swiftVersion, libcurlVersion: CurlLibrary.version,
            opensslVersion: OpenSSLLibrary.version, allocator: MemoryStatistics.allocatorVersion)
    }

    /// The compiler that built this binary.
    static var swiftVersion: String {
        #if compiler(>=6.4)
            "6.4+"
        #elseif compiler(>=6.3)
            "6.3"
        #elseif compiler(>=6.2)
            "6.2"
        #elseif compiler(>=6.1)
            "6.1"
        #else
            "6.0"
        #endif
    }

    private static func cpuModel() -> String {
        let text = (try? TextFile.read("/proc/cpuinfo")) ?? ""
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            if let colon = line.firstIndex(of: ":") {
                return line[line.index(after: colon)...].trimmingSpaces()
            }
        }
        return "unknown"
    }

    private static func operatingSystem() -> String {
        let release = (try? TextFile.read("/etc/os-release")) ?? ""
        var name = "Linux"
        for line in release.split(separator: "\n") where line.hasPrefix("PRETTY_NAME=") {
            name = String(line.dropFirst("PRETTY_NAME=".count)).trimmingCharacters(in: "\"")
        }
        var names = utsname()
        uname(&names)
        let kernel = withUnsafeBytes(of: &names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return "\(name); \(kernel)"
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

extension String {
    fileprivate func trimmingCharacters(in quote: Character) -> String {
        String(drop { $0 == quote }.reversed().drop { $0 == quote }.reversed())
    }
}
