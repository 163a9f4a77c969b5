import Foundation
import NSEBenchCore
import NSEBenchSystem

/// The measured ``HarnessCapacity``s, one per extension and host, kept as JSON in the cache folder
/// (`capacity.json`) so every later run on the machine can check its load against the one for its
/// extension.
enum CapacityFile {
    static func url(environment: [String: String]) -> URL {
        CacheDirectory.url(environment: environment).appendingPathComponent("capacity.json")
    }

    /// Saves `capacity` in place of the one measured before with the same extension on the same host,
    /// keeping the others. A file that cannot be read is replaced: it held nothing usable.
    static func save(_ capacity: HarnessCapacity, environment: [String: String]) throws(RunError) {
        let file = url(environment: environment)
        var capacities: [HarnessCapacity]
        do {
            capacities = try load(environment: environment)
        } catch {
            capacities = []
        }
        capacities.removeAll { $0.extensionName == capacity.extensionName && $0.host == capacity.host }
        capacities.append(capacity)
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(capacities).write(to: file, options: .atomic)
        } catch {
            throw RunError.output("could not save the capacity to \(file.path): \(error)")
        }
    }

    /// The saved capacities; empty when none was measured. A file that cannot be read or decoded is an
    /// error naming it, so a damaged file is reported rather than silently ignored. A file from before
    /// several were kept holds one capacity, not a list.
    static func load(environment: [String: String]) throws(RunError) -> [HarnessCapacity] {
        let file = url(environment: environment)
        guard FileManager.default.fileExists(atPath: file.path) else { return [] }
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw RunError.output("could not read the capacity in \(file.path): \(error)")
        }
        do {
            return try JSONDecoder().decode([HarnessCapacity].self, from: data)
        } catch {
            do {
                return [try JSONDecoder().decode(HarnessCapacity.self, from: data)]
            } catch {
                throw RunError.output(
                    "\(file.path) is not a capacity nse-bench wrote (\(error)); run 'nse-bench capacity' again")
            }
        }
    }

    /// What `run` prints before starting `requested` with `extensionName` (``key(extension:principalClass:)``):
    /// a warning when it is beyond the saved capacity, a note when the capacity file is damaged, or nil.
    static func warning(
        for requested: LoadModel, timeScale: Double, extensionName: String = HarnessCapacity.defaultExtension,
        environment: [String: String]
    ) -> String? {
        do {
            return HarnessCapacity.warning(
                for: requested, timeScale: timeScale, extensionName: extensionName,
                among: try load(environment: environment), on: HostFingerprintReader.current()
            ).map { "warning: \($0)\n" }
        } catch {
            return "warning: the measured capacity was not checked: \(error)\n"
        }
    }

    /// The name a capacity is kept under for `--extension value`: a built-in's name as it is; a path
    /// made absolute and standard, so that `Examples/X/` and `./Examples/X` are one extension; with
    /// `--principal-class` when one is named. It reads as the options that measure it again.
    static func key(extension value: String, principalClass: String?) -> String {
        guard ExtensionChoice.isPath(value) else { return value }
        let path = URL(fileURLWithPath: value).standardizedFileURL.path
        return principalClass.map { "\(path) --principal-class \($0)" } ?? path
    }
}
