public import Foundation

/// Light or dark appearance.
public enum UIUserInterfaceStyle: Int, Sendable {
    case unspecified = 0
    case light = 1
    case dark = 2
}

/// The kind of device an interface is for.
public enum UIUserInterfaceIdiom: Int, Sendable {
    case unspecified = -1
    case phone = 0
    case pad = 1
    case tv = 2
    case carPlay = 3
    case mac = 5
    case vision = 6
}

/// A size class: how much room an interface has along one axis.
public enum UIUserInterfaceSizeClass: Int, Sendable {
    case unspecified = 0
    case compact = 1
    case regular = 2
}

/// The user's preferred text size (Dynamic Type), ordered from the smallest; the accessibility sizes are the
/// largest.
public struct UIContentSizeCategory: RawRepresentable, Hashable, Comparable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let unspecified = Self(rawValue: "_UICTContentSizeCategoryUnspecified")
    public static let extraSmall = Self(rawValue: "UICTContentSizeCategoryXS")
    public static let small = Self(rawValue: "UICTContentSizeCategoryS")
    public static let medium = Self(rawValue: "UICTContentSizeCategoryM")
    /// The default.
    public static let large = Self(rawValue: "UICTContentSizeCategoryL")
    public static let extraLarge = Self(rawValue: "UICTContentSizeCategoryXL")
    public static let extraExtraLarge = Self(rawValue: "UICTContentSizeCategoryXXL")
    public static let extraExtraExtraLarge = Self(rawValue: "UICTContentSizeCategoryXXXL")
    public static let accessibilityMedium = Self(rawValue: "UICTContentSizeCategoryAccessibilityM")
    public static let accessibilityLarge = Self(rawValue: "UICTContentSizeCategoryAccessibilityL")
    public static let accessibilityExtraLarge = Self(rawValue: "UICTContentSizeCategoryAccessibilityXL")
    public static let accessibilityExtraExtraLarge = Self(rawValue: "UICTContentSizeCategoryAccessibilityXXL")
    public static let accessibilityExtraExtraExtraLarge = Self(rawValue: "UICTContentSizeCategoryAccessibilityXXXL")

    private static let order: [Self] = [
        .unspecified, .extraSmall, .small, .medium, .large, .extraLarge, .extraExtraLarge, .extraExtraExtraLarge,
        .accessibilityMedium, .accessibilityLarge, .accessibilityExtraLarge, .accessibilityExtraExtraLarge,
        .accessibilityExtraExtraExtraLarge,
    ]

    /// Whether it is one of the accessibility sizes.
    public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

    /// Smaller first; a size UIKit does not name sorts as unspecified.
    public static func < (left: Self, right: Self) -> Bool {
        (order.firstIndex(of: left) ?? 0) < (order.firstIndex(of: right) ?? 0)
    }
}

/// UIKit's trait collection: the appearance, scale and size classes an interface resolves colors and images
/// for. Shared code resolves a dynamic ``UIColor`` with one (`color.resolvedColor(with: traits)`) or makes one
/// current (``performAsCurrent(_:)``). A trait not given is unspecified, as on iOS.
///
/// ``current`` is each thread's own, as on iOS; where nothing set it, it is the phone's: light appearance,
/// 3 pixels a point, an iPhone held upright (compact width, regular height) at the default text size.
/// Half of iPhones show dark mode; nothing in a run depends on which.
///
/// `@unchecked Sendable`: every stored property is a `let` of a value type.
open class UITraitCollection: NSObject, @unchecked Sendable {
    public let userInterfaceStyle: UIUserInterfaceStyle
    public let displayScale: CGFloat
    public let userInterfaceIdiom: UIUserInterfaceIdiom
    public let horizontalSizeClass: UIUserInterfaceSizeClass
    public let verticalSizeClass: UIUserInterfaceSizeClass
    public let preferredContentSizeCategory: UIContentSizeCategory

    /// A collection with every trait unspecified.
    public override convenience init() { self.init(traits: Traits()) }

    /// A collection with only the appearance given.
    public convenience init(userInterfaceStyle: UIUserInterfaceStyle) {
        self.init(traits: Traits(userInterfaceStyle: userInterfaceStyle))
    }

    /// A collection with only the scale given.
    public convenience init(displayScale: CGFloat) { self.init(traits: Traits(displayScale: displayScale)) }

    /// A collection with only the idiom given.
    public convenience init(userInterfaceIdiom: UIUserInterfaceIdiom) {
        self.init(traits: Traits(userInterfaceIdiom: userInterfaceIdiom))
    }

    /// A collection with only the horizontal size class given.
    public convenience init(horizontalSizeClass: UIUserInterfaceSizeClass) {
        self.init(traits: Traits(horizontalSizeClass: horizontalSizeClass))
    }

