import Foundation
import Testing

// The CoreGraphics calls are in CGColorProbe.swift, which imports no Testing (see UIKit/UIImageTests.swift).

/// Whether `actual` matches `expected` component by component within `tolerance`.
private func nearly(_ actual: [CGFloat]?, _ expected: [CGFloat]?, within tolerance: CGFloat = 1e-3) -> Bool {
    guard let actual, let expected else { return actual == nil && expected == nil }
    return actual.count == expected.count && zip(actual, expected).allSatisfy { abs($0 - $1) <= tolerance }
}

/// Core Graphics' colors and color spaces as values: each initializer's components and space, equality as
/// `CFEqual`'s, alpha copies, the spaces' models and component counts, conversions between the sRGB, Display
/// P3 and gray spaces, and what cannot be made.
@Suite("CoreGraphics: CGColor and CGColorSpace")
struct CGColorTests {
    @Test("Each initializer keeps its components, alpha last, in its space")
    func initializers() {
        let colors = CGColorProbe.initializers()
        typealias Values = CGColorProbe.Values
        #expect(
            colors["red:green:blue:alpha"]
                == Values(components: [1, 0.5, 0.25, 0.8], alpha: 0.8, count: 4, space: "kCGColorSpaceSRGB"))
        #expect(
            colors["srgbRed:green:blue:alpha"]
                == Values(components: [0.1, 0.2, 0.3, 1], alpha: 1, count: 4, space: "kCGColorSpaceSRGB"))
        #expect(
            colors["gray:alpha"]
                == Values(components: [0.5, 0.25], alpha: 0.25, count: 2, space: "kCGColorSpaceGenericGrayGamma2_2"))
        #expect(
            colors["genericGrayGamma2_2Gray:alpha"]
                == Values(components: [0.75, 1], alpha: 1, count: 2, space: "kCGColorSpaceGenericGrayGamma2_2"))
        #expect(
            colors["genericCMYKCyan"]
                == Values(components: [1, 0, 0.5, 0.1, 1], alpha: 1, count: 5, space: "kCGColorSpaceGenericCMYK"))
        #expect(
            colors["colorSpace:components (P3)"]
                == Values(components: [0.25, 0.5, 0.75, 0.6], alpha: 0.6, count: 4, space: "kCGColorSpaceDisplayP3"))
        #expect(
            colors["white"]
                == Values(components: [1, 1], alpha: 1, count: 2, space: "kCGColorSpaceGenericGrayGamma2_2"))
        #expect(
            colors["black"]
                == Values(components: [0, 1], alpha: 1, count: 2, space: "kCGColorSpaceGenericGrayGamma2_2"))
        #expect(
            colors["clear"]
                == Values(components: [0, 0], alpha: 0, count: 2, space: "kCGColorSpaceGenericGrayGamma2_2"))
        #expect(colors.count == 9)
    }

    @Test("Colors are equal, and hash alike, when their spaces and components are")
    func equality() {
        let result = CGColorProbe.equality()
        #expect(result.equal)
        #expect(result.sameHash)
        #expect(!result.otherComponents)
        #expect(!result.otherSpace)
        #expect(result.inSet == 2)
    }

    @Test("copy(alpha:) replaces alpha, clamped to 0...1, and leaves the original")
    func copyAlpha() {
        let result = CGColorProbe.copiesWithAlpha()
        #expect(result.half == [1, 0, 0, 0.5])
        #expect(result.below == [1, 0, 0, 0])
        #expect(result.above == [1, 0, 0, 1])
        #expect(result.original == 1)
    }

    @Test("The named spaces have their model and number of components; other names give no space")
    func spaces() {
        let names = CGColorProbe.names()
        #expect(
            names == [
                "kCGColorSpaceSRGB", "kCGColorSpaceDisplayP3", "kCGColorSpaceExtendedSRGB", "kCGColorSpaceLinearSRGB",
                "kCGColorSpaceGenericGrayGamma2_2", "kCGColorSpaceExtendedGray", "kCGColorSpaceGenericRGBLinear",
                "kCGColorSpaceGenericCMYK",
            ])
        let spaces = CGColorProbe.spaces(names + ["kCGColorSpaceGenericLab", "kCGColorSpaceGenericXYZ", "sRGB"])
        let expected: [String: (Int32, Int)?] = [
            "kCGColorSpaceSRGB": (1, 3), "kCGColorSpaceDisplayP3": (1, 3), "kCGColorSpaceExtendedSRGB": (1, 3),
            "kCGColorSpaceLinearSRGB": (1, 3), "kCGColorSpaceGenericGrayGamma2_2": (0, 1),
            "kCGColorSpaceExtendedGray": (0, 1), "kCGColorSpaceGenericRGBLinear": (1, 3),
            "kCGColorSpaceGenericCMYK": (2, 4), "kCGColorSpaceGenericLab": (3, 3), "kCGColorSpaceGenericXYZ": (7, 3),
            "sRGB": nil,
        ]
        for (name, value) in expected {
            let space = spaces[name] ?? nil
            #expect(space?.model == value?.0, "\(name)")
            #expect(space?.components == value?.1, "\(name)")
        }
    }

    @Test("The device spaces: RGB, gray and CMYK, named as on iOS and unequal to sRGB")
    func deviceSpaces() {
        let spaces = CGColorProbe.deviceSpaces()
        #expect(spaces.map(\.name) == ["kCGColorSpaceDeviceRGB", "kCGColorSpaceDeviceGray", "kCGColorSpaceDeviceCMYK"])
        #expect(spaces.map(\.model) == [1, 0, 2])
        #expect(spaces.map(\.components) == [3, 1, 4])
        let equality = CGColorProbe.spaceEquality()
        #expect(equality.sameName)
        #expect(!equality.deviceIsSRGB)
        #expect(!equality.p3IsSRGB)
        #expect(equality.wide == [false, true])
    }

    @Test("A pattern space makes no color from components; an unknown or empty name makes no space")
    func badInput() {
        let result = CGColorProbe.badInput()
        #expect(result.pattern)
        #expect(result.patternModel == 6)
        #expect(result.unknownName)
        #expect(result.emptyName)
    }

    @Test("Conversions between sRGB, Display P3, their linear and extended forms and gray; none to CMYK")
    func conversions() {
        let converted = CGColorProbe.conversions()
        #expect(nearly(converted["red in P3"] ?? nil, [0.9175, 0.2003, 0.1386, 1]))
        #expect(nearly(converted["P3 red back"] ?? nil, [1, 0, 0, 1]))
        #expect(nearly(converted["white to sRGB"] ?? nil, [1, 1, 1, 1]))
        #expect(nearly(converted["gray to extendedGray"] ?? nil, [0.5, 0.5]), "both gamma 2.2, as Apple documents")
        #expect(nearly(converted["half sRGB to linear"] ?? nil, [0.2140, 0.2140, 0.2140, 1]))
        #expect(nearly(converted["orange to gray"] ?? nil, [0.6331, 1]), "luminance 0.3657 at gamma 2.2")
        #expect(converted["to CMYK"] == .some(nil))
        #expect(nearly(converted["extended to sRGB"] ?? nil, [1, 0, 0.5, 1], within: 1e-9))
        #expect(converted["extended to extended"] == [1.517, -0.01, 0.214, 1])
    }
}
