public import Foundation

/// A data asset's name.
public typealias NSDataAssetName = String

/// A data set of a bundle's asset catalog (`Seed.dataset`), as UIKit's `NSDataAsset`: its iPhone file's (else
/// its universal file's) bytes and uniform type identifier, read from the catalog as it is (``AssetCatalogs``).
/// SwiftGen's `DataAsset` reads one this way.
///
/// `@unchecked Sendable`: every stored property is a `let` of a value type.
open class NSDataAsset: NSObject, @unchecked Sendable {
    /// A data asset's name.
    public typealias Name = String

    /// The asset's name.
    public let name: NSDataAssetName
    /// Its bytes.
    public let data: Data
    /// Its uniform type identifier (`"public.json"`), or `"public.data"` when the catalog names none.
    public let typeIdentifier: String

    /// The data set named `name` in `bundle`'s asset catalogs; nil when there is none, or its file cannot be
    /// read.
    public init?(name: NSDataAssetName, bundle: Bundle) {
        guard let set = AssetCatalogs.of(bundle)?.set(.data, named: name),
            let entries = AssetCatalogs.contents(of: set)?["data"] as? [[String: Any]],
            let entry = entries.first(where: { $0["idiom"] as? String == "iphone" })
                ?? entries.first(where: AssetCatalogs.isForPhone),
            let file = entry["filename"] as? String,
            let data = FileManager.default.contents(atPath: set.appendingPathComponent(file).path)
        else { return nil }
        self.name = name
        self.data = data
        typeIdentifier = entry["universal-type-identifier"] as? String ?? "public.data"
        super.init()
    }

    /// The data set named `name` in the main bundle's asset catalogs.
    public convenience init?(name: NSDataAssetName) { self.init(name: name, bundle: .main) }
}
