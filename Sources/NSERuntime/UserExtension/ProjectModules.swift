import Foundation

/// The modules of its own an extension imports from its Xcode project, compiled before it as a `--module`
/// is (``ExtensionModule``): apps keep the code they share with their extension in a local Swift package
/// (`Packages/Core`) its target links, or in a framework target (`Shared`), and `import Core` found no
/// module without `--module`.
///
/// A module is taken when the extension's sources, a `--module`'s or a module taken before import it (as an
/// iPhone compiles them: not under `#if os(macOS)`), and it is:
/// - a package product the target links from a local package (`XCLocalSwiftPackageReference`, or a folder
///   reference), or a target folder of one of the project's local packages or of a package one of those
///   names with `.package(path: "...")` in its `Package.swift` (a product's sibling target, a package it
///   depends on);
/// - else a framework or static library target of the project making that module (``FrameworkTarget``),
///   its Swift files as the project lists them, the one the extension's target links first;
/// - else a pod CocoaPods installed beside the project (`Pods/<module>`, ``CocoaPodsInstall``).
///
/// A module given with `--module`, one of nse-bench's or the toolchain's names, and the extension's own
/// module are not looked for. What cannot be taken is said, one note each: a remote package's product
/// (nse-bench cannot fetch it), a linked product whose package is not found, a module that does not read,
/// one whose files the extension's target compiles itself. A project's module that then does not compile is
/// left out by ``UserExtensionBuilder``, and said.
///
/// ```swift
/// let found = ProjectModules.find(
///     imports: ["Core"], target: target, targetName: "App.xcodeproj's target NotifyExt", given: [],
///     extensionModule: "NotifyExt", extensionSources: sources)
/// found.modules.map(\.name)  // ["Core", "Models"]: Core imports its package's Models
/// ```
enum ProjectModules {
    /// What was found.
    struct Found {
        /// The modules taken, in the order found.
        var modules: [ExtensionModule] = []
        /// What was taken, for the line naming it.
        var taken = Taken(targetName: "", modules: [])
        /// A line each for what could not be taken.
        var problems: [String] = []

        /// The line naming what was taken; nil when nothing was.
        var takenNote: String? { taken.note }
        /// Every line: what was taken, then what could not be.
        var notes: [String] { (takenNote.map { [$0] } ?? []) + problems }
    }

    /// The project's modules taken for an extension's target, each with where it came from.
    struct Taken: Sendable, Hashable {
        /// `Project.xcodeproj's target Name`.
        var targetName: String
        /// Each module's name and what it is (`Swift package, /path`).
        var modules: [Module]

        /// A module taken.
        struct Module: Sendable, Hashable {
            var name: String
            var description: String
        }

        /// The line naming them; nil for none.
        var note: String? {
            modules.isEmpty
                ? nil
                : "modules of the project for \(targetName): "
                    + modules.map { "\($0.name) (\($0.description))" }.joined(separator: ", ")
        }

        /// Removes the modules of `names` (left out of the build).
        mutating func removeAll(named names: Set<String>) { modules.removeAll { names.contains($0.name) } }
    }

