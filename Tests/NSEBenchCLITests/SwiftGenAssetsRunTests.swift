import Foundation
import NSEBenchTestSupport
import Testing

/// An extension target whose asset catalog and bundled font SwiftGen turned into code (its `xcassets` and
/// `fonts` templates, as apps that share a design system with their extension generate them), compiled
/// unchanged: colors, images and data are read from the catalog in the extension's bundle, the font is
/// registered from it and found by name, and `UIDevice` gives each phone its own identifier.
@Suite("nse-bench run: SwiftGen's asset code in an extension", .serialized, .timeLimit(.minutes(3)))
struct SwiftGenAssetsRunTests {
    /// SwiftGen 6.6's `xcassets` output (`swift5` template) for a catalog of one color, one image and one data
    /// set, as generated: `BundleToken` and every platform branch kept.
    static let generated = #"""
        // swiftlint:disable all
        // Generated using SwiftGen — https://github.com/SwiftGen/SwiftGen

        #if os(macOS)
          import AppKit
        #elseif os(iOS)
          import UIKit
        #elseif os(tvOS) || os(watchOS)
          import UIKit
        #endif
        #if canImport(SwiftUI)
          import SwiftUI
        #endif

        // Deprecated typealiases
        @available(*, deprecated, renamed: "ColorAsset.Color", message: "This typealias will be removed in SwiftGen 7.0")
        internal typealias AssetColorTypeAlias = ColorAsset.Color
        @available(*, deprecated, renamed: "ImageAsset.Image", message: "This typealias will be removed in SwiftGen 7.0")
        internal typealias AssetImageTypeAlias = ImageAsset.Image

        // swiftlint:disable superfluous_disable_command file_length implicit_return

        // MARK: - Asset Catalogs

        // swiftlint:disable identifier_name line_length nesting type_body_length type_name
        internal enum Asset {
          internal enum Colors {
            internal static let brand = ColorAsset(name: "Colors/Brand")
          }
          internal static let logo = ImageAsset(name: "Logo")
          internal static let seed = DataAsset(name: "Seed")
        }
        // swiftlint:enable identifier_name line_length nesting type_body_length type_name

        // MARK: - Implementation Details

        internal final class ColorAsset {
          internal fileprivate(set) var name: String

          #if os(macOS)
          internal typealias Color = NSColor
          #elseif os(iOS) || os(tvOS) || os(watchOS)
          internal typealias Color = UIColor
          #endif

          @available(iOS 11.0, tvOS 11.0, watchOS 4.0, macOS 10.13, *)
          internal private(set) lazy var color: Color = {
            guard let color = Color(asset: self) else {
              fatalError("Unable to load color asset named \(name).")
            }
            return color
          }()

          #if os(iOS) || os(tvOS)
          @available(iOS 11.0, tvOS 11.0, *)
          internal func color(compatibleWith traitCollection: UITraitCollection) -> Color {
            let bundle = BundleToken.bundle
            guard let color = Color(named: name, in: bundle, compatibleWith: traitCollection) else {
              fatalError("Unable to load color asset named \(name).")
            }
            return color
          }
          #endif

          #if canImport(SwiftUI)
          @available(iOS 13.0, tvOS 13.0, watchOS 6.0, macOS 10.15, *)
          internal private(set) lazy var swiftUIColor: SwiftUI.Color = {
            SwiftUI.Color(asset: self)
          }()
          #endif

          fileprivate init(name: String) {
            self.name = name
          }
        }

        internal extension ColorAsset.Color {
          @available(iOS 11.0, tvOS 11.0, watchOS 4.0, macOS 10.13, *)
          convenience init?(asset: ColorAsset) {
            let bundle = BundleToken.bundle
            #if os(iOS) || os(tvOS)
            self.init(named: asset.name, in: bundle, compatibleWith: nil)
            #elseif os(macOS)
            self.init(named: NSColor.Name(asset.name), bundle: bundle)
            #elseif os(watchOS)
            self.init(named: asset.name)
            #endif
          }
        }

        internal struct DataAsset {
          internal fileprivate(set) var name: String

