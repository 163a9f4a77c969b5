public import Foundation

/// `UIImage(named:)` over the main bundle, as the extension's workers hold its target folder's resources
/// (``ExtensionMainBundle`` in NSERuntime): a PNG of the bundle (`"logo"` or `"logo.png"`, its `@3x`, `@2x` or
/// plain file, as iOS looks; another type only with its extension, `"photo.jpg"`), or an image set of an asset
/// catalog (`Assets.xcassets/.../logo.imageset`; a folder that provides a namespace prefixes its sets'
/// names, `"Teams/logo"`), its iPhone or universal image of the highest scale. An asset catalog is read as
/// it is, not compiled: a vector (PDF) entry gives no image. Each name is looked up once per process, and
/// the catalogs are indexed once, as iOS caches named images.
enum NamedImages {
    /// The image file named `name` in the main bundle, and its scale.
    static func find(_ name: String) -> (file: URL, scale: CGFloat)? {
        cache.value(for: name) { lookUp(name) }
    }

    private static let cache = Cache()

    /// Results by name, read and written only under `lock`.
    private final class Cache: @unchecked Sendable {
        private let lock = NSLock()
        private var found: [String: (file: URL, scale: CGFloat)?] = [:]

        func value(for name: String, _ make: () -> (file: URL, scale: CGFloat)?) -> (file: URL, scale: CGFloat)? {
            if let known = lock.withLock({ found[name] }) { return known }
            let made = make()
            lock.withLock { found[name] = made }
            return made
        }
    }

    private static var root: URL? { Bundle.main.resourcePath.map { URL(fileURLWithPath: $0, isDirectory: true) } }

    private static func lookUp(_ name: String) -> (file: URL, scale: CGFloat)? {
        guard !name.isEmpty, let root else { return nil }
        let manager = FileManager.default
        let stem = (name as NSString).deletingPathExtension
        let type = (name as NSString).pathExtension
        let candidates: [(String, CGFloat)] =
            type.isEmpty || type == "png"
            ? [("\(stem)@3x.png", 3), ("\(stem)@2x.png", 2), ("\(stem).png", 1)]
            : [("\(stem)@3x.\(type)", 3), ("\(stem)@2x.\(type)", 2), (name, 1)]
        for (file, scale) in candidates where manager.fileExists(atPath: root.appendingPathComponent(file).path) {
            return (root.appendingPathComponent(file), scale)
        }
        guard let set = imageSets[name] else { return nil }
        return bestImage(in: set)
    }

    /// Every image set of the asset catalogs at the bundle's root, by name (namespaced), indexed once.
    private static let imageSets: [String: URL] = {
        guard let root else { return [:] }
        var sets: [String: URL] = [:]
        let catalogs: [String]
        do {
            catalogs = try FileManager.default.contentsOfDirectory(atPath: root.path).filter {
                $0.hasSuffix(".xcassets")
            }
        } catch {
            return [:]  // a bundle that cannot be listed holds no image set UIKit could read either
        }
        for catalog in catalogs.sorted() { index(root.appendingPathComponent(catalog), namespace: "", into: &sets) }
        return sets
    }()

    private static func index(_ folder: URL, namespace: String, into sets: inout [String: URL]) {
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        } catch {
            return  // a folder that cannot be listed adds no image set
        }
        for entry in entries {
            let child = folder.appendingPathComponent(entry)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: child.path, isDirectory: &isDirectory), isDirectory.boolValue
            else { continue }
            if entry.hasSuffix(".imageset") {
                let key = namespace + String(entry.dropLast(".imageset".count))
                if sets[key] == nil { sets[key] = child }
            } else if !entry.contains(".") {
                let provides = (contents(of: child)?["properties"] as? [String: Any])?["provides-namespace"] as? Bool
                index(child, namespace: provides == true ? "\(namespace)\(entry)/" : namespace, into: &sets)
            }
        }
    }

    /// The `Contents.json` of a catalog folder; nil without one, or one that is no JSON object.
    private static func contents(of folder: URL) -> [String: Any]? {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent("Contents.json").path)
        else { return nil }
        do {
            return try JSONSerialization.jsonObject(with: data) as? [String: Any]
        } catch {
            return nil  // a Contents.json that is no JSON: Xcode would not compile it into the catalog
        }
    }

    /// The image set's iPhone or universal image of the highest scale that is there.
    private static func bestImage(in folder: URL) -> (file: URL, scale: CGFloat)? {
        guard let images = contents(of: folder)?["images"] as? [[String: Any]] else { return nil }
        let found = images.compactMap { image -> (URL, CGFloat)? in
            let idiom = image["idiom"] as? String ?? "universal"
            guard idiom == "universal" || idiom == "iphone", image["appearances"] == nil,
                let name = image["filename"] as? String
            else { return nil }
            let file = folder.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: file.path) else { return nil }
            let scale = (image["scale"] as? String).flatMap { Double($0.dropLast()) } ?? 1
            return (file, CGFloat(scale))
        }
        return found.max { $0.1 < $1.1 }
    }
}
