import Foundation

/// A Swift package's manifest as SwiftPM reads it: the JSON `swift package dump-package` prints, which
/// ``PackageManifestReader`` gets for a package folder. Apps' local packages often set what a folder
/// cannot tell: a target's own `path:` (home-assistant/iOS's are `path: "Sources"`), the files it
/// `exclude:`s or the only ones it takes (`sources:`), its resources' rules, its `.define(...)` settings,
/// and products named otherwise than their targets.
struct PackageManifest: Sendable, Hashable {
    /// The package's name.
    var name: String
    /// The package's folder (the one holding `Package.swift`), standardized.
    var folder: URL
    /// Its targets, in the manifest's order.
    var targets: [Target]
    /// Its products.
    var products: [Product]
    /// The folders of the packages it depends on by path (`.package(path:)`), standardized.
    var pathDependencies: [URL]

    /// A target of the package.
    struct Target: Sendable, Hashable {
        /// Its name, the module's.
        var name: String
        /// `regular`, `executable`, `test`, `system`, `binary`, `macro`, `plugin`.
        var kind: String
        /// Its folder from the package's, when the manifest sets one.
        var path: String?
        /// Paths from its folder that are none of its files.
        var exclude: [String] = []
        /// Paths from its folder that hold its only sources, when the manifest names them.
        var sources: [String]?
        /// Its declared resources.
        var resources: [Resource] = []
        /// The compilation conditions its Swift settings define for an iPhone's release build (`.define`,
        /// without a condition or with one an iPhone's release build meets).
        var defines: [String] = []
        /// The names of the targets and products it depends on (`byName`, `.target`, `.product`).
        var dependencies: [String] = []

        /// Whether it is a module nse-bench can compile: a library or an executable's target of Swift code.
        var isCompilable: Bool { kind == "regular" || kind == "executable" }
    }

    /// A declared resource: a path from the target's folder and SwiftPM's rule for it.
    struct Resource: Sendable, Hashable {
        /// The path from the target's folder.
        var path: String
        /// Whether it is copied as it is (`.copy`: a folder keeps its name and inner paths), rather than
        /// processed (`.process`, `.embedInCode`: each file at the bundle's root, a localization folder and an
        /// asset catalog kept).
        var isCopied: Bool
    }

    /// A product of the package.
    struct Product: Sendable, Hashable {
        var name: String
        var targets: [String]
    }

    /// Why a manifest's JSON did not read.
    struct FormatError: Error, Sendable, CustomStringConvertible {
        var description: String
    }

    /// The folders SwiftPM looks for a target's folder in when the manifest sets none, in its order.
    static let targetParents = ["Sources", "Source", "src", "srcs"]

    /// The manifest of the package at `folder` from `swift package dump-package`'s JSON `data`.
    init(json data: Data, folder: URL) throws(FormatError) {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw FormatError(description: "not JSON: \(error.localizedDescription)")
        }
        guard let root = object as? [String: Any], let name = root["name"] as? String,
            let targets = root["targets"] as? [[String: Any]]
        else { throw FormatError(description: "no package name or targets") }
        self.name = name
        self.folder = folder.standardizedFileURL
        self.targets = targets.compactMap(Self.target)
        products = (root["products"] as? [[String: Any]] ?? []).compactMap { product in
            guard let name = product["name"] as? String else { return nil }
            return Product(name: name, targets: product["targets"] as? [String] ?? [])
        }
        pathDependencies = (root["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
            guard let local = (dependency["fileSystem"] as? [[String: Any]])?.first,
                let path = local["path"] as? String
            else { return nil }
            return Self.resolve(path, against: folder)
        }
    }