          @available(iOS 9.0, tvOS 9.0, watchOS 6.0, macOS 10.11, *)
          internal var data: NSDataAsset {
            guard let data = NSDataAsset(asset: self) else {
              fatalError("Unable to load data asset named \(name).")
            }
            return data
          }
        }

        @available(iOS 9.0, tvOS 9.0, watchOS 6.0, macOS 10.11, *)
        internal extension NSDataAsset {
          convenience init?(asset: DataAsset) {
            let bundle = BundleToken.bundle
            #if os(iOS) || os(tvOS) || os(watchOS)
            self.init(name: asset.name, bundle: bundle)
            #elseif os(macOS)
            self.init(name: NSDataAsset.Name(asset.name), bundle: bundle)
            #endif
          }
        }

        internal struct ImageAsset {
          internal fileprivate(set) var name: String

          #if os(macOS)
          internal typealias Image = NSImage
          #elseif os(iOS) || os(tvOS) || os(watchOS)
          internal typealias Image = UIImage
          #endif

          @available(iOS 8.0, tvOS 9.0, watchOS 2.0, macOS 10.7, *)
          internal var image: Image {
            let bundle = BundleToken.bundle
            #if os(iOS) || os(tvOS)
            let image = Image(named: name, in: bundle, compatibleWith: nil)
            #elseif os(macOS)
            let name = NSImage.Name(self.name)
            let image = (bundle == .main) ? NSImage(named: name) : bundle.image(forResource: name)
            #elseif os(watchOS)
            let image = Image(named: name)
            #endif
            guard let result = image else {
              fatalError("Unable to load image asset named \(name).")
            }
            return result
          }

          #if os(iOS) || os(tvOS)
          @available(iOS 8.0, tvOS 9.0, *)
          internal func image(compatibleWith traitCollection: UITraitCollection) -> Image {
            let bundle = BundleToken.bundle
            guard let result = Image(named: name, in: bundle, compatibleWith: traitCollection) else {
              fatalError("Unable to load image asset named \(name).")
            }
            return result
          }
          #endif
        }

        internal extension ImageAsset.Image {
          @available(iOS 8.0, tvOS 9.0, watchOS 2.0, *)
          @available(macOS, deprecated,
            message: "This initializer is unsafe on macOS, please use the ImageAsset.image property")
          convenience init?(asset: ImageAsset) {
            #if os(iOS) || os(tvOS)
            let bundle = BundleToken.bundle
            self.init(named: asset.name, in: bundle, compatibleWith: nil)
            #elseif os(macOS)
            self.init(named: NSImage.Name(asset.name))
            #elseif os(watchOS)
            self.init(named: asset.name)
            #endif
          }
        }

        // swiftlint:disable convenience_type
        private final class BundleToken {
          static let bundle: Bundle = {
            #if SWIFT_PACKAGE
            return Bundle.module
            #else
            return Bundle(for: BundleToken.self)
            #endif
          }()
        }
        // swiftlint:enable convenience_type
        """#

    /// SwiftGen 6.6's `fonts` output (`swift5` template) for one bundled font, as generated.
    static let generatedFonts = #"""
        // swiftlint:disable all
        // Generated using SwiftGen — https://github.com/SwiftGen/SwiftGen

        #if os(macOS)
          import AppKit.NSFont
        #elseif os(iOS) || os(tvOS) || os(watchOS)
          import UIKit.UIFont
        #endif
        #if canImport(SwiftUI)
          import SwiftUI
        #endif

        // Deprecated typealiases
        @available(*, deprecated, renamed: "FontConvertible.Font", message: "This typealias will be removed in SwiftGen 7.0")
        internal typealias Font = FontConvertible.Font

        // swiftlint:disable superfluous_disable_command file_length implicit_return

        // MARK: - Fonts