    /// A collection with only the vertical size class given.
    public convenience init(verticalSizeClass: UIUserInterfaceSizeClass) {
        self.init(traits: Traits(verticalSizeClass: verticalSizeClass))
    }

    /// A collection with only the text size given.
    public convenience init(preferredContentSizeCategory: UIContentSizeCategory) {
        self.init(traits: Traits(preferredContentSizeCategory: preferredContentSizeCategory))
    }

    /// The traits of `collections` together: for each trait, the last collection's that specifies it.
    public convenience init(traitsFrom collections: [UITraitCollection]) {
        var traits = Traits()
        for collection in collections {
            if collection.userInterfaceStyle != .unspecified {
                traits.userInterfaceStyle = collection.userInterfaceStyle
            }
            if collection.displayScale != 0 { traits.displayScale = collection.displayScale }
            if collection.userInterfaceIdiom != .unspecified {
                traits.userInterfaceIdiom = collection.userInterfaceIdiom
            }
            if collection.horizontalSizeClass != .unspecified {
                traits.horizontalSizeClass = collection.horizontalSizeClass
            }
            if collection.verticalSizeClass != .unspecified { traits.verticalSizeClass = collection.verticalSizeClass }
            if collection.preferredContentSizeCategory != .unspecified {
                traits.preferredContentSizeCategory = collection.preferredContentSizeCategory
            }
        }
        self.init(traits: traits)
    }

    struct Traits {
        var userInterfaceStyle = UIUserInterfaceStyle.unspecified
        var displayScale: CGFloat = 0
        var userInterfaceIdiom = UIUserInterfaceIdiom.unspecified
        var horizontalSizeClass = UIUserInterfaceSizeClass.unspecified
        var verticalSizeClass = UIUserInterfaceSizeClass.unspecified
        var preferredContentSizeCategory = UIContentSizeCategory.unspecified
    }

    init(traits: Traits) {
        userInterfaceStyle = traits.userInterfaceStyle
        displayScale = traits.displayScale
        userInterfaceIdiom = traits.userInterfaceIdiom
        horizontalSizeClass = traits.horizontalSizeClass
        verticalSizeClass = traits.verticalSizeClass
        preferredContentSizeCategory = traits.preferredContentSizeCategory
        super.init()
    }

    /// The phone's: light, 3 pixels a point, an iPhone upright, the default text size.
    static let phone = UITraitCollection(
        traits: Traits(
            userInterfaceStyle: .light, displayScale: 3, userInterfaceIdiom: .phone, horizontalSizeClass: .compact,
            verticalSizeClass: .regular, preferredContentSizeCategory: .large))

    private static let currentKey = "nse-bench.UITraitCollection.current"

    /// This thread's current trait collection: the one set here last, else the phone's.
    open class var current: UITraitCollection {
        get { Thread.current.threadDictionary[currentKey] as? UITraitCollection ?? phone }
        set { Thread.current.threadDictionary[currentKey] = newValue }
    }

    /// Runs `actions` with this collection as the thread's ``current``, then puts the one before back.
    open func performAsCurrent(_ actions: () throws -> Void) rethrows {
        let before = Thread.current.threadDictionary[Self.currentKey]
        Thread.current.threadDictionary[Self.currentKey] = self
        defer { Thread.current.threadDictionary[Self.currentKey] = before }
        try actions()
    }

    /// Whether a color resolved with `other` may differ from one resolved with this collection: their
    /// appearances differ.
    open func hasDifferentColorAppearance(comparedTo other: UITraitCollection?) -> Bool {
        userInterfaceStyle != (other?.userInterfaceStyle ?? .unspecified)
    }

    /// Whether every trait `other` specifies is this collection's too.
    open func containsTraits(in other: UITraitCollection?) -> Bool {
        guard let other else { return true }
        return (other.userInterfaceStyle == .unspecified || other.userInterfaceStyle == userInterfaceStyle)
            && (other.displayScale == 0 || other.displayScale == displayScale)
            && (other.userInterfaceIdiom == .unspecified || other.userInterfaceIdiom == userInterfaceIdiom)
            && (other.horizontalSizeClass == .unspecified || other.horizontalSizeClass == horizontalSizeClass)
            && (other.verticalSizeClass == .unspecified || other.verticalSizeClass == verticalSizeClass)
            && (other.preferredContentSizeCategory == .unspecified
                || other.preferredContentSizeCategory == preferredContentSizeCategory)
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UITraitCollection else { return false }
        return containsTraits(in: other) && other.containsTraits(in: self)
    }

    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(userInterfaceStyle)
        hasher.combine(displayScale)
        hasher.combine(userInterfaceIdiom)
        hasher.combine(horizontalSizeClass)
        hasher.combine(verticalSizeClass)
        hasher.combine(preferredContentSizeCategory)
        return hasher.finalize()
    }
}