    /// `path` as a file URL: itself where absolute, else from `folder`; standardized.
    static func resolve(_ path: String, against folder: URL) -> URL {
        (path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)).standardizedFileURL
    }

    private static func target(_ object: [String: Any]) -> Target? {
        guard let name = object["name"] as? String else { return nil }
        var target = Target(name: name, kind: object["type"] as? String ?? "regular")
        target.path = object["path"] as? String
        target.exclude = object["exclude"] as? [String] ?? []
        target.sources = object["sources"] as? [String]
        target.resources = (object["resources"] as? [[String: Any]] ?? []).compactMap { resource in
            guard let path = resource["path"] as? String else { return nil }
            return Resource(path: path, isCopied: (resource["rule"] as? [String: Any])?["copy"] != nil)
        }
        for setting in object["settings"] as? [[String: Any]] ?? [] where setting["tool"] as? String == "swift" {
            guard let define = (setting["kind"] as? [String: Any])?["define"] as? [String: Any],
                let condition = define["_0"] as? String, appliesToIPhoneRelease(setting["condition"])
            else { continue }
            target.defines.append(condition)
        }
        for dependency in object["dependencies"] as? [[String: Any]] ?? [] {
            for key in ["byName", "target", "product"] {
                if let name = (dependency[key] as? [Any])?.first as? String { target.dependencies.append(name) }
            }
        }
        return target
    }

    /// Whether a setting's `condition` holds for an iPhone's release build: no condition, platforms that
    /// include iOS (or none named), a configuration of release (or none).
    private static func appliesToIPhoneRelease(_ condition: Any?) -> Bool {
        guard let condition = condition as? [String: Any] else { return true }
        let platforms = condition["platformNames"] as? [String] ?? []
        let configuration = condition["config"] as? String
        return (platforms.isEmpty || platforms.contains("ios")) && (configuration == nil || configuration == "release")
    }

    /// The target named `name`.
    func target(named name: String) -> Target? { targets.first { $0.name == name } }

    /// The folder of `target`: the manifest's path, else the first of `Sources/NAME`, `Source/NAME`,
    /// `src/NAME` or `srcs/NAME` that exists (the first even where none does).
    func folder(of target: Target) -> URL {
        if let path = target.path { return Self.resolve(path, against: folder) }
        let candidates = Self.targetParents.map { folder.appendingPathComponent("\($0)/\(target.name)") }
        return (candidates.first { FileManager.default.fileExists(atPath: $0.path) } ?? candidates[0])
            .standardizedFileURL
    }

    /// The kinds of file SwiftPM takes as a target's resources without a declaration (processed): Xcode's
    /// own (asset catalogs, interface files, Core Data models, string catalogs) and localization folders.
    static let implicitResourceExtensions: Set<String> = [
        "xcassets", "xib", "storyboard", "xcdatamodel", "xcdatamodeld", "xcmappingmodel", "xcstrings", "lproj",
        "metal",
    ]

    /// Where `target`'s resources among `files` (every file under its folder) go in its bundle, as SwiftPM
    /// places them: each declared `.process` path's files at the bundle's root (a localization folder and
    /// an asset catalog keep their paths), each `.copy` path under its own name with its inner paths, and
    /// what SwiftPM takes undeclared (``implicitResourceExtensions``) processed; nothing excluded, no Swift
    /// file.
    func resourcePlacements(of target: Target, among files: [URL]) -> [(file: URL, bundlePath: String)] {
        let root = folder(of: target)
        let excluded = target.exclude.map { Self.resolve($0, against: root).path }
        func isUnder(_ file: URL, _ path: String) -> Bool { file.path == path || file.path.hasPrefix(path + "/") }
        var placed: [(file: URL, bundlePath: String)] = []
        var taken: Set<URL> = []
        let candidates = files.filter { file in
            file.pathExtension != "swift" && !excluded.contains { isUnder(file, $0) }
        }.sorted { $0.path < $1.path }
        for resource in target.resources {
            let path = Self.resolve(resource.path, against: root)
            for file in candidates where isUnder(file, path.path) && taken.insert(file).inserted {
                let inside = file.path.dropFirst(path.path.count).split(separator: "/").map(String.init)
                let fromRoot = file.path.dropFirst(root.path.count).split(separator: "/").map(String.init)
                placed.append(
                    resource.isCopied
                        ? (file, ([path.lastPathComponent] + inside).joined(separator: "/"))
                        : (file, ExtensionMainBundle.processedPath(of: fromRoot)))
            }
        }
        for file in candidates where !taken.contains(file) {
            let fromRoot = file.path.dropFirst(root.path.count).split(separator: "/").map(String.init)
            guard
                fromRoot.contains(where: {
                    Self.implicitResourceExtensions.contains(URL(fileURLWithPath: $0).pathExtension)
                })
            else { continue }
            placed.append((file, ExtensionMainBundle.processedPath(of: fromRoot)))
        }
        return placed
    }

    /// `files` (under `target`'s folder) less what the manifest leaves out of its sources: each under an
    /// `exclude:` path, and, where it names `sources:`, each under none of them.
    func members(of target: Target, among files: [URL]) -> [URL] {
        let root = folder(of: target)
        func within(_ paths: [String]) -> (URL) -> Bool {
            let prefixes = paths.map { Self.resolve($0, against: root).path }
            return { file in prefixes.contains { file.path == $0 || file.path.hasPrefix($0 + "/") } }
        }
        let excluded = within(target.exclude)
        let listed = target.sources.map(within)
        return files.filter { !excluded($0) && (listed?($0) ?? true) }
    }
}