        // swiftlint:disable identifier_name line_length type_body_length
        internal enum FontFamily {
          internal enum Staatliches {
            internal static let regular = FontConvertible(name: "Staatliches-Regular", family: "Staatliches", path: "Staatliches-Regular.ttf")
            internal static let all: [FontConvertible] = [regular]
          }
          internal static let allCustomFonts: [FontConvertible] = [Staatliches.all].flatMap { $0 }
          internal static func registerAllCustomFonts() {
            allCustomFonts.forEach { $0.register() }
          }
        }
        // swiftlint:enable identifier_name line_length type_body_length

        // MARK: - Implementation Details

        internal struct FontConvertible {
          internal let name: String
          internal let family: String
          internal let path: String

          #if os(macOS)
          internal typealias Font = NSFont
          #elseif os(iOS) || os(tvOS) || os(watchOS)
          internal typealias Font = UIFont
          #endif

          internal func font(size: CGFloat) -> Font {
            guard let font = Font(font: self, size: size) else {
              fatalError("Unable to initialize font '\(name)' (\(family))")
            }
            return font
          }

          #if canImport(SwiftUI)
          @available(iOS 13.0, tvOS 13.0, watchOS 6.0, macOS 10.15, *)
          internal func swiftUIFont(size: CGFloat) -> SwiftUI.Font {
            return SwiftUI.Font.custom(self, size: size)
          }
          #endif

          internal func register() {
            // swiftlint:disable:next conditional_returns_on_newline
            guard let url = url else { return }
            CTFontManagerRegisterFontsForURL(url as CFURL, .process, nil)
          }

          fileprivate func registerIfNeeded() {
            #if os(iOS) || os(tvOS) || os(watchOS)
            if !UIFont.fontNames(forFamilyName: family).contains(name) {
              register()
            }
            #elseif os(macOS)
            if let url = url, CTFontManagerGetScopeForURL(url as CFURL) == .none {
              register()
            }
            #endif
          }

          fileprivate var url: URL? {
            // swiftlint:disable:next implicit_return
            return BundleToken.bundle.url(forResource: path, withExtension: nil)
          }
        }

        internal extension FontConvertible.Font {
          convenience init?(font: FontConvertible, size: CGFloat) {
            font.registerIfNeeded()
            self.init(name: font.name, size: size)
          }
        }

        // swiftlint:disable convenience_type
        private final class BundleToken {
          static let bundle: Bundle = {
            #if SWIFT_PACKAGE
            return Bundle.module
            #else
            return Bundle(for: BundleToken.self)
            #endif
          }()
        }
        // swiftlint:enable convenience_type
        """#

    static let service = #"""
        import UIKit
        import UserNotifications

