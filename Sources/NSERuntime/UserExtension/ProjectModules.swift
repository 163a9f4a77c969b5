import Foundation

/// The modules of its own an extension imports from its Xcode project, compiled before it as a `--module`
/// is (``ExtensionModule``): apps keep the code they share with their extension in a local Swift package
/// (`Packages/Core`) its target links, or in a framework target (`Shared`), and `import Core` found no
/// module without `--module`.
///
/// A module is taken when the extension's sources, or a module taken before, import it, and it is:
/// - a package product the target links from a local package (`XCLocalSwiftPackageReference`), or a target
///   folder of any of the project's local packages (a product's own dependency within its package, or
///   another local package's);
/// - else a framework or static library target of the project making that module (``FrameworkTarget``),
///   its Swift files as the project lists them.
///
/// A module given with `--module`, one of nse-bench's or the toolchain's names, and the extension's own
/// module are not looked for. What cannot be taken is said, one note each: a remote package's product
/// (nse-bench cannot fetch it), a local one whose target folder is not found, a module that does not read.
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
        /// A line naming what was taken, and one each for what could not be.
        var notes: [String] = []
    }

    /// The modules for `imports` (the extension's, in order) from `target`'s project.
    static func find(
        imports: [String], target: XcodeProjectTarget, targetName: String, given: Set<String>,
        extensionModule: String, extensionSources: [URL]
    ) -> Found {
        var found = Found()
        var taken: [String] = []
        var problems: [String] = []
        var queue = imports
        var seen = given.union(UserExtensionBuilder.reservedModuleNames).union([extensionModule])
        while !queue.isEmpty {
            let name = queue.removeFirst()
            guard seen.insert(name).inserted else { continue }
            let product = target.packageProducts.first { $0.name == name }
            var module: ExtensionModule
            let label: String
            do throws(UserExtensionError) {
                if let folder = packageFolder(of: name, product: product, in: target) {
                    module = try ExtensionModule.locate("\(name)=\(folder.path)")
                    module.origin = "a local Swift package that \(targetName) links"
                    label = "Swift package"
                } else if let framework = target.frameworks.first(where: { $0.moduleName == name }),
                    !framework.swiftFiles.isEmpty
                {
                    let root = commonFolder(of: framework.swiftFiles)
                    module = try ExtensionModule.make(
                        name: name, path: root.path, root: root,
                        sources: framework.swiftFiles.sorted { $0.path < $1.path },
                        specification: "the framework target \(framework.targetName)")
                    module.origin = "the project's framework target \(framework.targetName)"
                    let count = framework.swiftFiles.count
                    label = "framework target \(framework.targetName), \(count) Swift file\(count == 1 ? "" : "s")"
                } else {
                    if case .repository(let repository) = product?.place {
                        problems.append(
                            "not compiled: \(name), a product of the remote Swift package \(repository) that "
                                + "\(targetName) links: nse-bench cannot fetch it; give its sources with --module "
                                + "\(name)=PATH")
                    }
                    continue
                }
            } catch {
                let reason: String
                if case .badModule(_, let why) = error { reason = why } else { reason = "\(error)" }
                problems.append(
                    "not compiled: \(name), which \(targetName) links (\(reason)); give its sources with --module "
                        + "\(name)=PATH")
                continue
            }
            // A file the extension's target compiles itself is the extension's: the module would define it twice.
            guard !module.sources.contains(where: extensionSources.contains) else { continue }
            found.modules.append(module)
            taken.append("\(name) (\(label), \(module.root.path))")
            queue += module.imports
        }
        if !taken.isEmpty {
            found.notes.append("modules of the project: \(taken.joined(separator: ", ")), as \(targetName) links them")
        }
        found.notes += problems
        return found
    }

    /// The local package folder holding the module `name`: the product's own package, else the first of the
    /// project's local packages with a target folder of that name.
    private static func packageFolder(
        of name: String, product: XcodeProjectTarget.PackageProduct?, in target: XcodeProjectTarget
    ) -> URL? {
        if case .folder(let folder) = product?.place { return folder }
        return target.localPackageFolders.first { package in
            ExtensionModule.packageSourceFolders.contains {
                FileManager.default.fileExists(atPath: package.appendingPathComponent("\($0)/\(name)").path)
            }
        }
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
