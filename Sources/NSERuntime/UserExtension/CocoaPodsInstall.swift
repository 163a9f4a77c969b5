import Foundation

/// The pods CocoaPods installed beside an Xcode project (`pod install`): an app whose Podfile gives its
/// extension target `pod 'Kingfisher'` has the pod's sources in `Pods/Kingfisher`, and the extension's
/// `import Kingfisher` finds that module on a Mac. CocoaPods keeps only the files the podspec names (its
/// `source_files` and resources), so the folder holds the module's sources, as a `--module` would be given.
///
/// ```swift
/// let pods = CocoaPodsInstall(project: projectFolder)
/// pods?.folder(ofPod: "Kingfisher")  // .../Pods/Kingfisher
/// pods?.podfileNames("Kingfisher")   // true: `pod 'Kingfisher', '~> 7.0'`
/// ```
struct CocoaPodsInstall {
    /// The folder holding the Podfile and `Pods/`.
    let folder: URL
    /// The Podfile's text; empty when there is none.
    let podfile: String

    /// The CocoaPods install beside `project` (the folder holding the `.xcodeproj`); nil when it has neither
    /// a Podfile nor a `Pods` folder.
    init?(project: URL?) {
        guard let project else { return nil }
        let podfile = project.appendingPathComponent("Podfile")
        let text = FileManager.default.contents(atPath: podfile.path).map { String(decoding: $0, as: UTF8.self) }
        guard text != nil || Self.isFolder(project.appendingPathComponent("Pods")) else { return nil }
        self.folder = project
        self.podfile = text ?? ""
    }

    /// CocoaPods' own folders in `Pods/`, never a pod's.
    static let ownFolders: Set<String> = ["Target Support Files", "Headers", "Local Podspecs", "Pods.xcodeproj"]

    /// The installed pod folder for the module `name`: `Pods/<name>`, its case as written or not; nil when
    /// not installed.
    func folder(ofPod name: String) -> URL? {
        let pods = folder.appendingPathComponent("Pods")
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: pods.path)
        } catch {
            return nil  // no Pods folder: nothing installed
        }
        let match = entries.first { $0 == name } ?? entries.first { $0.lowercased() == name.lowercased() }
        guard let match, !Self.ownFolders.contains(match) else { return nil }
        let pod = pods.appendingPathComponent(match, isDirectory: true)
        return Self.isFolder(pod) ? pod : nil
    }

    /// Whether the Podfile names the pod `name` (`pod 'Name'`, `pod "Name/Subspec", ...`), outside comments.
    func podfileNames(_ name: String) -> Bool {
        podfile.split(separator: "\n").contains { line in
            let code = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = code.trimmingCharacters(in: .whitespaces)
            guard words.hasPrefix("pod ") || words.hasPrefix("pod\t") else { return false }
            let quoted = words.dropFirst(3).trimmingCharacters(in: .whitespaces)
            guard let quote = quoted.first, quote == "'" || quote == "\"" else { return false }
            let pod = quoted.dropFirst().prefix { $0 != quote }
            return (pod.split(separator: "/").first.map(String.init) ?? "").lowercased() == name.lowercased()
        }
    }

    private static func isFolder(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