    /// The modules for `imports` (the extension's and the given modules', in order) from `target`'s
    /// project; `given` are the `--module`s' names.
    static func find(
        imports: [String], target: XcodeProjectTarget, targetName: String, given: Set<String>,
        extensionModule: String, extensionSources: [URL]
    ) -> Found {
        var found = Found()
        found.taken.targetName = targetName
        var problems: [String] = []
        var queue = imports
        var seen = given.union(UserExtensionBuilder.reservedModuleNames).union([extensionModule])
        var packages = target.localPackageFolders
        let pods = CocoaPodsInstall(project: target.projectFolder)
        let linkedPods =
            pods == nil
            ? nil
            : CocoaPodsInstall.linkedPods(
                configFiles: target.configFiles, configuration: target.configuration ?? "Release")
        // Remote packages' checkouts taken so far, with where each is fetched from.
        var checkouts: [(folder: URL, location: String?)] = []
        while !queue.isEmpty {
            let name = queue.removeFirst()
            guard seen.insert(name).inserted else { continue }
            let product = target.packageProducts.first { $0.name == name }
            var module: ExtensionModule
            let label: String
            let place: String
            // Not a local package's or a framework target's: a remote package's, where SwiftPM or Xcode has
            // checked the package out (a target of a checkout already taken, or the product's own checkout).
            var checkedOut: (folder: URL, place: String)?
            var checkoutWithoutTarget: URL?
            if packageFolder(of: name, product: product, among: packages) == nil,
                !target.frameworks.contains(where: { $0.moduleName == name && !$0.swiftFiles.isEmpty })
            {
                if let (folder, location) = checkouts.first(where: {
                    ExtensionModule.package($0.folder, hasTarget: name)
                }) {
                    checkedOut = (
                        folder,
                        location.map { "a target of the remote Swift package \($0), checked out at \(folder.path)" }
                            ?? "a target of the Swift package checked out at \(folder.path)"
                    )
                } else if let (location, dependent) = remoteLocation(
                    of: name, product: product, among: packages + checkouts.map(\.folder)),
                    let folder = checkout(
                        of: location, near: packages, dependent: dependent, project: target.projectFolder)
                {
                    if ExtensionModule.package(folder, hasTarget: name) {
                        checkedOut = (folder, "a checkout of the remote Swift package \(location)")
                        checkouts.append((folder, location))
                    } else {
                        checkoutWithoutTarget = folder
                    }
                } else if product == nil,
                    let folder = checkout(holdingTarget: name, near: packages, project: target.projectFolder)
                {
                    // A module of a product of another name: its checkout's name stands for where it is from.
                    checkedOut = (folder, "a target of the Swift package checked out at \(folder.path)")
                    checkouts.append((folder, nil))
                }
            }
            do throws(UserExtensionError) {
                if let (folder, checkoutPlace) = checkedOut {
                    place = checkoutPlace
                    module = try ExtensionModule.locate("\(name)=\(folder.path)")
                    module.origin = place
                    label = "Swift package checkout"
                } else if let folder = packageFolder(of: name, product: product, among: packages) {
                    place =
                        product == nil
                        ? "a target of the local Swift package \(folder.path)" : "which \(targetName) links"
                    module = try ExtensionModule.locate("\(name)=\(folder.path)")
                    module.origin = product == nil ? place : "a local Swift package that \(targetName) links"
                    label = "Swift package"
                    for dependency in pathDependencies(of: folder) where !packages.contains(dependency) {
                        packages.append(dependency)
                    }
                } else if let framework = target.frameworks.first(where: {
                    $0.moduleName == name && !$0.swiftFiles.isEmpty
                }) {
                    place = "the project's framework target \(framework.targetName)"
                    // A file the project lists that is not there (generated by a build phase) is left out.
                    let present = framework.swiftFiles.filter { FileManager.default.fileExists(atPath: $0.path) }
                    let absent = framework.swiftFiles.filter { !present.contains($0) }
                    if !absent.isEmpty {
                        problems.append(
                            "not compiled in \(name): \(absent.map(\.lastPathComponent).joined(separator: ", ")), which "
                                + "\(place) lists and is not on disk here (a file a build phase generates?)")
                    }
                    guard !present.isEmpty else { continue }
                    let root = commonFolder(of: present)
                    module = try ExtensionModule.make(
                        name: name, path: root.path, root: root, sources: present.sorted { $0.path < $1.path },
                        specification: place)
                    module.origin = place
                    let count = present.count
                    label = "framework target \(framework.targetName), \(count) Swift file\(count == 1 ? "" : "s")"
                } else if let pod = pods?.folder(ofPod: name) {
                    guard linkedPods?.contains(name.lowercased()) ?? true else {
                        problems.append(
                            "not compiled: \(name), a pod installed at \(pod.path) that CocoaPods links into other "
                                + "targets, not \(targetName) (its Pods xcconfig names no \(name))")
                        continue
                    }
                    place = "the CocoaPods pod installed at \(pod.path)"
                    module = try ExtensionModule.locate("\(name)=\(pod.path)")
                    module.origin = place
                    module.otherConditions = [CocoaPodsInstall.condition]
                    label = "CocoaPods pod"
                } else {
                    switch product?.place {
                    case .repository(let repository):
                        problems.append(
                            "not compiled: \(name), a product of the remote Swift package \(repository) that "
                                + "\(targetName) links: "
                                + Self.unfetched(
                                    name, checkout: checkoutWithoutTarget,
                                    where: "beside the project "
                                        + "(SourcePackages/checkouts or .build/checkouts)"))
                    case .unknown:
                        problems.append(
                            "not compiled: \(name), which \(targetName) links: its package is not among the local packages "
                                + "of the project or a workspace beside it; give its sources with "
                                + "--module \(name)=PATH")
                    case .folder:
                        break
                    case nil:
                        // A remote product a local package's target depends on: where it comes from.
                        let remote = packages.lazy.compactMap { folder -> (PackageManifest, String, String)? in
                            guard case .success(let manifest) = PackageManifestReader.manifest(ofPackageAt: folder),
                                let source = manifest.remoteSource(ofProduct: name)
                            else { return nil }
                            return (manifest, source.location, source.target)
                        }.first
                        if let (manifest, location, target) = remote {
                            problems.append(
                                "not compiled: \(name), a product of the remote Swift package \(location) that the "
                                    + "local package \(manifest.name)'s target \(target) depends on: "
                                    + Self.unfetched(
                                        name, checkout: checkoutWithoutTarget,
                                        where: "in the package's "
                                            + ".build/checkouts (`swift package resolve` there makes one)"))
                        } else if let pods, let entry = pods.podfileEntry(name) {
                            switch entry {
                            case .installed:
                                problems.append(
                                    "not compiled: \(name), a pod the Podfile in \(pods.folder.path) names: it is not "
                                        + "installed there (no Pods/\(name); `pod install` beside the Podfile installs "
                                        + "it), or give its sources with --module \(name)=PATH")
                            case .developmentPod(let path):
                                problems.append(
                                    "not compiled: \(name), a development pod the Podfile in \(pods.folder.path) takes "
                                        + "from \(path): nse-bench does not read its podspec; give its source folder "
                                        + "with --module \(name)=PATH")
                            }
                        }
                    }
                    continue
                }
            } catch {
                let reason: String
                if case .badModule(_, let why) = error { reason = why } else { reason = "\(error)" }
                // nse-bench compiles Swift alone: --module would refuse the same sources.
                let advice =
                    reason.contains("Objective-C or C sources") ? "" : "; give its sources with --module \(name)=PATH"
                problems.append("not compiled: \(name), \(place) (\(reason))\(advice)")
                continue
            }
            let shared = module.sources.filter(extensionSources.contains)
            guard shared.isEmpty else {
                // Its types are the extension's own already: a module would define them twice.
                problems.append(
                    "not compiled: \(name) (\(label)): \(targetName) compiles its \(shared.map(\.lastPathComponent).joined(separator: ", ")) "
                        + "itself, which the extension's module holds")
                continue
            }
            found.modules.append(module)
            found.taken.modules.append(Taken.Module(name: name, description: "\(label), \(module.root.path)"))
            queue += module.imports
        }
        found.problems = problems
        return found
    }

