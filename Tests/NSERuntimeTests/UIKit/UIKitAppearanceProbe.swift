import Foundation
import SimulatedDevice
import Synchronization
import UIKit

// UIColor, UITraitCollection, UIDevice and the asset catalog sets as shared code calls them, in a file that
// imports no Testing (see UIImageTests.swift), each giving plain values.

/// Red, green, blue and alpha.
struct RGBA: Equatable, CustomStringConvertible {
    var red: Double
    var green: Double
    var blue: Double
    var alpha: Double

    init(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    /// Equal within a thousandth each.
    func isClose(to other: RGBA) -> Bool {
        abs(red - other.red) < 0.001 && abs(green - other.green) < 0.001 && abs(blue - other.blue) < 0.001
            && abs(alpha - other.alpha) < 0.001
    }

    var description: String { "(\(red), \(green), \(blue), \(alpha))" }
}

enum UIKitAppearanceProbe {
    static func rgba(_ color: UIColor) -> RGBA {
        var (red, green, blue, alpha): (CGFloat, CGFloat, CGFloat, CGFloat) = (-1, -1, -1, -1)
        color.getRed(&red, green: &green, blue: &blue, alpha: &alpha)
        return RGBA(Double(red), Double(green), Double(blue), Double(alpha))
    }

    static let dark = UITraitCollection(userInterfaceStyle: .dark)
    static let light = UITraitCollection(userInterfaceStyle: .light)

    /// The color named `name` in the bundle at `path`: nil when none; else as given (nil traits, resolved for
    /// the current ones), and resolved for light and for dark.
    static func namedColor(_ name: String, bundle path: String) -> (plain: RGBA, light: RGBA, dark: RGBA)? {
        guard let bundle = Bundle(path: path), let color = UIColor(named: name, in: bundle, compatibleWith: nil)
        else { return nil }
        return (rgba(color), rgba(color.resolvedColor(with: light)), rgba(color.resolvedColor(with: dark)))
    }

    /// The color named `name` asked for with dark traits: resolved at once.
    static func namedColorForDark(_ name: String, bundle path: String) -> (dark: RGBA, underLight: RGBA)? {
        guard let bundle = Bundle(path: path), let color = UIColor(named: name, in: bundle, compatibleWith: dark)
        else { return nil }
        return (rgba(color), rgba(color.resolvedColor(with: light)))
    }

    /// The color named `name` resolved for traits whose appearance is unspecified.
    static func namedColorUnspecified(_ name: String, bundle path: String) -> RGBA? {
        guard let bundle = Bundle(path: path), let color = UIColor(named: name, in: bundle, compatibleWith: nil)
        else { return nil }
        return rgba(color.resolvedColor(with: UITraitCollection()))
    }

    /// Whether two lookups of the color named `name` are equal, with equal hashes.
    static func namedColorsEqual(_ name: String, bundle path: String) -> Bool {
        guard let bundle = Bundle(path: path), let first = UIColor(named: name, in: bundle, compatibleWith: nil),
            let second = UIColor(named: name, in: bundle, compatibleWith: nil)
        else { return false }
        return first == second && first.hash == second.hash
    }

    static func whiteOf(_ name: String, bundle path: String) -> (isGray: Bool, white: Double)? {
        guard let bundle = Bundle(path: path), let color = UIColor(named: name, in: bundle, compatibleWith: nil)
        else { return nil }
        var white: CGFloat = -1
        let isGray = color.getWhite(&white, alpha: nil)
        return (isGray, Double(white))
    }

    static var systemBlue: (light: RGBA, dark: RGBA) {
        (rgba(UIColor.systemBlue.resolvedColor(with: light)), rgba(UIColor.systemBlue.resolvedColor(with: dark)))
    }

    static func imageSize(_ name: String, bundle path: String) -> (width: Double, height: Double, scale: Double)? {
        guard let bundle = Bundle(path: path), let image = UIImage(named: name, in: bundle, compatibleWith: nil)
        else { return nil }
        return (Double(image.size.width), Double(image.size.height), Double(image.scale))
    }

    static func dataAsset(_ name: String, bundle path: String) -> (data: Data, type: String)? {
        guard let bundle = Bundle(path: path), let asset = NSDataAsset(name: name, bundle: bundle) else { return nil }
        return (asset.data, asset.typeIdentifier)
    }

    /// The style of the current traits: before, inside `performAsCurrent` with dark traits, on another thread
    /// meanwhile, and after.
    static func currentStyles() -> (before: Int, inside: Int, otherThread: Int, after: Int) {
        let before = UITraitCollection.current.userInterfaceStyle.rawValue
        var inside = -1
        let other = Mutex(-1)
        dark.performAsCurrent {
            inside = UITraitCollection.current.userInterfaceStyle.rawValue
            let done = DispatchSemaphore(value: 0)
            Thread {
                other.withLock { $0 = UITraitCollection.current.userInterfaceStyle.rawValue }
                done.signal()
            }.start()
            done.wait()
        }
        return (before, inside, other.withLock { $0 }, UITraitCollection.current.userInterfaceStyle.rawValue)
    }

