import Foundation

/// The modules an extension imports from its Xcode project's local Swift packages, compiled as a
/// `--module` is (``ExtensionModule``): apps keep the code they share with their extension in a package of
/// their own (`Packages/Core`) that the extension's target links, and its `import Core` found no module.
///
/// A module is taken when the extension's sources, or a module taken before, import it, and it is a
/// package product the target links from a local package (`XCLocalSwiftPackageReference`) or a target
/// folder of any of the project's local packages (a product's own dependency within its package, or
/// another local package's). A module given with `--module`, one of nse-bench's or the toolchain's names,
/// and the extension's own module are not looked for. What cannot be taken is said, one note each: a
/// remote package's product (nse-bench cannot fetch it) and a local one whose target folder is not found.
///
/// ```swift
/// let found = ProjectPackageModules.find(
///     imports: ["Core"], target: target, targetName: "App.xcodeproj's target NotifyExt", given: [],
///     extensionModule: "NotifyExt", extensionSources: sources)
/// found.modules.map(\.name)  // ["Models", "Core"] once ordered: Core imports Models
/// ```
enum ProjectPackageModules {
    /// What was found.
    struct Found {
        /// The modules taken, in the order found.
        var modules: [ExtensionModule] = []
        /// A line each for what could not be taken, and one naming what was.
        var notes: [String] = []
    }

    /// The modules for `imports` (the extension's, in order) from `target`'s packages.
    static func find(
        imports: [String], target: XcodeProjectTarget, targetName: String, given: Set<String>,
        extensionModule: String, extensionSources: [URL]
    ) -> Found {
        var found = Found()
        var queue = imports
        var seen = given.union(UserExtensionBuilder.reservedModuleNames).union([extensionModule])
        var problems: [String] = []
        while !queue.isEmpty {
            let name = queue.removeFirst()
            guard seen.insert(name).inserted else { continue }
            let product = target.packageProducts.first { $0.name == name }
            var folder: URL?
            if case .folder(let linked) = product?.place { folder = linked }
            folder =
                folder
                ?? target.localPackageFolders.first { package in
                    ExtensionModule.packageSourceFolders.contains {
                        FileManager.default.fileExists(atPath: package.appendingPathComponent("\($0)/\(name)").path)
                    }
                }
            if let folder {
                do throws(UserExtensionError) {
                    let module = try ExtensionModule.locate("\(name)=\(folder.path)")
                    guard !module.sources.contains(where: extensionSources.contains) else { continue }
                    found.modules.append(module)
                    queue += module.imports
                } catch {
                    let reason: String
                    if case .badModule(_, let why) = error { reason = why } else { reason = "\(error)" }
                    problems.append(
                        "not compiled: \(name), a product of the Swift package \(folder.path) that \(targetName) "
                            + "links (\(reason)); give its sources with --module \(name)=PATH")
                }
            } else if case .repository(let repository) = product?.place {
                problems.append(
                    "not compiled: \(name), a product of the remote Swift package \(repository) that \(targetName) "
                        + "links: nse-bench cannot fetch it; give its sources with --module \(name)=PATH")
            }
        }
        if !found.modules.isEmpty {
            let taken = found.modules.map { "\($0.name) (\($0.root.path))" }.joined(separator: ", ")
            found.notes.append("Swift package modules: \(taken), as \(targetName) links its packages")
        }
        found.notes += problems
        return found
    }
}