    /// Where the remote package providing `name` is fetched from: the repository of the product the target
    /// links, else of the remote product a local package's target depends on; nil when neither says.
    /// The local package that depends on it is returned too (nil for the target's own link).
    private static func remoteLocation(
        of name: String, product: XcodeProjectTarget.PackageProduct?, among packages: [URL]
    ) -> (location: String, dependent: URL?)? {
        if case .repository(let repository) = product?.place { return (repository, nil) }
        guard product == nil else { return nil }
        return packages.lazy.compactMap { folder -> (String, URL?)? in
            guard case .success(let manifest) = PackageManifestReader.manifest(ofPackageAt: folder),
                let location = manifest.remoteSource(ofProduct: name)?.location
            else { return nil }
            return (location, folder)
        }.first
    }

    /// Why a remote product is not compiled: no checkout of it `where`, or its checkout has no Swift target of
    /// that name.
    private static func unfetched(_ name: String, checkout: URL?, where place: String) -> String {
        guard let checkout else {
            return "nse-bench cannot fetch it, and no checkout of it is \(place); give its sources with --module "
                + "\(name)=PATH"
        }
        return "its checkout at \(checkout.path) has no Swift target \(name) (a binary, C or Objective-C target, or a "
            + "module of another name); give its sources with --module \(name)=PATH"
    }

    /// The checkout of the remote package at `location` that SwiftPM or Xcode left on disk: a folder named
    /// as its repository (any case, without `.git`) holding a `Package.swift`, in a local package's
    /// `.build/checkouts` (`swift package resolve`), or in `SourcePackages/checkouts` or `.build/checkouts`
    /// beside the project (`xcodebuild -clonedSourcePackagesDirPath SourcePackages`); `dependent`'s own first
    /// for its dependency, the project's first for the target's link. nse-bench fetches nothing itself.
    static func checkout(of location: String, near packages: [URL], dependent: URL? = nil, project: URL?) -> URL? {
        var name = location
        while name.hasSuffix("/") { name.removeLast() }
        name = String(name.split(separator: "/").last ?? Substring(name))
        if name.lowercased().hasSuffix(".git") { name.removeLast(4) }
        guard !name.isEmpty else { return nil }
        // The version resolved for whoever asks first: the dependent package's own checkouts for its dependency,
        // the project's for a product the target links; then the rest.
        let projectRoots = ["SourcePackages/checkouts", ".build/checkouts"].compactMap {
            project?.appendingPathComponent($0)
        }
        let packageRoots = ([dependent].compactMap { $0 } + packages.filter { $0 != dependent }).map {
            $0.appendingPathComponent(".build/checkouts")
        }
        let roots = dependent == nil ? projectRoots + packageRoots : packageRoots + projectRoots
        return checkouts(in: roots).first { $0.lastPathComponent.lowercased() == name.lowercased() }
    }

