import Foundation
import NSEBenchCore
import NSEBenchSystem

/// The measured ``HarnessCapacity``, kept as JSON in the cache folder (`capacity.json`) so every later
/// run on the machine can check its load against it.
enum CapacityFile {
    static func url(environment: [String: String]) -> URL {
        CacheDirectory.url(environment: environment).appendingPathComponent("capacity.json")
    }

    static func save(_ capacity: HarnessCapacity, environment: [String: String]) throws(RunError) {
        let file = url(environment: environment)
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(capacity).write(to: file, options: .atomic)
        } catch {
            throw RunError.output("could not save the capacity to \(file.path): \(error)")
        }
    }

    /// The saved capacity; nil when none was measured. A file that cannot be read or decoded is an
    /// error naming it, so a damaged file is reported rather than silently ignored.
    static func load(environment: [String: String]) throws(RunError) -> HarnessCapacity? {
        let file = url(environment: environment)
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        do {
            return try JSONDecoder().decode(HarnessCapacity.self, from: Data(contentsOf: file))
        } catch {
            throw RunError.output(
                "\(file.path) is not a capacity nse-bench wrote (\(error)); run 'nse-bench capacity' again")
        }
    }

    /// What `run` prints before starting `requested`: a warning when it is beyond the saved capacity, a
    /// note when the capacity file is damaged, or nil.
    static func warning(for requested: LoadModel, timeScale: Double, environment: [String: String]) -> String? {
        do {
            guard let capacity = try Self.load(environment: environment) else { return nil }
            return capacity.warning(for: requested, timeScale: timeScale, on: HostFingerprintReader.current())
                .map { "warning: \($0)\n" }
        } catch {
            return "warning: the measured capacity was not checked: \(error)\n"
        }
    }
}