    /// A dynamic color's components under the current traits, light and then dark.
    static func dynamicUnderCurrent() -> (light: RGBA, dark: RGBA) {
        let color = UIColor { $0.userInterfaceStyle == .dark ? .black : .white }
        var underDark = RGBA(-1, -1, -1, -1)
        dark.performAsCurrent { underDark = rgba(color) }
        return (rgba(color), underDark)
    }

    static func merged() -> (style: Int, scale: Double, idiom: Int) {
        let traits = UITraitCollection(traitsFrom: [
            UITraitCollection(userInterfaceStyle: .light), UITraitCollection(displayScale: 2),
            UITraitCollection(userInterfaceStyle: .dark),
        ])
        return (traits.userInterfaceStyle.rawValue, Double(traits.displayScale), traits.userInterfaceIdiom.rawValue)
    }

    static func hueOfOrange() -> (hue: Double, saturation: Double, brightness: Double) {
        var (hue, saturation, brightness): (CGFloat, CGFloat, CGFloat) = (-1, -1, -1)
        UIColor(red: 1, green: 0.5, blue: 0, alpha: 1).getHue(
            &hue, saturation: &saturation, brightness: &brightness, alpha: nil)
        return (Double(hue), Double(saturation), Double(brightness))
    }

    static func fromHue(_ hue: Double) -> RGBA { rgba(UIColor(hue: hue, saturation: 1, brightness: 1, alpha: 1)) }

    static func equalities() -> (
        sameComponents: Bool, differentAlpha: Bool, grayEqualsRGB: Bool, systemEqualsItself: Bool,
        labelEqualsBlack: Bool, providerEqualsAnother: Bool, providerEqualsItself: Bool,
        hashSameUnderDark: Bool, descriptions: [String]
    ) {
        let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        let provider = UIColor { _ in .red }
        let labelHash = UIColor.label.hash
        var darkHash = 0
        dark.performAsCurrent { darkHash = UIColor.label.hash }
        return (
            red == UIColor.red, red == red.withAlphaComponent(0.5),
            UIColor(white: 0.5, alpha: 1) == UIColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1),
            UIColor.label == UIColor.label, UIColor.label == UIColor.black, provider == UIColor { _ in .red },
            provider == provider, labelHash == darkHash,
            [
                red.withAlphaComponent(0.5).description, UIColor.darkGray.description, UIColor.label.description,
                UIColor(red: 1e30, green: .infinity, blue: 0, alpha: 1).description,
                UIColor(displayP3Red: 1, green: 0, blue: 0, alpha: 1).description,
                "\(UIColor(displayP3Red: 1, green: 0, blue: 0, alpha: 1) == UIColor(red: 1, green: 0, blue: 0, alpha: 1))",
            ]
        )
    }

    /// A subclass of UIColor with its own designated initializer, as app code declares one.
    final class QuarterGray: UIColor, @unchecked Sendable {
        // @unchecked: no state of its own; UIColor's is set once in init.
        init() { super.init(white: 0.25, alpha: 1) }
        required init?(coder: NSCoder) { nil }
    }

    static func subclassWhite() -> RGBA { rgba(QuarterGray()) }

    /// What `UIDevice.current` says, and the identifier for vendor outside any phone (twice), on phones 1
    /// and 2, and on phone 1 again.
    static func device() -> (
        facts: [String], outside: [UUID?], phoneOne: UUID?, phoneTwo: UUID?, phoneOneAgain: UUID?, battery: [Float]
    ) {
        let device = UIDevice.current
        let facts = [
            device.name, device.model, device.systemName, device.systemVersion,
            "\(device.userInterfaceIdiom == .phone)",
            "\(device.orientation == .unknown)",
        ]
        func onPhone(_ id: Int) -> UUID? {
            var identifier: UUID?
            SimulatedPhone(network: NoPhoneNetwork(), appGroupContainer: nil, timeScale: 1, invocationID: id).bind {
                identifier = UIDevice.current.identifierForVendor
            }
            return identifier
        }
        let before = device.batteryLevel
        device.isBatteryMonitoringEnabled = true
        let monitored = device.batteryLevel
        device.isBatteryMonitoringEnabled = false
        return (
            facts, [device.identifierForVendor, device.identifierForVendor], onPhone(1), onPhone(2), onPhone(1),
            [before, monitored]
        )
    }
}

/// A network that is never asked.
private struct NoPhoneNetwork: PhoneNetwork {
    func load(_ request: PhoneRequest) async -> PhoneResponse { PhoneResponse(status: 0, failure: .cancelled) }
    func track(_ work: @escaping @Sendable () async -> Void) -> Task<Void, Never>? { Task { await work() } }
    func removeBody(_ file: URL) {}
}