    /// The package folders (holding a `Package.swift`) in each of `roots`, a checkouts folder, in order.
    private static func checkouts(in roots: [URL]) -> [URL] {
        roots.flatMap { root -> [URL] in
            let entries: [String]
            do {
                entries = try FileManager.default.contentsOfDirectory(atPath: root.path)
            } catch {
                return []  // no checkouts there
            }
            return entries.sorted().map { root.appendingPathComponent($0).standardizedFileURL }.filter {
                FileManager.default.fileExists(atPath: $0.appendingPathComponent("Package.swift").path)
            }
        }
    }

    /// The checkout holding a target named `name` when no product or dependency says which package it is of
    /// (`import XCore` of a product `X`): the first checkout beside the project or a local package whose
    /// manifest's text names it and whose manifest has it as a target. Only manifests that name it are read.
    static func checkout(holdingTarget name: String, near packages: [URL], project: URL?) -> URL? {
        let roots =
            ["SourcePackages/checkouts", ".build/checkouts"].compactMap { project?.appendingPathComponent($0) }
            + packages.map { $0.appendingPathComponent(".build/checkouts") }
        return checkouts(in: roots).first { folder in
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent("Package.swift").path),
                String(decoding: data, as: UTF8.self).contains("\"\(name)\"")
            else { return false }
            return ExtensionModule.package(folder, hasTarget: name)
        }
    }

    /// The local package folder holding the module `name`: the product's own package, else the first of
    /// `packages` with a target folder of that name.
    private static func packageFolder(
        of name: String, product: XcodeProjectTarget.PackageProduct?, among packages: [URL]
    ) -> URL? {
        if case .folder(let folder) = product?.place { return folder }
        return packages.first { ExtensionModule.package($0, hasTarget: name) }
    }

    /// The folders of the packages the `Package.swift` in `package` depends on by path
    /// (`.package(path: "../Models")`): as its manifest says (``PackageManifestReader``), else as its text
    /// reads (with or without a `name:` first), standardized; none when it cannot be read (its targets are
    /// still looked for, only not its dependencies').
    static func pathDependencies(of package: URL) -> [URL] {
        if case .success(let read) = PackageManifestReader.manifest(ofPackageAt: package) {
            return read.pathDependencies
        }
        let manifest = package.appendingPathComponent("Package.swift")
        guard let data = FileManager.default.contents(atPath: manifest.path) else { return [] }
        let text = withoutComments(String(decoding: data, as: UTF8.self))
        let pattern = ##"\.package\(\s*(?:name\s*:\s*#?"[^"]*"#?\s*,\s*)?path\s*:\s*#?"([^"]+)"#?"##
        var folders: [URL] = []
        var searchStart = text.startIndex
        while let match = text.range(of: pattern, options: .regularExpression, range: searchStart..<text.endIndex) {
            searchStart = match.upperBound
            let call = text[match]
            guard let label = call.range(of: "path"),
                let open = call[label.upperBound...].firstIndex(of: "\"")
            else { continue }
            let path = call[call.index(after: open)...].prefix { $0 != "\"" }
            guard !path.contains("\\(") else { continue }  // interpolated: not a path that reads here
            let folder =
                path.hasPrefix("/") ? URL(fileURLWithPath: String(path)) : package.appendingPathComponent(String(path))
            folders.append(folder.standardizedFileURL)
        }
        return folders
    }

    /// `text` without its `//` and `/* */` comments (strings kept: a URL's `//` is no comment).
    static func withoutComments(_ text: String) -> String {
        var result = ""
        var inString = false
        var characters = text.makeIterator()
        var pending = characters.next()
        while let character = pending {
            pending = characters.next()
            if inString {
                result.append(character)
                if character == "\\", let escaped = pending {
                    result.append(escaped)
                    pending = characters.next()
                } else if character == "\"" {
                    inString = false
                }
            } else if character == "/" && pending == "/" {
                while let next = pending, !next.isNewline { pending = characters.next() }
            } else if character == "/" && pending == "*" {
                var previous: Character = " "
                pending = characters.next()
                while let next = pending {
                    pending = characters.next()
                    if previous == "*" && next == "/" { break }
                    previous = next
                }
                result.append(" ")
            } else {
                if character == "\"" { inString = true }
                result.append(character)
            }
        }
        return result
    }

    /// The deepest folder holding every one of `files`.
    static func commonFolder(of files: [URL]) -> URL {
        var common = files[0].deletingLastPathComponent().pathComponents
        for file in files.dropFirst() {
            let components = file.deletingLastPathComponent().pathComponents
            common = Array(zip(common, components).prefix { $0 == $1 }.map(\.0))
        }
        return URL(fileURLWithPath: NSString.path(withComponents: common.isEmpty ? ["/"] : common))
    }
}
