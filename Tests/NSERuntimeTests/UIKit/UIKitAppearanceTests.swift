import Foundation
import NSEBenchTestSupport
import Testing

// The UIKit calls are in UIKitAppearanceProbe.swift, which imports no Testing (see UIImageTests.swift).

/// UIColor, UITraitCollection, UIDevice and the asset catalog sets, as code shared between an app and its
/// extension uses them (SwiftGen's asset code, device facts sent with a request).
@Suite("UIKit: colors, traits, the device and asset catalog sets")
struct UIKitAppearanceTests {
    /// A bundle folder whose asset catalog holds color sets in each form Xcode writes, an image set and a
    /// data set; removed by the caller.
    static func bundle() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("uikit-assets-\(UUID().uuidString)")
        func color(_ components: String, appearances: String = "") -> String {
            #"{"idiom":"universal",\#(appearances)"color":{"color-space":"srgb","components":{\#(components)}}}"#
        }
        let dark = #""appearances":[{"appearance":"luminosity","value":"dark"}],"#
        let files: [String: String] = [
            "Assets.xcassets/Contents.json": #"{"info":{"author":"xcode","version":1}}"#,
            // Fractions for any appearance, hexadecimal bytes for dark.
            "Assets.xcassets/Brand.colorset/Contents.json": #"{"colors":["#
                + color(#""red":"0.200","green":"0.400","blue":"0.600","alpha":"1.000""#) + ","
                + color(#""red":"0x33","green":"0x66","blue":"0xFF","alpha":"0.500""#, appearances: dark) + "]}",
            // In a folder that provides a namespace; whole bytes.
            "Assets.xcassets/Theme/Contents.json": #"{"properties":{"provides-namespace":true}}"#,
            "Assets.xcassets/Theme/Accent.colorset/Contents.json": #"{"colors":["#
                + color(#""red":"51","green":"102","blue":"153","alpha":"1.000""#) + "]}",
            "Assets.xcassets/Gray.colorset/Contents.json": #"{"colors":["#
                + color(#""white":"0.500","alpha":"1.000""#) + "]}",
            "Assets.xcassets/System.colorset/Contents.json":
                #"{"colors":[{"idiom":"universal","color":{"platform":"ios","reference":"systemBlueColor"}}]}"#,
            // An iPad's color only, and high contrast only: neither is an iPhone's.
            "Assets.xcassets/Pad.colorset/Contents.json": #"{"colors":[{"idiom":"ipad","#
                + #""color":{"components":{"red":"1","green":"0","blue":"0","alpha":"1"}}}]}"#,
            "Assets.xcassets/Broken.colorset/Contents.json": "not json",
            // An iPhone's entry over a universal one; a P3 entry over an sRGB one; alpha written "1".
            "Assets.xcassets/Phone.colorset/Contents.json": #"{"colors":["#
                + color(#""red":"1.000","green":"0.000","blue":"0.000","alpha":"1.000""#) + ","
                + #"{"idiom":"iphone","display-gamut":"sRGB","color":{"components":{"red":"0","green":"0","#
                + #""blue":"255","alpha":"1"}}},"#
                + #"{"idiom":"iphone","display-gamut":"display-P3","color":{"components":{"red":"0","#
                + #""green":"255","blue":"0","alpha":"1"}}}]}"#,
            // Any, light and dark; and a high-contrast entry beside them, passed over.
            "Assets.xcassets/Three.colorset/Contents.json": #"{"colors":["#
                + color(#""white":"0.100","alpha":"1""#) + ","
                + color(
                    #""white":"0.200","alpha":"1""#,
                    appearances: #""appearances":[{"appearance":"luminosity","value":"light"}],"#) + ","
                + color(#""white":"0.300","alpha":"1""#, appearances: dark) + ","
                + color(
                    #""white":"0.900","alpha":"1""#,
                    appearances: #""appearances":[{"appearance":"contrast","value":"high"}],"#) + "]}",
            "Assets.xcassets/Seed.dataset/Contents.json":
                #"{"data":[{"idiom":"universal","filename":"seed.json","universal-type-identifier":"public.json"}]}"#,
            "Assets.xcassets/Seed.dataset/seed.json": #"{"seed":5}"#,
            "Assets.xcassets/Logo.imageset/Contents.json":
                #"{"images":[{"idiom":"universal","filename":"logo@2x.png","scale":"2x"}]}"#,
        ]
        try TemporaryDirectory.write(files, in: root)
        try Data(ImageFiles.png(width: 120, height: 80)).write(
            to: root.appendingPathComponent("Assets.xcassets/Logo.imageset/logo@2x.png"))
        return root
    }

    @Test("a named color reads each form of component, its dark appearance and its namespace; nil where iOS has none")
    func namedColors() throws {
        let root = try Self.bundle()
        defer { try? FileManager.default.removeItem(at: root) }
        let brand = try #require(UIKitAppearanceProbe.namedColor("Brand", bundle: root.path))
        let light = RGBA(0.2, 0.4, 0.6, 1)
        let dark = RGBA(0.2, 0.4, 1, 0.5)
        #expect(brand.plain.isClose(to: light), "the phone's traits are light: \(brand.plain)")
        #expect(brand.light.isClose(to: light) && brand.dark.isClose(to: dark), "\(brand)")
        let forDark = try #require(UIKitAppearanceProbe.namedColorForDark("Brand", bundle: root.path))
        #expect(
            forDark.dark.isClose(to: dark) && forDark.underLight.isClose(to: dark), "resolved when asked: \(forDark)")
        let accent = try #require(UIKitAppearanceProbe.namedColor("Theme/Accent", bundle: root.path))
        #expect(accent.dark.isClose(to: RGBA(0.2, 0.4, 0.6, 1)), "the same for any appearance: \(accent)")
        #expect(UIKitAppearanceProbe.namedColor("Accent", bundle: root.path) == nil, "its name is namespaced")
        #expect(UIKitAppearanceProbe.namedColorsEqual("Brand", bundle: root.path))
        let gray = try #require(UIKitAppearanceProbe.whiteOf("Gray", bundle: root.path))
        #expect(gray.isGray && abs(gray.white - 0.5) < 0.001)
        #expect(UIKitAppearanceProbe.whiteOf("Brand", bundle: root.path)?.isGray == false)
        let system = try #require(UIKitAppearanceProbe.namedColor("System", bundle: root.path))
        let blue = UIKitAppearanceProbe.systemBlue
        #expect(system.light == blue.light && system.dark == blue.dark && system.light != system.dark)
        #expect(blue.light.isClose(to: RGBA(0, 122.0 / 255, 1, 1)))
        let phone = try #require(UIKitAppearanceProbe.namedColor("Phone", bundle: root.path))
        #expect(phone.plain == RGBA(0, 1, 0, 1), "the iPhone's P3 entry, alpha 1 as a fraction: \(phone)")
        let three = try #require(UIKitAppearanceProbe.namedColor("Three", bundle: root.path))
        #expect(three.light.isClose(to: RGBA(0.2, 0.2, 0.2, 1)) && three.dark.isClose(to: RGBA(0.3, 0.3, 0.3, 1)))
        #expect(
            UIKitAppearanceProbe.namedColorUnspecified("Three", bundle: root.path)?.isClose(to: RGBA(0.1, 0.1, 0.1, 1))
                == true, "any appearance's entry for unspecified traits; high contrast passed over")
        for missing in ["Pad", "Broken", "Nothing", ""] {
            #expect(UIKitAppearanceProbe.namedColor(missing, bundle: root.path) == nil, "\(missing)")
        }
    }

    @Test("a bundle's image set and data set are read by name")
    func imagesAndData() throws {
        let root = try Self.bundle()
        defer { try? FileManager.default.removeItem(at: root) }
        let image = try #require(UIKitAppearanceProbe.imageSize("Logo", bundle: root.path))
        #expect(image.width == 60 && image.height == 40 && image.scale == 2)
        #expect(UIKitAppearanceProbe.imageSize("Missing", bundle: root.path) == nil)
        let asset = try #require(UIKitAppearanceProbe.dataAsset("Seed", bundle: root.path))
        #expect(String(decoding: asset.data, as: UTF8.self) == #"{"seed":5}"# && asset.type == "public.json")
        #expect(UIKitAppearanceProbe.dataAsset("Brand", bundle: root.path) == nil, "a color set is no data set")
    }

    @Test("the current traits are each thread's, the phone's light ones by default; traits merge, later ones winning")
    func traits() {
        let styles = UIKitAppearanceProbe.currentStyles()
        #expect(styles.before == 1 && styles.inside == 2 && styles.otherThread == 1 && styles.after == 1, "\(styles)")
        let dynamic = UIKitAppearanceProbe.dynamicUnderCurrent()
        #expect(dynamic.light == RGBA(1, 1, 1, 1) && dynamic.dark == RGBA(0, 0, 0, 1))
        let merged = UIKitAppearanceProbe.merged()
        #expect(merged.style == 2 && merged.scale == 2 && merged.idiom == -1, "\(merged)")
    }

    @Test("hue, saturation and brightness convert both ways; equality is by components; sRGB descriptions")
    func components() {
        let orange = UIKitAppearanceProbe.hueOfOrange()
        #expect(abs(orange.hue - 30.0 / 360) < 0.001 && orange.saturation == 1 && orange.brightness == 1, "\(orange)")
        #expect(UIKitAppearanceProbe.fromHue(30.0 / 360).isClose(to: RGBA(1, 0.5, 0, 1)))
        #expect(UIKitAppearanceProbe.fromHue(2.0 / 3).isClose(to: RGBA(0, 0, 1, 1)))
        let equalities = UIKitAppearanceProbe.equalities()
        #expect(equalities.sameComponents && !equalities.differentAlpha)
        #expect(!equalities.grayEqualsRGB, "a gray and the RGB of its value are other color spaces, as on iOS")
        #expect(equalities.systemEqualsItself && !equalities.labelEqualsBlack)
        #expect(!equalities.providerEqualsAnother && equalities.providerEqualsItself)
        #expect(equalities.hashSameUnderDark, "a dynamic color's hash does not change with the traits")
        #expect(equalities.descriptions[0] == "UIExtendedSRGBColorSpace 1 0 0 0.5")
        #expect(equalities.descriptions[1] == "UIExtendedGrayColorSpace 0.333333 1")
        #expect(equalities.descriptions[2].hasPrefix("<UIDynamicSystemColor: 0x"))
        #expect(equalities.descriptions[2].hasSuffix("; name = labelColor>"))
        #expect(equalities.descriptions[3] == "UIExtendedSRGBColorSpace 1e+30 inf 0 1", "no trap")
        #expect(equalities.descriptions[4] == "UIDisplayP3ColorSpace 1 0 0 1")
        #expect(equalities.descriptions[5] == "false", "a P3 color is not the sRGB color of its components")
        #expect(
            UIKitAppearanceProbe.subclassWhite() == RGBA(0.25, 0.25, 0.25, 1), "a subclass calls super.init(white:)")
        #expect(
            UIKitAppearanceProbe.fromHue(.nan) == RGBA(0, 0, 0, 1)
                && UIKitAppearanceProbe.fromHue(1) == RGBA(1, 0, 0, 1))
    }

    @Test("the device is an iPhone on iOS 26.1, and each phone of the run has its own identifier for vendor")
    func device() {
        let device = UIKitAppearanceProbe.device()
        #expect(device.facts == ["iPhone", "iPhone", "iOS", "26.1", "true", "true"])
        #expect(device.outside[0] != nil && device.outside[0] == device.outside[1], "one for the process")
        let one = device.phoneOne
        #expect(one != nil && one == device.phoneOneAgain && one != device.phoneTwo && one != device.outside[0])
        #expect(one?.uuidString.dropFirst(14).first == "4", "a version-4 UUID: \(one?.uuidString ?? "")")
        #expect(device.battery == [-1, 0.8], "unknown until monitoring is on")
    }
}
