public import Foundation

/// What `Bundle.main` is to a user's extension in its worker processes: the extension's own Info.plist,
/// with the build settings Xcode would have put in (`$(PRODUCT_BUNDLE_IDENTIFIER)`, ...), so that
/// `Bundle.main.bundleIdentifier` (force-unwrapped in `Logger(subsystem: Bundle.main.bundleIdentifier!, ...)`
/// as often as not) and the extension's own Info.plist keys read as on a phone rather than nil.
///
/// Foundation on Linux takes the main bundle from the folder of the process's executable
/// (`/proc/self/exe`, links resolved), so the workers run nse-bench from a folder holding this
/// Info.plist (`WorkerExecutable` in the CLI). Built only for sources that name `Bundle.main`.
public struct ExtensionMainBundle: Sendable, Hashable {
    /// Where ``bundleIdentifier`` came from, for the run's first line.
    public enum IdentifierSource: String, Sendable, Hashable {
        /// Written in the Info.plist.
        case infoPlist = "Info.plist"
        /// The Xcode project's `PRODUCT_BUNDLE_IDENTIFIER` for the target.
        case xcodeProject = "the Xcode project"
        /// None found: nse-bench's stand-in.
        case standIn = "a stand-in (no Info.plist or Xcode project says it)"
    }

    /// The bundle identifier.
    public var bundleIdentifier: String
    /// Where it came from.
    public var identifierSource: IdentifierSource
    /// The Info.plist to write, XML.
    public var infoPlist: Data
    /// The target folder's resources, where the bundle holds them (``Resource``).
    public var resources: [Resource] = []
    /// Bundle paths more than one file of the folder would take: the first file kept.
    public var duplicateResourceNames: [String] = []

    /// A file of the extension's target folder that Xcode would copy into its bundle: every file but
    /// sources, Info.plist, entitlements and build settings. Groups are flattened (a file lands at the
    /// bundle's root under its own name, the first of a name kept), as Xcode's Copy Bundle Resources does;
    /// an asset catalog (`.xcassets`) and a localization folder (`.lproj`) keep their inner paths, so
    /// `UIImage(named:)` finds an image set and `Bundle` a localized string. An asset catalog is not
    /// compiled (Assets.car): UIKit reads its image sets as they are.
    public struct Resource: Sendable, Hashable {
        /// The path in the bundle.
        public var bundlePath: String
        /// The file: linked to from the bundle, or, with ``contents``, what they were made from.
        public var file: URL
        /// What the bundle holds there when it is made rather than linked: a string catalog's table
        /// (``StringCatalog``); nil for a file linked as it is.
        public var contents: Data? = nil

        /// Puts it in the bundle folder `folder`: its ``contents`` written, or a link to its file (an edited
        /// file is then the bundle's at once).
        public func place(in folder: URL) throws {
            let place = folder.appendingPathComponent(bundlePath)
            try FileManager.default.createDirectory(
                at: place.deletingLastPathComponent(), withIntermediateDirectories: true)
            if let contents {
                try contents.write(to: place)
            } else {
                try FileManager.default.createSymbolicLink(at: place, withDestinationURL: file)
            }
        }
    }

    /// Files under the target folder that are left out of its resources by a folder they are in: build
    /// products, dependency managers' folders, and bundles of their own (a vendored framework).
    static let skippedFolders: Set<String> = [
        "build", "Pods", "Carthage", "node_modules", "DerivedData", ".build", "SourcePackages",
    ]
    static let skippedFolderExtensions: Set<String> = ["framework", "xcframework", "bundle", "appex", "app"]
    /// Names the workers' bundle folder holds itself: a resource of one of them is left out.
    static let bundleOwnNames: Set<String> = ["Info.plist", "executable-path", "nse-bench"]

    /// The resources of the target folder `root` among `files` (every file under it), and the bundle paths
    /// more than one file would take (the first kept: Xcode refuses such a target).
    /// A string catalog (`.xcstrings`) becomes the tables Xcode compiles it into (``StringCatalog``); one
    /// that is not a catalog is refused, as Xcode refuses it.
    /// `outside` are what the Xcode project's Resources phase copies in from outside `root` (files, a
    /// localized file's variants in their `.lproj`, or folders such as an asset catalog or a folder reference,
    /// whose files keep the folder's name and paths), after the folder's own.
    static func resources(in root: URL, files: [URL], outside: [URL] = []) throws(UserExtensionError) -> (
        resources: [Resource], duplicates: [String]
    ) {
        let skipped: Set<String> = ["swift", "entitlements", "xcconfig", "h", "m", "mm", "c", "cpp", "md"]
        // Each file with its path in the bundle: the folder's own flattened (but inside an asset catalog or
        // a localization folder); one the project copies in by its name (a localized one in its `.lproj`), and
        // a folder it copies (a folder reference, an asset catalog) with the folder's own paths.
        var placed: [(file: URL, bundlePath: String)] = []
        for file in files.sorted(by: { $0.path < $1.path }) {
            let parts = file.path.dropFirst(root.path.count).split(separator: "/").map(String.init)
            if parts.dropLast().contains(where: {
                skippedFolders.contains($0) || skippedFolderExtensions.contains(URL(fileURLWithPath: $0).pathExtension)
            }) {
                continue
            }
            placed.append((file, processedPath(of: parts)))
        }
        for item in outside {
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(atPath: item.path, isDirectory: &isFolder)
            if isFolder.boolValue {
                for file in UserExtensionSource.allFiles(under: item).sorted(by: { $0.path < $1.path }) {
                    placed.append((file, item.lastPathComponent + "/" + UserExtensionSource.relative(file, to: item)))
                }
            } else {
                let parent = item.deletingLastPathComponent().lastPathComponent
                placed.append(
                    (item, parent.hasSuffix(".lproj") ? "\(parent)/\(item.lastPathComponent)" : item.lastPathComponent))
            }
        }
        return try resources(placed: placed.filter { !skipped.contains($0.file.pathExtension) })
    }

