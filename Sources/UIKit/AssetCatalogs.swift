import Foundation

/// The asset catalogs (`*.xcassets`) at a bundle's root, read as they are, not compiled: their image, color
/// and data sets by name, a folder that provides a namespace prefixing its sets' names (`"Teams/logo"`).
/// Each bundle's catalogs are indexed once per process (``of(_:)``), as iOS loads a bundle's compiled
/// catalog once; where two catalogs hold a set of the same name, the first in name order is taken.
///
/// ```swift
/// let catalogs = AssetCatalogs.of(Bundle.main)
/// catalogs?.set(.color, named: "Brand")  // .../Assets.xcassets/Brand.colorset
/// ```
final class AssetCatalogs: Sendable {
    /// What a set holds, named by its folder's extension.
    enum Kind: String, Sendable, CaseIterable {
        case image = "imageset"
        case color = "colorset"
        case data = "dataset"
    }

    /// Each kind's sets by (namespaced) name.
    private let sets: [Kind: [String: URL]]

    /// The catalogs at `root`, indexed now; none when the folder cannot be listed.
    init(root: URL) {
        var sets: [Kind: [String: URL]] = [:]
        let catalogs: [String]
        do {
            catalogs = try FileManager.default.contentsOfDirectory(atPath: root.path).filter {
                $0.hasSuffix(".xcassets")
            }
        } catch {
            catalogs = []  // a bundle that cannot be listed holds no set UIKit could read either
        }
        for catalog in catalogs.sorted() {
            Self.index(root.appendingPathComponent(catalog), namespace: "", into: &sets)
        }
        self.sets = sets
    }

    /// The folder of the `kind` set named `name`; nil when no catalog holds one.
    func set(_ kind: Kind, named name: String) -> URL? { sets[kind]?[name] }

    /// The catalogs of `bundle` (its resource folder); nil for a bundle without one.
    static func of(_ bundle: Bundle) -> AssetCatalogs? {
        guard let path = bundle.resourcePath else { return nil }
        return indexed.value(for: path) { AssetCatalogs(root: URL(fileURLWithPath: path, isDirectory: true)) }
    }

    private static let indexed = OnceByKey<String, AssetCatalogs>()

    private static func index(_ folder: URL, namespace: String, into sets: inout [Kind: [String: URL]]) {
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        } catch {
            return  // a folder that cannot be listed adds no set
        }
        for entry in entries {
            let child = folder.appendingPathComponent(entry)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: child.path, isDirectory: &isDirectory), isDirectory.boolValue
            else { continue }
            let stem = (entry as NSString).deletingPathExtension
            if let kind = Kind(rawValue: (entry as NSString).pathExtension) {
                if sets[kind, default: [:]][namespace + stem] == nil {
                    sets[kind, default: [:]][namespace + stem] = child
                }
            } else if !entry.contains(".") {
                let provides = (contents(of: child)?["properties"] as? [String: Any])?["provides-namespace"] as? Bool
                index(child, namespace: provides == true ? "\(namespace)\(entry)/" : namespace, into: &sets)
            }
        }
    }

    /// The `Contents.json` of a catalog folder; nil without one, or one that is no JSON object.
    static func contents(of folder: URL) -> [String: Any]? {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent("Contents.json").path)
        else { return nil }
        do {
            return try JSONSerialization.jsonObject(with: data) as? [String: Any]
        } catch {
            return nil  // a Contents.json that is no JSON: Xcode would not compile it into the catalog
        }
    }

    /// Whether a set's entry (an image, a color, a data item) is for an iPhone: its idiom is `universal`
    /// (the default) or `iphone`.
    static func isForPhone(_ entry: [String: Any]) -> Bool {
        let idiom = entry["idiom"] as? String ?? "universal"
        return idiom == "universal" || idiom == "iphone"
    }
}

/// Values made once per key and kept for the process, as iOS keeps named images and a bundle's catalog.
/// `@unchecked Sendable`: `made` is read and written only under `lock`; the values are `Sendable`.
final class OnceByKey<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var made: [Key: Value] = [:]

    /// The value for `key`, made by `make` the first time (outside the lock: two threads asking at once
    /// may both make it, and the first kept wins).
    func value(for key: Key, _ make: () -> Value) -> Value {
        if let known = lock.withLock({ made[key] }) { return known }
        let value = make()
        return lock.withLock {
            if let kept = made[key] { return kept }
            made[key] = value
            return value
        }
    }
}
