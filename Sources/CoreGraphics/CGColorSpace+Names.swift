// The names of Core Graphics' color spaces, `CGColorSpace.sRGB` and the rest, as iOS has them: each the string
// of its C constant (`kCGColorSpaceSRGB`, ...), and what a space of that name is.

extension CGColorSpace {
    /// The standard RGB space, sRGB (IEC 61966-2.1).
    public static var sRGB: NSString { "kCGColorSpaceSRGB" }
    /// sRGB with components below 0 and above 1 (UIKit's colors since iOS 10).
    public static var extendedSRGB: NSString { "kCGColorSpaceExtendedSRGB" }
    /// sRGB's primaries with a linear transfer function.
    public static var linearSRGB: NSString { "kCGColorSpaceLinearSRGB" }
    /// Linear sRGB with components outside 0...1.
    public static var extendedLinearSRGB: NSString { "kCGColorSpaceExtendedLinearSRGB" }
    /// Display P3: DCI-P3 primaries, D65 white and sRGB's transfer function.
    public static var displayP3: NSString { "kCGColorSpaceDisplayP3" }
    /// Display P3 with components outside 0...1.
    public static var extendedDisplayP3: NSString { "kCGColorSpaceExtendedDisplayP3" }
    /// Display P3's primaries with a linear transfer function.
    public static var linearDisplayP3: NSString { "kCGColorSpaceLinearDisplayP3" }
    /// Linear Display P3 with components outside 0...1.
    public static var extendedLinearDisplayP3: NSString { "kCGColorSpaceExtendedLinearDisplayP3" }
    /// A generic RGB space with a linear transfer function (sRGB's primaries here).
    public static var genericRGBLinear: NSString { "kCGColorSpaceGenericRGBLinear" }
    /// Gray with a gamma of 2.2 (`CGColor(gray:alpha:)`'s space).
    public static var genericGrayGamma2_2: NSString { "kCGColorSpaceGenericGrayGamma2_2" }
    /// Gray with a gamma of 2.2 and values outside 0...1 (UIKit's `UIColor(white:alpha:)`).
    public static var extendedGray: NSString { "kCGColorSpaceExtendedGray" }
    /// Gray with a linear transfer function.
    public static var linearGray: NSString { "kCGColorSpaceLinearGray" }
    /// Linear gray with values outside 0...1.
    public static var extendedLinearGray: NSString { "kCGColorSpaceExtendedLinearGray" }
    /// A generic CMYK space (colors in it are not converted here).
    public static var genericCMYK: NSString { "kCGColorSpaceGenericCMYK" }
    /// CIE XYZ (colors in it are not converted here).
    public static var genericXYZ: NSString { "kCGColorSpaceGenericXYZ" }
    /// CIE L*a*b* (colors in it are not converted here).
    public static var genericLab: NSString { "kCGColorSpaceGenericLab" }
    /// Adobe RGB (1998) (colors in it are not converted here).
    public static var adobeRGB1998: NSString { "kCGColorSpaceAdobeRGB1998" }
    /// ACEScg, linear (colors in it are not converted here).
    public static var acescgLinear: NSString { "kCGColorSpaceACESCGLinear" }
    /// DCI P3, the cinema's (colors in it are not converted here).
    public static var dcip3: NSString { "kCGColorSpaceDCIP3" }
    /// ROMM RGB (colors in it are not converted here).
    public static var rommrgb: NSString { "kCGColorSpaceROMMRGB" }
    /// ITU-R BT.709 (colors in it are not converted here).
    public static var itur_709: NSString { "kCGColorSpaceITUR_709" }
    /// ITU-R BT.2020 (colors in it are not converted here).
    public static var itur_2020: NSString { "kCGColorSpaceITUR_2020" }
    /// BT.2020 with components outside 0...1 (colors in it are not converted here).
    public static var extendedITUR_2020: NSString { "kCGColorSpaceExtendedITUR_2020" }
    /// BT.2020, linear (colors in it are not converted here).
    public static var linearITUR_2020: NSString { "kCGColorSpaceLinearITUR_2020" }
    /// BT.2020, linear, components outside 0...1 (colors in it are not converted here).
    public static var extendedLinearITUR_2020: NSString { "kCGColorSpaceExtendedLinearITUR_2020" }
    /// BT.2020 with sRGB's transfer function (colors in it are not converted here).
    public static var itur_2020_sRGBGamma: NSString { "kCGColorSpaceITUR_2020_sRGBGamma" }
    /// Display P3 with the HLG transfer function (colors in it are not converted here).
    public static var displayP3_HLG: NSString { "kCGColorSpaceDisplayP3_HLG" }
    /// Display P3 with the PQ transfer function (colors in it are not converted here).
    public static var displayP3_PQ: NSString { "kCGColorSpaceDisplayP3_PQ" }
    /// BT.2100 HLG (colors in it are not converted here).
    public static var itur_2100_HLG: NSString { "kCGColorSpaceITUR_2100_HLG" }
    /// BT.2100 PQ (colors in it are not converted here).
    public static var itur_2100_PQ: NSString { "kCGColorSpaceITUR_2100_PQ" }
    /// BT.709 with HLG (colors in it are not converted here).
    public static var itur_709_HLG: NSString { "kCGColorSpaceITUR_709_HLG" }
    /// BT.709 with PQ (colors in it are not converted here).
    public static var itur_709_PQ: NSString { "kCGColorSpaceITUR_709_PQ" }
    /// Core Media's BT.709 (colors in it are not converted here).
    public static var coreMedia709: NSString { "kCGColorSpaceCoreMedia709" }
}

