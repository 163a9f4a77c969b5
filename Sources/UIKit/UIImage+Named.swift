public import Foundation

/// `UIImage(named:)` over the main bundle: a file of the bundle (`"logo.png"`, or `"logo"` as
/// `logo@3x.png`, `logo@2x.png`, `logo.png`, `logo.jpg`), or an image set of an asset catalog
/// (`Assets.xcassets/.../logo.imageset`, its 3x image first), as the extension's workers hold its target
/// folder's resources (``ExtensionMainBundle`` in NSERuntime). An asset catalog is read as it is, not compiled.
enum NamedImages {
    /// The image file named `name` in the main bundle, and its scale.
    static func find(_ name: String) -> (file: URL, scale: CGFloat)? {
        guard !name.isEmpty, let resources = Bundle.main.resourcePath else { return nil }
        let root = URL(fileURLWithPath: resources, isDirectory: true)
        let manager = FileManager.default
        let candidates: [(String, CGFloat)] =
            (name as NSString).pathExtension.isEmpty
            ? [
                ("\(name)@3x.png", 3), ("\(name)@2x.png", 2), ("\(name).png", 1), ("\(name).jpg", 1),
                ("\(name).jpeg", 1),
            ]
            : [(name, 1)]
        for (file, scale) in candidates where manager.fileExists(atPath: root.appendingPathComponent(file).path) {
            return (root.appendingPathComponent(file), scale)
        }
        return imageSet(name, under: root)
    }

    /// The image of the image set `name` in an asset catalog at the bundle's root: the 3x one, else 2x, else
    /// the 1x or universal one.
    private static func imageSet(_ name: String, under root: URL) -> (file: URL, scale: CGFloat)? {
        let manager = FileManager.default
        let catalogs: [String]
        do {
            catalogs = try manager.contentsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".xcassets") }
        } catch {
            return nil  // a bundle that cannot be listed holds no image set UIKit could read either
        }
        for catalog in catalogs.sorted() {
            guard let walker = manager.enumerator(atPath: root.appendingPathComponent(catalog).path) else { continue }
            for case let path as String in walker where (path as NSString).lastPathComponent == "\(name).imageset" {
                let folder = root.appendingPathComponent(catalog).appendingPathComponent(path)
                if let image = bestImage(in: folder) { return image }
            }
        }
        return nil
    }

    /// The highest-scale image `Contents.json` of the image set `folder` lists that is there.
    private static func bestImage(in folder: URL) -> (file: URL, scale: CGFloat)? {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent("Contents.json").path)
        else { return nil }
        let contents: Any
        do {
            contents = try JSONSerialization.jsonObject(with: data)
        } catch {
            return nil  // an image set whose Contents.json is no JSON: Xcode would not compile it into the catalog
        }
        guard let images = (contents as? [String: Any])?["images"] as? [[String: Any]] else { return nil }
        let found = images.compactMap { image -> (URL, CGFloat)? in
            guard let name = image["filename"] as? String else { return nil }
            let file = folder.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: file.path) else { return nil }
            let scale = (image["scale"] as? String).flatMap { Double($0.dropLast()) } ?? 1
            return (file, CGFloat(scale))
        }
        return found.max { $0.1 < $1.1 }
    }
}
