import CoreFoundationTypes
import CoreGraphics
import Foundation

// Core Graphics' colors and color spaces as shared app code makes them, in a file that imports no Testing
// (Swift Testing names a cross-import overlay for CoreGraphics on Apple platforms; see
// UIKit/UIImageTests.swift), each giving plain values.

enum CGColorProbe {
    /// A color's components, alpha, count and space name.
    struct Values: Equatable {
        var components: [CGFloat]?
        var alpha: CGFloat
        var count: Int
        var space: String?
    }

    static func values(_ color: CGColor?) -> Values? {
        guard let color else { return nil }
        return Values(
            components: color.components, alpha: color.alpha, count: color.numberOfComponents,
            space: color.colorSpace?.name as String?)
    }

    /// Each initializer's color, by the initializer's name.
    static func initializers() -> [String: Values] {
        var pointerComponents: [CGFloat] = [0.25, 0.5, 0.75, 0.6]
        let p3 = CGColorSpace(name: CGColorSpace.displayP3)
        let fromPointer = p3.flatMap { CGColor(colorSpace: $0, components: &pointerComponents) }
        let colors: [String: CGColor?] = [
            "red:green:blue:alpha": CGColor(red: 1, green: 0.5, blue: 0.25, alpha: 0.8),
            "srgbRed:green:blue:alpha": CGColor(srgbRed: 0.1, green: 0.2, blue: 0.3, alpha: 1),
            "gray:alpha": CGColor(gray: 0.5, alpha: 0.25),
            "genericGrayGamma2_2Gray:alpha": CGColor(genericGrayGamma2_2Gray: 0.75, alpha: 1),
            "genericCMYKCyan": CGColor(genericCMYKCyan: 1, magenta: 0, yellow: 0.5, black: 0.1, alpha: 1),
            "colorSpace:components (P3)": fromPointer,
            "white": CGColor.white, "black": CGColor.black, "clear": CGColor.clear,
        ]
        return colors.compactMapValues { values($0) }
    }