/// What each named space is: its model, its number of components and, for the RGB and gray spaces converted
/// here, its encoding.
enum CGColorSpaceCatalog {
    /// A space of the table.
    struct Entry: Sendable {
        let model: CGColorSpaceModel
        let components: Int
        let encoding: CGColorSpaceEncoding?
    }

    /// The device RGB space's name and what it is (sRGB's values).
    static let deviceRGB = (
        "kCGColorSpaceDeviceRGB", Entry(model: .rgb, components: 3, encoding: .init(.sRGB, .sRGB, extended: false))
    )
    /// The device gray space's name and what it is (sRGB's transfer function).
    static let deviceGray = (
        "kCGColorSpaceDeviceGray",
        Entry(model: .monochrome, components: 1, encoding: .init(.gray, .sRGB, extended: false))
    )
    /// The device CMYK space's name and what it is.
    static let deviceCMYK = ("kCGColorSpaceDeviceCMYK", Entry(model: .cmyk, components: 4, encoding: nil))
    /// sRGB: the space of `CGColor(red:green:blue:alpha:)` and `CGColor(srgbRed:...)`.
    static let sRGB = (
        "kCGColorSpaceSRGB", Entry(model: .rgb, components: 3, encoding: .init(.sRGB, .sRGB, extended: false))
    )
    /// Gray with a gamma of 2.2: the space of `CGColor(gray:alpha:)`, `.white`, `.black` and `.clear`.
    static let grayGamma22 = (
        "kCGColorSpaceGenericGrayGamma2_2",
        Entry(model: .monochrome, components: 1, encoding: .init(.gray, .gamma22, extended: false))
    )
    /// The generic CMYK space: that of `CGColor(genericCMYKCyan:...)`.
    static let genericCMYK = ("kCGColorSpaceGenericCMYK", Entry(model: .cmyk, components: 4, encoding: nil))