    /// The path in a bundle of a file whose path from its target's folder is `parts`, as Xcode's Copy Bundle
    /// Resources and SwiftPM's `.process` place it: at the bundle's root under its own name, but inside an
    /// asset catalog, a localization folder or a Core Data model (not compiled here), whose paths it keeps.
    static func processedPath(of parts: [String]) -> String {
        let kept = parts.firstIndex {
            $0.hasSuffix(".xcassets") || $0.hasSuffix(".lproj") || $0.hasSuffix(".xcdatamodeld")
                || $0.hasSuffix(".xcdatamodel")
        }
        return kept.map { parts[$0...].joined(separator: "/") } ?? parts.last ?? ""
    }

    /// The resources of `placed` files, each with its path in the bundle (the first of a path kept), and the
    /// bundle paths more than one file would take; a string catalog (`.xcstrings`) becomes its tables.
    static func resources(placed: [(file: URL, bundlePath: String)]) throws(UserExtensionError) -> (
        resources: [Resource], duplicates: [String]
    ) {
        var resources: [Resource] = []
        var taken: Set<String> = []
        var duplicates: [String] = []
        for (file, bundlePath) in placed {
            guard !bundleOwnNames.contains(bundlePath) else { continue }
            let made =
                file.pathExtension == "xcstrings"
                ? try StringCatalog.resources(of: file) : [Resource(bundlePath: bundlePath, file: file)]
            for resource in made {
                if taken.insert(resource.bundlePath).inserted {
                    resources.append(resource)
                } else if !duplicates.contains(resource.bundlePath) {
                    duplicates.append(resource.bundlePath)
                }
            }
        }
        return (resources, duplicates)
    }

    /// The main bundle of the extension whose module is `moduleName`, from its target's Info.plist
    /// (`plist`'s dictionary, nil without one) and the bundle identifiers an Xcode project beside it sets
    /// (`projectIdentifiers`): the one ending in the target's name, else the only one naming a
    /// notification service (not the only one at all: a project whose extension's identifier is built from
    /// a setting, `$(APP_ID).NotificationService`, sets only the app's).
    static func make(
        moduleName: String, targetName: String, plist: [String: Any]?, projectIdentifiers: [String]
    ) throws -> ExtensionMainBundle {
        let written = plist?["CFBundleIdentifier"] as? String
        let identifier: String
        let source: IdentifierSource
        if let written, !written.contains("$") {
            (identifier, source) = (written, .infoPlist)
        } else if let found = pick(projectIdentifiers, target: targetName) {
            (identifier, source) = (found, .xcodeProject)
        } else {
            (identifier, source) = ("com.example.\(moduleName)", .standIn)
        }
        let settings = [
            "PRODUCT_BUNDLE_IDENTIFIER": identifier, "PRODUCT_MODULE_NAME": moduleName, "PRODUCT_NAME": targetName,
            "TARGET_NAME": targetName, "EXECUTABLE_NAME": targetName, "DEVELOPMENT_LANGUAGE": "en",
            "MARKETING_VERSION": "1.0", "CURRENT_PROJECT_VERSION": "1", "PRODUCT_BUNDLE_PACKAGE_TYPE": "XPC!",
        ]
        var dictionary = (plist.map { substituted($0, settings) } as? [String: Any]) ?? [:]
        dictionary["CFBundleIdentifier"] = identifier
        if dictionary["CFBundleName"] == nil { dictionary["CFBundleName"] = targetName }
        let data = try PropertyListSerialization.data(fromPropertyList: dictionary, format: .xml, options: 0)
        return ExtensionMainBundle(bundleIdentifier: identifier, identifierSource: source, infoPlist: data)
    }

    private static func pick(_ identifiers: [String], target: String) -> String? {
        let concrete = Array(Set(identifiers.filter { !$0.contains("$") })).sorted()
        if let named = concrete.first(where: { $0.split(separator: ".").last?.lowercased() == target.lowercased() }) {
            return named
        }
        let services = concrete.filter { $0.lowercased().contains("notification") }
        return services.count == 1 ? services[0] : nil
    }

    /// `value` with each `$(NAME)` or `${NAME}` of `settings` replaced, in every string it holds.
    private static func substituted(_ value: Any, _ settings: [String: String]) -> Any {
        switch value {
        case let text as String:
            var result = text
            for (name, setting) in settings {
                result = result.replacingOccurrences(of: "$(\(name))", with: setting)
                    .replacingOccurrences(of: "${\(name)}", with: setting)
            }
            return result
        case let dictionary as [String: Any]: return dictionary.mapValues { substituted($0, settings) }
        case let array as [Any]: return array.map { substituted($0, settings) }
        default: return value
        }
    }
}
