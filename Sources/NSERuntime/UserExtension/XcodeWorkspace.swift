import Foundation

/// The local Swift packages an Xcode workspace beside a project names: apps often add their packages to
/// the workspace (`App.xcworkspace`) rather than to the project, whose targets then link the packages'
/// products by name alone.
///
/// Read from each `.xcworkspace/contents.xcworkspacedata` in the project's folder: every `FileRef` whose
/// `location` is `group:PATH` or `container:PATH` (relative to the workspace's folder) or `absolute:PATH`,
/// and whose folder holds a `Package.swift`. A `FileRef` inside a `Group` of its own location is read
/// relative to the workspace's folder too (Xcode's groups in a workspace rarely hold packages).
///
/// ```swift
/// XcodeWorkspace.packageFolders(in: projectFolder)  // [.../Packages/Core]
/// ```
enum XcodeWorkspace {
    /// The package folders the workspaces in `folder` name, standardized, in the workspaces' name order and
    /// then their order in each; none where none is there or none reads.
    static func packageFolders(in folder: URL) -> [URL] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            return []  // no folder listed, no workspace read: the project's own packages still count
        }
        var folders: [URL] = []
        for name in names.sorted() where name.hasSuffix(".xcworkspace") {
            let contents = folder.appendingPathComponent(name).appendingPathComponent("contents.xcworkspacedata")
            guard let data = FileManager.default.contents(atPath: contents.path) else { continue }
            for location in locations(in: String(decoding: data, as: UTF8.self)) {
                let package: URL
                switch location.kind {
                case "group", "container": package = folder.appendingPathComponent(location.path)
                case "absolute": package = URL(fileURLWithPath: location.path)
                default: continue
                }
                let standardized = package.standardizedFileURL
                guard FileManager.default.fileExists(atPath: standardized.appendingPathComponent("Package.swift").path),
                    !folders.contains(standardized)
                else { continue }
                folders.append(standardized)
            }
        }
        return folders
    }

    /// Each `FileRef`'s `location` in a workspace's contents, split at its first `:` (`group`, `Packages/Core`).
    static func locations(in contents: String) -> [(kind: String, path: String)] {
        let pattern = #"<FileRef\s+location\s*=\s*"([a-z]+):([^"]*)""#
        var found: [(String, String)] = []
        var start = contents.startIndex
        while let match = contents.range(of: pattern, options: .regularExpression, range: start..<contents.endIndex) {
            start = match.upperBound
            let attribute = contents[match].drop { $0 != "\"" }.dropFirst().dropLast()
            guard let colon = attribute.firstIndex(of: ":") else { continue }
            found.append((String(attribute[..<colon]), String(attribute[attribute.index(after: colon)...])))
        }
        return found
    }
}
