import Foundation

/// The Swift files an Xcode project compiles into an extension's target, read from its `project.pbxproj`:
/// a target often compiles files that live outside its folder (a model or crypto file the app shares with
/// it, added to both targets), and unchanged code uses their types without an `import`. The target is the
/// app extension whose sources or synchronized folders include the extension's folder (the one named as
/// the folder when several do). Its files come from its Sources build phase (file references resolved
/// through their groups: `<group>`, `SOURCE_ROOT`, absolute) and from Xcode 16's synchronized folders
/// (every Swift file under one, less the target's membership exceptions).
///
/// ```swift
/// let target = try XcodeProjectTarget.read(project: pbxproj, projectFolder: root)
///     .target(containing: extensionFolder)
/// target?.swiftFiles  // [.../Shared/KeyManager.swift, .../NotificationServiceExtension/NotificationService.swift]
/// ```
struct XcodeProjectTarget: Sendable, Hashable {
    /// The target's name.
    var name: String
    /// Its Swift files, absolute, standardized.
    var swiftFiles: [URL]
    /// Its synchronized folders, absolute.
    var synchronizedFolders: [URL]
    /// What its Resources build phase copies into its bundle: files and folders (an asset catalog),
    /// absolute; a localized file's variants (`en.lproj/Localizable.strings`, ...) each.
    var resources: [URL] = []

    /// A project's targets that build app extensions.
    struct Project: Sendable {
        /// The project file read.
        var file: URL
        var targets: [XcodeProjectTarget]

        /// The target compiling `folder`'s files: the one compiling the most of them (a folder it
        /// synchronizes counts as all), the one named as the folder among equals; nil when none compiles
        /// any. Another extension sharing a file with it compiles fewer of the folder's.
        func target(containing folder: URL) -> XcodeProjectTarget? {
            let path = folder.standardizedFileURL.path
            let prefix = path + "/"
            let scored = targets.map { target -> (target: XcodeProjectTarget, score: Int) in
                let synchronized = target.synchronizedFolders.contains {
                    let own = $0.standardizedFileURL.path
                    return own == path || prefix.hasPrefix(own + "/")
                }
                return (target, synchronized ? Int.max : target.swiftFiles.filter { $0.path.hasPrefix(prefix) }.count)
            }
            guard let best = scored.map(\.score).max(), best > 0 else { return nil }
            let leading = scored.filter { $0.score == best }.map(\.target)
            return leading.first { $0.name == folder.lastPathComponent } ?? leading.first
        }
    }

    /// Why a project file could not be read.
    struct Unreadable: Error, CustomStringConvertible {
        var description: String
    }

    /// The app extension targets of the project file `pbxproj` (its `project.pbxproj`), whose relative paths
    /// start at `projectFolder` (the folder holding the `.xcodeproj`).
    static func read(project pbxproj: URL, projectFolder: URL) throws(Unreadable) -> Project {
        let root: [String: Any]
        do {
            guard
                let parsed = try PropertyListSerialization.propertyList(
                    from: Data(contentsOf: pbxproj), format: nil) as? [String: Any]
            else { throw Unreadable(description: "not a property list of objects") }
            root = parsed
        } catch let error as Unreadable {
            throw error
        } catch {
            throw Unreadable(description: error.localizedDescription)
        }
        guard let objects = root["objects"] as? [String: [String: Any]] else {
            throw Unreadable(description: "no objects")
        }
        let paths = ObjectPaths(objects: objects, projectFolder: projectFolder)
        var targets: [XcodeProjectTarget] = []
        for (targetID, object) in objects.sorted(by: { $0.key < $1.key })
        where object["isa"] as? String == "PBXNativeTarget"
            && (object["productType"] as? String)?.hasPrefix("com.apple.product-type.app-extension") == true
        {
            var files: [URL] = []
            for phaseID in object["buildPhases"] as? [String] ?? [] {
                guard let phase = objects[phaseID], phase["isa"] as? String == "PBXSourcesBuildPhase" else { continue }
                for buildFileID in phase["files"] as? [String] ?? [] {
                    guard let reference = objects[buildFileID]?["fileRef"] as? String,
                        let path = paths.path(of: reference), path.pathExtension == "swift"
                    else { continue }
                    files.append(path)
                }
            }
            var resources: [URL] = []
            for phaseID in object["buildPhases"] as? [String] ?? [] {
                guard let phase = objects[phaseID], phase["isa"] as? String == "PBXResourcesBuildPhase" else {
                    continue
                }
                for buildFileID in phase["files"] as? [String] ?? [] {
                    guard let reference = objects[buildFileID]?["fileRef"] as? String else { continue }
                    let variants =
                        objects[reference]?["isa"] as? String == "PBXVariantGroup"
                        ? objects[reference]?["children"] as? [String] ?? [] : [reference]
                    resources += variants.compactMap { paths.path(of: $0)?.standardizedFileURL }
                }
            }
            var folders: [URL] = []
            for groupID in object["fileSystemSynchronizedGroups"] as? [String] ?? [] {
                guard let folder = paths.path(of: groupID) else { continue }
                folders.append(folder)
                let excluded = Set(
                    paths.exceptions(of: groupID, target: targetID).map {
                        folder.appendingPathComponent($0).standardizedFileURL.path
                    })
                files += UserExtensionSource.allFiles(under: folder).filter {
                    $0.pathExtension == "swift" && !excluded.contains($0.standardizedFileURL.path)
                }
            }
            var seen: Set<String> = []
            let unique = files.map(\.standardizedFileURL).filter { seen.insert($0.path).inserted }
            targets.append(
                XcodeProjectTarget(
                    name: object["name"] as? String ?? "", swiftFiles: unique, synchronizedFolders: folders,
                    resources: resources))
        }
        return Project(file: pbxproj, targets: targets)
    }

    /// Where a project's file references and groups are on disk.
    private struct ObjectPaths {
        let objects: [String: [String: Any]]
        let projectFolder: URL
        /// Each object's group.
        let parents: [String: String]

        init(objects: [String: [String: Any]], projectFolder: URL) {
            self.objects = objects
            self.projectFolder = projectFolder
            var parents: [String: String] = [:]
            for (id, object) in objects {
                for child in object["children"] as? [String] ?? [] { parents[child] = id }
            }
            self.parents = parents
        }

        /// The absolute path of the file reference or group `id`; nil for one not on disk here (in the SDK,
        /// built products).
        func path(of id: String, depth: Int = 0) -> URL? {
            guard depth < 64, let object = objects[id] else { return nil }
            let path = object["path"] as? String
            switch object["sourceTree"] as? String ?? "<group>" {
            case "<absolute>":
                return path.map { URL(fileURLWithPath: $0) }
            case "SOURCE_ROOT":
                return path.map { projectFolder.appendingPathComponent($0) } ?? projectFolder
            case "<group>":
                let base = parents[id].flatMap { self.path(of: $0, depth: depth + 1) } ?? projectFolder
                return path.map { base.appendingPathComponent($0) } ?? base
            default:
                return nil
            }
        }

        /// The paths, relative to the synchronized folder `group`, that are not members of `target`.
        func exceptions(of group: String, target: String) -> [String] {
            let sets = objects[group]?["exceptions"] as? [String] ?? []
            return sets.flatMap { id -> [String] in
                guard let set = objects[id], set["target"] as? String == target else { return [] }
                return set["membershipExceptions"] as? [String] ?? []
            }
        }
    }
}