    /// The spaces by name.
    static let entries: [String: Entry] = Dictionary(
        uniqueKeysWithValues: [deviceRGB, deviceGray, deviceCMYK] + [
            sRGB,
            (
                "kCGColorSpaceExtendedSRGB",
                Entry(model: .rgb, components: 3, encoding: .init(.sRGB, .sRGB, extended: true))
            ),
            (
                "kCGColorSpaceLinearSRGB",
                Entry(model: .rgb, components: 3, encoding: .init(.sRGB, .linear, extended: false))
            ),
            (
                "kCGColorSpaceExtendedLinearSRGB",
                Entry(model: .rgb, components: 3, encoding: .init(.sRGB, .linear, extended: true))
            ),
            (
                "kCGColorSpaceDisplayP3",
                Entry(model: .rgb, components: 3, encoding: .init(.displayP3, .sRGB, extended: false))
            ),
            (
                "kCGColorSpaceExtendedDisplayP3",
                Entry(model: .rgb, components: 3, encoding: .init(.displayP3, .sRGB, extended: true))
            ),
            (
                "kCGColorSpaceLinearDisplayP3",
                Entry(model: .rgb, components: 3, encoding: .init(.displayP3, .linear, extended: false))
            ),
            (
                "kCGColorSpaceExtendedLinearDisplayP3",
                Entry(model: .rgb, components: 3, encoding: .init(.displayP3, .linear, extended: true))
            ),
            (
                "kCGColorSpaceGenericRGBLinear",
                Entry(model: .rgb, components: 3, encoding: .init(.sRGB, .linear, extended: false))
            ),
            grayGamma22,
            (
                "kCGColorSpaceExtendedGray",
                // Apple: "the same colorimetry as genericGrayGamma2_2", values outside 0...1 kept.
                Entry(model: .monochrome, components: 1, encoding: .init(.gray, .gamma22, extended: true))
            ),
            (
                "kCGColorSpaceLinearGray",
                Entry(model: .monochrome, components: 1, encoding: .init(.gray, .linear, extended: false))
            ),
            (
                "kCGColorSpaceExtendedLinearGray",
                Entry(model: .monochrome, components: 1, encoding: .init(.gray, .linear, extended: true))
            ),
            genericCMYK,
            ("kCGColorSpaceGenericXYZ", Entry(model: .XYZ, components: 3, encoding: nil)),
            ("kCGColorSpaceGenericLab", Entry(model: .lab, components: 3, encoding: nil)),
            ("kCGColorSpaceAdobeRGB1998", Entry(model: .rgb, components: 3, encoding: nil)),
            ("kCGColorSpaceACESCGLinear", Entry(model: .rgb, components: 3, encoding: nil)),
            ("kCGColorSpaceDCIP3", Entry(model: .rgb, components: 3, encoding: nil)),
            ("kCGColorSpaceROMMRGB", Entry(model: .rgb, components: 3, encoding: nil)),
            ("kCGColorSpaceITUR_709", Entry(model: .rgb, components: 3, encoding: nil)),
            ("kCGColorSpaceITUR_2020", Entry(model: .rgb, components: 3, encoding: nil)),
            ("kCGColorSpaceExtendedITUR_2020", Entry(model: .rgb, components: 3, encoding: nil)),
            ("kCGColorSpaceLinearITUR_2020", Entry(model: .rgb, components: 3, encoding: nil)),
            ("kCGColorSpaceExtendedLinearITUR_2020", Entry(model: .rgb, components: 3, encoding: nil)),
            ("kCGColorSpaceITUR_2020_sRGBGamma", Entry(model: .rgb, components: 3, encoding: nil)),
            ("kCGColorSpaceDisplayP3_HLG", Entry(model: .rgb, components: 3, encoding: nil)),
            ("kCGColorSpaceDisplayP3_PQ", Entry(model: .rgb, components: 3, encoding: nil)),
            ("kCGColorSpaceITUR_2100_HLG", Entry(model: .rgb, components: 3, encoding: nil)),
            ("kCGColorSpaceITUR_2100_PQ", Entry(model: .rgb, components: 3, encoding: nil)),
            ("kCGColorSpaceITUR_709_HLG", Entry(model: .rgb, components: 3, encoding: nil)),
            ("kCGColorSpaceITUR_709_PQ", Entry(model: .rgb, components: 3, encoding: nil)),
            ("kCGColorSpaceCoreMedia709", Entry(model: .rgb, components: 3, encoding: nil)),
        ])

    /// The RGB spaces wider than sRGB.
    static let wideGamut: Set<String> = [
        "kCGColorSpaceDisplayP3",
        "kCGColorSpaceExtendedDisplayP3",
        "kCGColorSpaceLinearDisplayP3",
        "kCGColorSpaceExtendedLinearDisplayP3",
        "kCGColorSpaceAdobeRGB1998",
        "kCGColorSpaceACESCGLinear",
        "kCGColorSpaceDCIP3",
        "kCGColorSpaceROMMRGB",
        "kCGColorSpaceITUR_2020",
        "kCGColorSpaceExtendedITUR_2020",
        "kCGColorSpaceLinearITUR_2020",
        "kCGColorSpaceExtendedLinearITUR_2020",
        "kCGColorSpaceITUR_2020_sRGBGamma",
        "kCGColorSpaceDisplayP3_HLG",
        "kCGColorSpaceDisplayP3_PQ",
        "kCGColorSpaceITUR_2100_HLG",
        "kCGColorSpaceITUR_2100_PQ",
    ]

    /// The space of a named entry.
    static func space(_ named: (String, Entry)) -> CGColorSpace { CGColorSpace(identifier: named.0, entry: named.1) }
}