    /// Whether colors of equal spaces and components are equal and hash alike, and unequal ones are not.
    static func equality() -> (equal: Bool, sameHash: Bool, otherComponents: Bool, otherSpace: Bool, inSet: Int) {
        let a = CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)
        let b = CGColor(srgbRed: 0.2, green: 0.4, blue: 0.6, alpha: 1)
        var components: [CGFloat] = [0.2, 0.4, 0.6, 1]
        let extended = CGColorSpace(name: CGColorSpace.extendedSRGB).flatMap {
            CGColor(colorSpace: $0, components: &components)
        }
        let set: Set<CGColor> = [a, b, CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.5)]
        return (
            a == b, a.hashValue == b.hashValue, a == CGColor(red: 0.2, green: 0.4, blue: 0.61, alpha: 1),
            extended.map { $0 == a } ?? true, set.count
        )
    }

    /// `copy(alpha:)` of sRGB red with alphas 0.5, -1 and 2, and whether the original kept its alpha.
    static func copiesWithAlpha() -> (half: [CGFloat]?, below: [CGFloat]?, above: [CGFloat]?, original: CGFloat) {
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        return (
            red.copy(alpha: 0.5)?.components, red.copy(alpha: -1)?.components, red.copy(alpha: 2)?.components,
            red.alpha
        )
    }

    /// Each named space's model (raw value) and number of components, nil for a name that is no space.
    static func spaces(_ names: [String]) -> [String: (model: Int32, components: Int)?] {
        var result: [String: (model: Int32, components: Int)?] = [:]
        for name in names {
            result[name] = CGColorSpace(name: name as CFString).map { ($0.model.rawValue, $0.numberOfComponents) }
        }
        return result
    }

    /// The static names as strings.
    static func names() -> [String] {
        [
            CGColorSpace.sRGB, CGColorSpace.displayP3, CGColorSpace.extendedSRGB, CGColorSpace.linearSRGB,
            CGColorSpace.genericGrayGamma2_2, CGColorSpace.extendedGray, CGColorSpace.genericRGBLinear,
            CGColorSpace.genericCMYK,
        ].map { $0 as String }
    }

    /// The device spaces' names, models and components, and whether device RGB is sRGB.
    static func deviceSpaces() -> [(name: String?, model: Int32, components: Int)] {
        [CGColorSpaceCreateDeviceRGB(), CGColorSpaceCreateDeviceGray(), CGColorSpaceCreateDeviceCMYK()].map {
            ($0.name as String?, $0.model.rawValue, $0.numberOfComponents)
        }
    }

    /// Equality of spaces: two sRGB spaces; sRGB and device RGB; sRGB and Display P3.
    static func spaceEquality() -> (sameName: Bool, deviceIsSRGB: Bool, p3IsSRGB: Bool, wide: [Bool]) {
        let srgb = CGColorSpace(name: CGColorSpace.sRGB)
        let p3 = CGColorSpace(name: CGColorSpace.displayP3)
        return (
            srgb == CGColorSpace(name: CGColorSpace.sRGB), srgb == CGColorSpaceCreateDeviceRGB(), srgb == p3,
            [srgb?.isWideGamutRGB ?? true, p3?.isWideGamutRGB ?? false]
        )
    }

    /// Colors that cannot be made: in a pattern space, and in no space at all (unknown name).
    static func badInput() -> (pattern: Bool, patternModel: Int32?, unknownName: Bool, emptyName: Bool) {
        var components: [CGFloat] = [1, 0, 0, 1]
        let pattern = CGColorSpace(patternBaseSpace: CGColorSpace(name: CGColorSpace.sRGB))
        let color = pattern.flatMap { CGColor(colorSpace: $0, components: &components) }
        return (
            color == nil, pattern?.model.rawValue, CGColorSpace(name: "kCGColorSpaceNoSuchSpace" as CFString) == nil,
            CGColorSpace(name: "" as CFString) == nil
        )
    }

    /// `color` converted to the space `name`: its components.
    static func converted(_ color: CGColor, to name: CFString) -> [CGFloat]? {
        guard let space = CGColorSpace(name: name) else { return nil }
        return color.converted(to: space, intent: .defaultIntent, options: nil)?.components
    }

    /// Conversions: sRGB red to Display P3, P3 back, mid gray to sRGB, sRGB orange to gray, sRGB to
    /// itself, to CMYK (not converted), sRGB 0.5 to linear sRGB, extended sRGB 1.2 to sRGB (clamped).
    static func conversions() -> [String: [CGFloat]?] {
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        var wide: [CGFloat] = [1.2, -0.1, 0.5, 1]
        let extended = CGColorSpace(name: CGColorSpace.extendedSRGB).flatMap {
            CGColor(colorSpace: $0, components: &wide)
        }
        let p3Red = converted(red, to: CGColorSpace.displayP3).flatMap { components -> CGColor? in
            var components = components
            return CGColorSpace(name: CGColorSpace.displayP3).flatMap {
                CGColor(colorSpace: $0, components: &components)
            }
        }
        return [
            "red in P3": converted(red, to: CGColorSpace.displayP3),
            "P3 red back": p3Red.flatMap { converted($0, to: CGColorSpace.sRGB) },
            "white to sRGB": converted(CGColor.white, to: CGColorSpace.sRGB),
            "gray to extendedGray": converted(CGColor(gray: 0.5, alpha: 0.5), to: CGColorSpace.extendedGray),
            "half sRGB to linear": converted(
                CGColor(srgbRed: 0.5, green: 0.5, blue: 0.5, alpha: 1), to: CGColorSpace.linearSRGB),
            "orange to gray": converted(CGColor(red: 1, green: 0.5, blue: 0, alpha: 1), to: CGColorSpace.extendedGray),
            "to CMYK": converted(red, to: CGColorSpace.genericCMYK),
            "extended to sRGB": extended.flatMap { converted($0, to: CGColorSpace.sRGB) },
            "extended to extended": extended.flatMap { converted($0, to: CGColorSpace.extendedLinearSRGB) }
                .map { $0.map { ($0 * 1000).rounded() / 1000 } },
        ]
    }
}