        class NotificationService: UNNotificationServiceExtension {
            override func didReceive(
                _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
            ) {
                let content = request.content.mutableCopy() as! UNMutableNotificationContent
                var (red, green, blue, alpha): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
                Asset.Colors.brand.color.getRed(&red, green: &green, blue: &blue, alpha: &alpha)
                let light = "\(red) \(green) \(blue) \(alpha)"
                Asset.Colors.brand.color(compatibleWith: UITraitCollection(userInterfaceStyle: .dark))
                    .getRed(&red, green: &green, blue: &blue, alpha: &alpha)
                let seed = String(decoding: Asset.seed.data.data, as: UTF8.self)
                content.subtitle = "\(light) dark \(red) \(green) \(blue) \(alpha) "
                    + "logo \(Asset.logo.image.size) seed \(seed)"
                let title = FontFamily.Staatliches.regular.font(size: 20)
                content.title = "\(title.fontName) \(title.familyName) \(title.pointSize) "
                    + "\(UIFont.fontNames(forFamilyName: "Staatliches"))"
                let device = UIDevice.current
                content.body = "\(device.systemName) \(device.systemVersion) \(device.identifierForVendor?.uuidString ?? "none")"
                FileHandle.standardError.write(
                    Data("delivered: \(content.subtitle) | \(content.title) | \(content.body)\n".utf8))
                contentHandler(content)
            }
        }
        """#

    @Test("colors, the image, the data and the font come from the target's bundle; each phone its own vendor id")
    func assetsAndDevice() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftgen-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let plist = try String(
            contentsOf: ExtensionProcessTests.root.appendingPathComponent("Examples/MediaDownload/Info.plist"),
            encoding: .utf8)
        let colorset = #"""
            {"colors":[{"idiom":"universal","color":{"color-space":"srgb","components":{"red":"0.200","green":"0.400","blue":"0.600","alpha":"1.000"}}},
            {"idiom":"universal","appearances":[{"appearance":"luminosity","value":"dark"}],
            "color":{"color-space":"srgb","components":{"red":"0xFF","green":"0x80","blue":"0x00","alpha":"1.000"}}}]}
            """#
        try TemporaryDirectory.write(
            [
                "Info.plist": plist, "NotificationService.swift": Self.service,
                "Generated/Assets.swift": Self.generated,
                "Generated/Fonts.swift": Self.generatedFonts,
                "Assets.xcassets/Contents.json": #"{"info":{"author":"xcode","version":1}}"#,
                "Assets.xcassets/Colors/Contents.json": #"{"properties":{"provides-namespace":true}}"#,
                "Assets.xcassets/Colors/Brand.colorset/Contents.json": colorset,
                "Assets.xcassets/Logo.imageset/Contents.json":
                    #"{"images":[{"idiom":"universal","filename":"logo.png","scale":"3x"}]}"#,
                "Assets.xcassets/Seed.dataset/Contents.json":
                    #"{"data":[{"idiom":"universal","filename":"seed.txt","universal-type-identifier":"public.plain-text"}]}"#,
                "Assets.xcassets/Seed.dataset/seed.txt": "v1",
            ], in: folder)
        // A PNG's signature and header: 90 × 60 pixels (UIImage reads the header alone).
        let png: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
            + [0, 0, 0, 90, 0, 0, 0, 60, 8, 6, 0, 0, 0, 0, 0, 0, 0]
        try Data(png).write(to: folder.appendingPathComponent("Assets.xcassets/Logo.imageset/logo.png"))
        // A TrueType font's table directory and name table: family Staatliches, PostScript Staatliches-Regular.
        func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        var strings: [UInt8] = []
        var records: [UInt8] = []
        for (id, text) in [(1, "Staatliches"), (4, "Staatliches Regular"), (6, "Staatliches-Regular")] {
            let utf16 = text.utf16.flatMap { be16(Int($0)) }
            records += be16(3) + be16(1) + be16(0x409) + be16(id) + be16(utf16.count) + be16(strings.count)
            strings += utf16
        }
        let names = be16(0) + be16(3) + be16(6 + records.count) + records + strings
        let font: [UInt8] =
            [0, 1, 0, 0] + be16(1) + be16(16) + be16(0) + be16(0) + Array("name".utf8) + [0, 0, 0, 0, 0, 0, 0, 28]
            + [0, 0] + be16(names.count) + names
        try Data(font).write(to: folder.appendingPathComponent("Staatliches-Regular.ttf"))
        let (status, summary, rows, log, _) = try await ExtensionProcessTests().runKeepingLog([
            "--extension", folder.path, "-n", "2", "-c", "1", "--with-media", "0", "--encrypted", "0",
        ])
        #expect(status == 0 || status == 1, "\(summary)")
        // SwiftGen's accessors call fatalError for a set they cannot load: the process would crash.
        #expect(rows.count == 2 && rows.allSatisfy { $0["outcome"] != "crashed" }, "\(rows)")
        let delivered = log.split(separator: "\n").filter { $0.hasPrefix("delivered: ") }
        #expect(delivered.count == 2, "\(log)")
        for line in delivered {
            #expect(
                line.hasPrefix(
                    "delivered: 0.2 0.4 0.6 1.0 dark 1.0 0.5019607843137255 0.0 1.0 logo "
                        + "(30.0, 20.0) seed v1 | Staatliches-Regular Staatliches 20.0 [\"Staatliches-Regular\"] | "
                        + "iOS 26.1 "), "\(line)")
        }
        let identifiers = Set(delivered.compactMap { $0.split(separator: " ").last })
        #expect(identifiers.count == 2, "two phones, two identifiers: \(delivered)")
    }
}
