import Foundation

/// The pods CocoaPods installed beside an Xcode project (`pod install`): an app whose Podfile gives its
/// extension target `pod 'Kingfisher'` has the pod's sources in `Pods/Kingfisher`, and the extension's
/// `import Kingfisher` finds that module on a Mac. CocoaPods keeps only the files the podspec names (its
/// `source_files` and resources), so the folder holds the module's sources, as a `--module` would be given.
/// CocoaPods compiles a pod with `COCOAPODS` defined (``condition``), and links a pod only into the targets
/// the Podfile gives it to (``linkedPods(configFiles:)``).
///
/// ```swift
/// let pods = CocoaPodsInstall(project: projectFolder)
/// pods?.folder(ofPod: "Kingfisher")  // .../Pods/Kingfisher
/// pods?.podfileEntry("Kingfisher")  // .installed: `pod 'Kingfisher', '~> 7.0'`
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

    /// The compilation condition CocoaPods defines for its pods and the targets using them.
    static let condition = "COCOAPODS"

    /// CocoaPods' own folders in `Pods/`, never a pod's.
    static let ownFolders: Set<String> = ["Target Support Files", "Headers", "Local Podspecs", "Pods.xcodeproj"]

    /// The installed pod folder for the module `name`: `Pods/<name>`, its case as written or not, else the pod
    /// whose module map in `Target Support Files` declares that module (the pod `lottie-ios` makes the module
    /// `Lottie`: `Target Support Files/lottie-ios/lottie-ios.modulemap` reads `framework module Lottie`); nil
    /// when not installed.
    func folder(ofPod name: String) -> URL? {
        let pods = folder.appendingPathComponent("Pods")
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: pods.path)
        } catch {
            return nil  // no Pods folder: nothing installed
        }
        let match =
            entries.first { $0 == name } ?? entries.first { $0.lowercased() == name.lowercased() }
            ?? Self.pod(declaringModule: name, in: pods.appendingPathComponent("Target Support Files"))
        guard let match, !Self.ownFolders.contains(match) else { return nil }
        let pod = pods.appendingPathComponent(match, isDirectory: true)
        return Self.isFolder(pod) ? pod : nil
    }

    /// The pod (its folder's name in `Pods/`) whose generated module map declares `module`: each
    /// `Target Support Files/<pod target>/<pod target>.modulemap`, its `-iOS` suffix (a pod built for several
    /// platforms) dropped.
    private static func pod(declaringModule module: String, in support: URL) -> String? {
        let targets: [String]
        do {
            targets = try FileManager.default.contentsOfDirectory(atPath: support.path)
        } catch {
            return nil  // no support files: only Pods/<module> can say
        }
        for target in targets.sorted() {
            let map = support.appendingPathComponent(target).appendingPathComponent("\(target).modulemap")
            guard let data = FileManager.default.contents(atPath: map.path) else { continue }
            let words = String(decoding: data, as: UTF8.self).split { $0 == " " || $0 == "\n" || $0 == "{" }
            guard let index = words.firstIndex(of: "module"), index + 1 < words.count,
                words[index + 1] == module
            else { continue }
            return target.hasSuffix("-iOS") ? String(target.dropLast(4)) : target
        }
        return nil
    }

    /// How the Podfile names a pod.
    enum PodfileEntry: Equatable {
        /// From a spec repository or git: `pod install` puts it in `Pods/`.
        case installed
        /// A development pod (`:path => '../Shared'`), compiled from that folder, never copied to `Pods/`.
        case developmentPod(path: String)
    }

    /// How the Podfile names the pod `name` (`pod 'Name'`, `pod "Name/Subspec", ...`, outside comments); nil
    /// when it does not.
    func podfileEntry(_ name: String) -> PodfileEntry? {
        for line in podfile.split(separator: "\n") {
            let code = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = code.trimmingCharacters(in: .whitespaces)
            guard words.hasPrefix("pod ") || words.hasPrefix("pod\t") else { continue }
            let quoted = words.dropFirst(3).trimmingCharacters(in: .whitespaces)
            guard let quote = quoted.first, quote == "'" || quote == "\"" else { continue }
            let pod = quoted.dropFirst().prefix { $0 != quote }
            guard (pod.split(separator: "/").first.map(String.init) ?? "").lowercased() == name.lowercased() else {
                continue
            }
            if let path = Self.value(of: ":path", in: words) ?? Self.value(of: "path:", in: words) {
                return .developmentPod(path: path)
            }
            return .installed
        }
        return nil
    }

    /// The quoted value after `key` (`:path => '../Shared'`, `path: "../Shared"`) in `line`.
    private static func value(of key: String, in line: String) -> String? {
        guard let range = line.range(of: key) else { return nil }
        let rest = line[range.upperBound...].drop { $0 == " " || $0 == "=" || $0 == ">" || $0 == "\t" }
        guard let quote = rest.first, quote == "'" || quote == "\"" else { return nil }
        return String(rest.dropFirst().prefix { $0 != quote })
    }

    /// The modules of the pods CocoaPods links into a target, read (``XcodeConfigFile``, for the build
    /// configuration `configuration`) from its xcconfig among `configFiles` (the files the target's build
    /// settings name, `Pods/Target Support Files/Pods-App-NotifyExt/...xcconfig`): each `-framework "Name"`
    /// and `-l"Name"` of `OTHER_LDFLAGS`. Lowercased; nil when no such file is named or none reads, and every
    /// installed pod may then be the target's.
    static func linkedPods(configFiles: [URL], configuration: String) -> Set<String>? {
        var names: Set<String>?
        for file in configFiles where file.path.contains("/Target Support Files/Pods-") {
            let read = XcodeConfigFile.read(file, configuration: configuration)
            guard read.problems.isEmpty else { continue }
            var found = names ?? []
            let flags = read.settings["OTHER_LDFLAGS"] ?? ""
            for marker in ["-framework \"", "-l\""] {
                var rest = flags[...]
                while let range = rest.range(of: marker) {
                    let name = rest[range.upperBound...].prefix { $0 != "\"" }
                    if !name.isEmpty { found.insert(name.lowercased()) }
                    rest = rest[range.upperBound...]
                }
            }
            names = found
        }
        return names
    }

    private static func isFolder(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
