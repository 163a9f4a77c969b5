import Foundation

/// `UIImage(named:)` over a bundle, the main one by default, as the extension's workers hold its target
/// folder's resources (``ExtensionMainBundle`` in NSERuntime): a PNG of the bundle (`"logo"` or `"logo.png"`,
/// its `@3x`, `@2x` or plain file, as iOS looks; another type only with its extension, `"photo.jpg"`), or an
/// image set of an asset catalog (``AssetCatalogs``: `Assets.xcassets/.../logo.imageset`; a folder that
/// provides a namespace prefixes its sets' names, `"Teams/logo"`), its iPhone or universal image of the
/// highest scale. An asset catalog is read as it is, not compiled: a vector (PDF) entry gives no image. Each
/// name is looked up once per bundle and process, as iOS caches named images.
enum NamedImages {
    /// An image file and its scale.
    struct Found: Sendable {
        var file: URL
        var scale: CGFloat
    }

    /// The image file named `name` in `bundle`, and its scale.
    static func find(_ name: String, in bundle: Bundle = .main) -> Found? {
        guard let resources = bundle.resourcePath else { return nil }
        return cache.value(for: Key(resources: resources, name: name)) { lookUp(name, in: bundle, root: resources) }
    }

    private struct Key: Hashable, Sendable {
        var resources: String
        var name: String
    }

    private static let cache = OnceByKey<Key, Found?>()

    private static func lookUp(_ name: String, in bundle: Bundle, root path: String) -> Found? {
        guard !name.isEmpty else { return nil }
        let root = URL(fileURLWithPath: path, isDirectory: true)
        let manager = FileManager.default
        let stem = (name as NSString).deletingPathExtension
        let type = (name as NSString).pathExtension
        let candidates: [(String, CGFloat)] =
            type.isEmpty || type == "png"
            ? [("\(stem)@3x.png", 3), ("\(stem)@2x.png", 2), ("\(stem).png", 1)]
            : [("\(stem)@3x.\(type)", 3), ("\(stem)@2x.\(type)", 2), (name, 1)]
        for (file, scale) in candidates where manager.fileExists(atPath: root.appendingPathComponent(file).path) {
            return Found(file: root.appendingPathComponent(file), scale: scale)
        }
        guard let set = AssetCatalogs.of(bundle)?.set(.image, named: name) else { return nil }
        return bestImage(in: set)
    }

    /// The image set's iPhone or universal image of the highest scale that is there.
    private static func bestImage(in folder: URL) -> Found? {
        guard let images = AssetCatalogs.contents(of: folder)?["images"] as? [[String: Any]] else { return nil }
        let found = images.compactMap { image -> Found? in
            guard AssetCatalogs.isForPhone(image), image["appearances"] == nil,
                let name = image["filename"] as? String
            else { return nil }
            let file = folder.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: file.path) else { return nil }
            let scale = (image["scale"] as? String).flatMap { Double($0.dropLast()) } ?? 1
            return Found(file: file, scale: CGFloat(scale))
        }
        return found.max { $0.scale < $1.scale }
    }
}
