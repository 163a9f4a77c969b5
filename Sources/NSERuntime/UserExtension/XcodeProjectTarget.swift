import Foundation

/// The Swift files an Xcode project compiles into an extension's target, read from its `project.pbxproj`:
/// a target often compiles files that live outside its folder (a model or crypto file the app shares with
/// it, added to both targets), and unchanged code uses their types without an `import`. The target is the
/// app extension compiling the most of the extension folder's files (a folder it synchronizes counts as
/// all; the one named as the folder among equals). Its files come from its Sources build phase (file
/// references resolved through their groups: `<group>`, `SOURCE_ROOT`, absolute) and from Xcode 16's
/// synchronized folders: every file under one of its own, less its membership exceptions (files or whole
/// subfolders), and the files another target's synchronized folder gives it by an exception naming it.
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
    /// The Objective-C and C files it compiles (``UserExtensionSource/isForeignSource(_:)``), absolute: the
    /// extension's locate names them, as nse-bench compiles Swift only.
    var foreignSources: [URL] = []
    /// What its Resources build phase copies into its bundle: files and folders (an asset catalog, a
    /// folder reference), absolute; a localized file's variants (`en.lproj/Localizable.strings`, ...) each.
    var resources: [URL] = []
    /// The Info.plist its build settings name (`INFOPLIST_FILE`), absolute; nil when none names one, or
    /// names it through a setting other than the project's folder and the target's name.
    var infoPlist: URL? = nil
    /// The Swift compilation conditions its build settings set (``XcodeBuildSettings/compilationConditions``):
    /// `APP_EXTENSION` in `#if !APP_EXTENSION` around code the app alone compiles.
    var compilationConditions: [String] = []
    /// The build configuration its settings come from: Release, as a shipped extension is built, or the
    /// target's first when it has no Release.
    var configuration: String? = nil
    /// The `.xcconfig` files its settings were read from, with those they include.
    var configFiles: [URL] = []
    /// What of the `.xcconfig` files its configuration or the project's names could not be read.
    var configFileProblems: [XcodeConfigFile.Problem] = []
    /// The Swift package products it links (`packageProductDependencies`).
    var packageProducts: [PackageProduct] = []
    /// The folders of every local Swift package the project names (`XCLocalSwiftPackageReference`, or a
    /// folder reference holding a `Package.swift`), then those a workspace beside it names
    /// (``XcodeWorkspace``): where a product's own dependencies within its package,
    /// or another package's, are found.
    var localPackageFolders: [URL] = []
    /// The folder holding the `.xcodeproj`: where `xcodebuild -clonedSourcePackagesDirPath SourcePackages`
    /// leaves the remote packages' checkouts.
    var projectFolder: URL? = nil

    /// The project's framework and static library targets, those this target depends on or links first:
    /// the app's code it shares with its extension as a module (`import Shared`) rather than as files
    /// compiled into both.
    var frameworks: [FrameworkTarget] = []

    /// A Swift package product a target links.
    struct PackageProduct: Sendable, Hashable {
        /// The product's name: the module an extension imports, for a library of one target.
        var name: String
        /// Where its package is.
        var place: Place

        /// Where a package is.
        enum Place: Sendable, Hashable {
            /// A local package's folder, absolute.
            case folder(URL)
            /// A remote package's repository, which nse-bench cannot fetch.
            case repository(String)
            /// Neither the project file nor the project's local packages say.
            case unknown
        }
    }

    /// Whether the target compiles `file`: Xcode compiles a target's listed files only, so a Swift file
    /// left in its folder but not in the target (an old one, another target's) is not compiled. Paths
    /// compare without case, as on the Mac's file system the project was written on.
    func compiles(_ file: URL) -> Bool {
        let path = file.standardizedFileURL.path.lowercased()
        return swiftFiles.contains { $0.path.lowercased() == path }
    }

    /// Whether `path` is `folder` or under it.
    static func path(_ path: String, isInside folder: String) -> Bool {
        path == folder || path.hasPrefix(folder + "/")
    }

    /// A project's app extension targets, read but not yet expanded (their synchronized folders listed).
    struct Project {
        /// The project file read.
        var file: URL
        fileprivate var candidates: [Candidate]
        /// The project's framework and static library targets, their files listed, with their ids and the
        /// targets each depends on or links.
        fileprivate var frameworks: [(id: String, linked: [String], target: FrameworkTarget)] = []

        /// Every app extension target, each expanded.
        var targets: [XcodeProjectTarget] { candidates.map(expanded) }

        /// `candidate` expanded, with the project's framework targets, those it depends on or links first,
        /// directly or through another: an app's shared framework often has a target per platform
        /// (`Shared-iOS`, `Shared-watchOS`), each making the same module.
        private func expanded(_ candidate: Candidate) -> XcodeProjectTarget {
            var reached = Set(candidate.linkedTargets)
            var queue = candidate.linkedTargets
            while let id = queue.popLast() {
                for next in frameworks.first(where: { $0.id == id })?.linked ?? [] where reached.insert(next).inserted {
                    queue.append(next)
                }
            }
            let linked = frameworks.filter { reached.contains($0.id) }.map(\.target)
            let others = frameworks.filter { !reached.contains($0.id) }.map(\.target)
            var target = candidate.expanded(frameworks: linked + others)
            target.projectFolder = file.deletingLastPathComponent().deletingLastPathComponent()
            return target
        }

        /// The target compiling `folder`'s Swift files: the first of ``targets(containing:)``.
        func target(containing folder: URL) -> XcodeProjectTarget? { targets(containing: folder).first }

        /// The targets compiling any of `folder`'s Swift files, the one compiling the most of them first, the
        /// one named as the folder first among equals. Another extension sharing a file with it compiles
        /// fewer of the folder's; a target synchronizing a folder above it whose exceptions leave out the
        /// folder's files (a widget's `Extensions/` less `NotificationService/`) compiles none.
        func targets(containing folder: URL) -> [XcodeProjectTarget] {
            let files = UserExtensionSource.allFiles(under: folder).filter { $0.pathExtension == "swift" }
                .map { $0.standardizedFileURL.path.lowercased() }
            // Sorted by (fewer files left, not named as the folder, order in the project file).
            let ranked = candidates.enumerated().compactMap { index, candidate -> ((Int, Int, Int), Candidate)? in
                let score = candidate.score(files)
                guard score > 0 else { return nil }
                return ((-score, candidate.name == folder.lastPathComponent ? 0 : 1, index), candidate)
            }
            return ranked.sorted { $0.0 < $1.0 }.map { expanded($0.1) }
        }
    }

    /// A target as read: its files by reference, its synchronized folders with their exclusions, and what
    /// other folders' exceptions give it; expanded (folders listed) only once chosen.
    fileprivate struct Candidate {
        var name: String
        var phaseFiles: [URL]
        /// The Sources phase's Objective-C and C files.
        var foreignPhaseFiles: [URL]
        var resources: [URL]
        var synchronized: [(folder: URL, excluded: [String])]
        /// Files or folders another target's synchronized folder gives this one.
        var added: [URL]
        var infoPlist: URL?
        var compilationConditions: [String]
        var configuration: String?
        var configFiles: [URL]
        var configFileProblems: [XcodeConfigFile.Problem]
        var packageProducts: [PackageProduct]
        var localPackageFolders: [URL]
        /// The ids of the targets it depends on or links.
        var linkedTargets: [String]

        /// How many of `files` (absolute, standardized, lowercased: paths compare without case, as
        /// ``compiles(_:)``) the target compiles: by its Sources phase, by another folder's exception giving
        /// it a file or a folder, or under a synchronized folder of its own and not among that folder's
        /// exceptions.
        func score(_ files: [String]) -> Int {
            let listed = (phaseFiles + added).map { $0.standardizedFileURL.path.lowercased() }
            let synchronizedFolders = synchronized.map { folder, exclusions in
                let root = folder.standardizedFileURL.path.lowercased()
                let excluded = exclusions.map {
                    folder.appendingPathComponent($0).standardizedFileURL.path.lowercased()
                }
                return (root, excluded)
            }
            return files.filter { file in
                listed.contains { XcodeProjectTarget.path(file, isInside: $0) }
                    || synchronizedFolders.contains { root, excluded in
                        XcodeProjectTarget.path(file, isInside: root)
                            && !excluded.contains { XcodeProjectTarget.path(file, isInside: $0) }
                    }
            }.count
        }

        func expanded(frameworks: [FrameworkTarget] = []) -> XcodeProjectTarget {
            var files = phaseFiles
            var foreign = foreignPhaseFiles
            var resources = self.resources
            for (folder, exclusions) in synchronized {
                // Without case, as ``score(_:)`` counts them.
                let paths = exclusions.map { folder.appendingPathComponent($0).standardizedFileURL.path.lowercased() }
                let members = UserExtensionSource.allFiles(under: folder).filter { file in
                    let path = file.standardizedFileURL.path.lowercased()
                    return !paths.contains { XcodeProjectTarget.path(path, isInside: $0) }
                }
                // A synchronized folder's other files are the target's resources, as Xcode copies them, but
                // for the sources it compiles.
                files += members.filter { $0.pathExtension == "swift" }
                foreign += members.filter(UserExtensionSource.isForeignSource)
                resources += members.filter { $0.pathExtension != "swift" && !UserExtensionSource.isForeignSource($0) }
            }
            for item in added {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: item.path, isDirectory: &isFolder) else { continue }
                let inside = isFolder.boolValue ? UserExtensionSource.allFiles(under: item) : [item]
                files += inside.filter { $0.pathExtension == "swift" }
                foreign += inside.filter(UserExtensionSource.isForeignSource)
                if !isFolder.boolValue, item.pathExtension != "swift", !UserExtensionSource.isForeignSource(item) {
                    resources.append(item)
                }
            }
            var seen: Set<String> = []
            let unique = files.map(\.standardizedFileURL).filter { seen.insert($0.path).inserted }
            return XcodeProjectTarget(
                name: name, swiftFiles: unique, foreignSources: foreign.map(\.standardizedFileURL),
                resources: resources,
                infoPlist: infoPlist, compilationConditions: compilationConditions, configuration: configuration,
                configFiles: configFiles, configFileProblems: configFileProblems, packageProducts: packageProducts,
                localPackageFolders: localPackageFolders, frameworks: frameworks)
        }
    }

    /// Whether a build file is built for an iPhone: it names no platform filter (`platformFilter = macos;`,
    /// `platformFilters = (ios, maccatalyst);`), or its filters include `ios`.
    static func isBuiltForIOS(_ buildFile: [String: Any]?) -> Bool {
        let filters =
            (buildFile?["platformFilters"] as? [String]) ?? (buildFile?["platformFilter"] as? String).map { [$0] }
        return filters?.contains("ios") ?? true
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
        let projectList = (root["rootObject"] as? String).flatMap { objects[$0]?["buildConfigurationList"] as? String }
        var packageFolders = paths.localPackageFolders()
        packageFolders += XcodeWorkspace.packageFolders(in: projectFolder).filter { !packageFolders.contains($0) }
        var candidates: [Candidate] = []
        var frameworks: [(id: String, linked: [String], target: FrameworkTarget)] = []
        // Each target's product file reference: a Frameworks phase links a framework target by it.
        var productOwners: [String: String] = [:]
        for (id, object) in objects where object["isa"] as? String == "PBXNativeTarget" {
            if let product = object["productReference"] as? String { productOwners[product] = id }
        }
        for (targetID, object) in objects.sorted(by: { $0.key < $1.key })
        where object["isa"] as? String == "PBXNativeTarget" {
            let productType = object["productType"] as? String ?? ""
            let isExtension = productType.hasPrefix("com.apple.product-type.app-extension")
            guard isExtension || FrameworkTarget.productTypes.contains(productType) else { continue }
            var files: [URL] = []
            var foreign: [URL] = []
            var resources: [URL] = []
            // The targets it depends on or links (a framework of the app's, one per platform often).
            var linked = (object["dependencies"] as? [String] ?? []).compactMap { objects[$0]?["target"] as? String }
            for phaseID in object["buildPhases"] as? [String] ?? [] {
                guard let phase = objects[phaseID] else { continue }
                let kind = phase["isa"] as? String
                if kind == "PBXFrameworksBuildPhase" {
                    linked += (phase["files"] as? [String] ?? []).compactMap {
                        (objects[$0]?["fileRef"] as? String).flatMap { productOwners[$0] }
                    }
                }
                guard kind == "PBXSourcesBuildPhase" || kind == "PBXResourcesBuildPhase" else { continue }
                for buildFileID in phase["files"] as? [String] ?? [] {
                    guard let reference = objects[buildFileID]?["fileRef"] as? String,
                        Self.isBuiltForIOS(objects[buildFileID])
                    else { continue }
                    if kind == "PBXSourcesBuildPhase" {
                        if let path = paths.path(of: reference) {
                            if path.pathExtension == "swift" { files.append(path) }
                            if UserExtensionSource.isForeignSource(path) { foreign.append(path) }
                        }
                        continue
                    }
                    let variants =
                        objects[reference]?["isa"] as? String == "PBXVariantGroup"
                        ? objects[reference]?["children"] as? [String] ?? [] : [reference]
                    resources += variants.compactMap { paths.path(of: $0)?.standardizedFileURL }
                }
            }
            let own = object["fileSystemSynchronizedGroups"] as? [String] ?? []
            let synchronized = own.compactMap { groupID -> (URL, [String])? in
                paths.path(of: groupID).map { ($0, paths.exceptions(of: groupID, target: targetID)) }
            }
            // Another target's synchronized folder whose exception names this target gives it those files.
            var added: [URL] = []
            for (groupID, group) in objects.sorted(by: { $0.key < $1.key })
            where group["isa"] as? String == "PBXFileSystemSynchronizedRootGroup" && !own.contains(groupID) {
                guard let folder = paths.path(of: groupID) else { continue }
                added += paths.exceptions(of: groupID, target: targetID).map { folder.appendingPathComponent($0) }
            }
            let name = object["name"] as? String ?? ""
            let settings = XcodeBuildSettings(
                objects: objects, targetList: object["buildConfigurationList"] as? String, projectList: projectList,
                configFile: paths.configFile)
            let candidate =
                Candidate(
                    name: name, phaseFiles: files, foreignPhaseFiles: foreign, resources: resources,
                    synchronized: synchronized, added: added,
                    infoPlist: paths.infoPlist(settings.string("INFOPLIST_FILE"), target: name),
                    compilationConditions: settings.compilationConditions, configuration: settings.configurationName,
                    configFiles: settings.configFiles, configFileProblems: settings.configFileProblems,
                    packageProducts: (object["packageProductDependencies"] as? [String] ?? []).compactMap {
                        paths.packageProduct($0, localPackages: packageFolders)
                    }, localPackageFolders: packageFolders, linkedTargets: linked)
            if isExtension {
                candidates.append(candidate)
            } else {
                // Listed once here, whichever extension target asks for it.
                let module = FrameworkTarget(
                    moduleName: FrameworkTarget.moduleName(settings, target: name), targetName: name,
                    swiftFiles: candidate.expanded().swiftFiles)
                frameworks.append((targetID, linked, module))
            }
        }
        return Project(file: pbxproj, candidates: candidates, frameworks: frameworks)
    }

    /// Where a project's file references and groups are on disk, each found once.
    private final class ObjectPaths {
        let objects: [String: [String: Any]]
        let projectFolder: URL
        /// Each object's group.
        let parents: [String: String]
        /// Paths found so far (nil: not on disk here).
        private var found: [String: URL?] = [:]

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
            if let known = found[id] { return known }
            guard depth < 256, let object = objects[id] else { return nil }
            let path = object["path"] as? String
            let result: URL?
            switch object["sourceTree"] as? String ?? "<group>" {
            case "<absolute>":
                result = path.map { URL(fileURLWithPath: $0) }
            case "SOURCE_ROOT":
                result = path.map { projectFolder.appendingPathComponent($0) } ?? projectFolder
            case "<group>":
                let base = parents[id].flatMap { self.path(of: $0, depth: depth + 1) } ?? projectFolder
                result = path.map { base.appendingPathComponent($0) } ?? base
            default:
                result = nil
            }
            found[id] = result
            return result
        }

        /// The folders of the project's local Swift packages: each `XCLocalSwiftPackageReference`'s
        /// `relativePath` (from the project's folder), and each file reference of a folder holding a
        /// `Package.swift` (a package added to the project as a folder), in the project file's order of ids.
        func localPackageFolders() -> [URL] {
            var folders: [URL] = []
            for (id, object) in objects.sorted(by: { $0.key < $1.key }) {
                let folder: URL?
                switch object["isa"] as? String {
                case "XCLocalSwiftPackageReference":
                    folder = (object["relativePath"] as? String).map {
                        $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : projectFolder.appendingPathComponent($0)
                    }
                case "PBXFileReference":
                    folder = path(of: id)
                default:
                    folder = nil
                }
                guard let folder = folder?.standardizedFileURL,
                    FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path),
                    !folders.contains(folder)
                else { continue }
                folders.append(folder)
            }
            return folders
        }

        /// The package product dependency `id` names; nil for an object that is none. One without a package
        /// (a local package added as a folder) is looked for among `localPackages`, by a target folder of
        /// its name.
        func packageProduct(_ id: String, localPackages: [URL]) -> XcodeProjectTarget.PackageProduct? {
            guard let object = objects[id], let name = object["productName"] as? String else { return nil }
            // Xcode writes a plugin's product as `plugin:Name`: not a module.
            guard !name.hasPrefix("plugin:") else { return nil }
            let package = (object["package"] as? String).flatMap { objects[$0] }
            switch package?["isa"] as? String {
            case "XCLocalSwiftPackageReference":
                guard let relative = package?["relativePath"] as? String else { break }
                let folder =
                    relative.hasPrefix("/")
                    ? URL(fileURLWithPath: relative) : projectFolder.appendingPathComponent(relative)
                return .init(name: name, place: .folder(folder.standardizedFileURL))
            case "XCRemoteSwiftPackageReference":
                return .init(
                    name: name, place: .repository(package?["repositoryURL"] as? String ?? "a remote repository"))
            default:
                break
            }
            let folder = localPackages.first { ExtensionModule.package($0, hasTarget: name) }
            return .init(name: name, place: folder.map { .folder($0) } ?? .unknown)
        }

        /// The settings of the `.xcconfig` file `reference` names, for the configuration `configuration`,
        /// read once for every target naming it; one naming no file on disk here is a problem.
        func configFile(
            _ reference: XcodeBuildSettings.ConfigFileReference, configuration: String
        ) -> XcodeConfigFile {
            let key = ConfigFileKey(reference: reference, configuration: configuration)
            if let known = configFilesRead[key] { return known }
            let file: URL?
            let name: String
            switch reference {
            case .file(let id):
                file = path(of: id)
                name = objects[id]?["path"] as? String ?? objects[id]?["name"] as? String ?? "a file reference"
            case .inFolder(let anchor, let relative):
                file = path(of: anchor)?.appendingPathComponent(relative)
                name = relative
            }
            let read =
                file.map { XcodeConfigFile.read($0, configuration: configuration, projectFolder: projectFolder) }
                ?? XcodeConfigFile(problems: [.notOnDisk(name)])
            configFilesRead[key] = read
            return read
        }

        /// A configuration's `.xcconfig` file as read for a configuration.
        private struct ConfigFileKey: Hashable {
            var reference: XcodeBuildSettings.ConfigFileReference
            var configuration: String
        }

        /// The `.xcconfig` files read so far: a project's is named by every target's configuration.
        private var configFilesRead: [ConfigFileKey: XcodeConfigFile] = [:]

        /// The Info.plist `setting` (`INFOPLIST_FILE`) names for the target `target`, absolute: relative to
        /// the project's folder; `$(SRCROOT)`, `$(PROJECT_DIR)`, `$(SOURCE_ROOT)` and `$(TARGET_NAME)`
        /// resolved; nil for none, or one naming any other setting.
        func infoPlist(_ setting: String?, target: String) -> URL? {
            guard var file = setting else { return nil }
            for name in ["SRCROOT", "PROJECT_DIR", "SOURCE_ROOT"] {
                for form in ["$(\(name))", "${\(name)}"] {
                    file = file.replacingOccurrences(of: form, with: projectFolder.path)
                }
            }
            for form in ["$(TARGET_NAME)", "${TARGET_NAME}"] {
                file = file.replacingOccurrences(of: form, with: target)
            }
            guard !file.contains("$") else { return nil }
            return (file.hasPrefix("/") ? URL(fileURLWithPath: file) : projectFolder.appendingPathComponent(file))
                .standardizedFileURL
        }

        /// The paths, relative to the synchronized folder `group`, that an exception set of it names for
        /// `target`.
        func exceptions(of group: String, target: String) -> [String] {
            let sets = objects[group]?["exceptions"] as? [String] ?? []
            return sets.flatMap { id -> [String] in
                guard let set = objects[id], set["target"] as? String == target else { return [] }
                return set["membershipExceptions"] as? [String] ?? []
            }
        }
    }
}
