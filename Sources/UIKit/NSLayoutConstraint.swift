public import Foundation

/// The priority of a constraint, or of a view's hugging and compression resistance, as UIKit's: 1 to 1000.
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable {
    public var rawValue: Float
    public init(rawValue: Float) { self.rawValue = rawValue }
    public init(_ rawValue: Float) { self.rawValue = rawValue }

    /// 1000: a constraint that must hold.
    public static let required = UILayoutPriority(1000)
    /// 750: a button's compression resistance.
    public static let defaultHigh = UILayoutPriority(750)
    /// 250: a button's hugging.
    public static let defaultLow = UILayoutPriority(250)
    /// 50: what fitting a size asks of a view's own size.
    public static let fittingSizeLevel = UILayoutPriority(50)
    /// 510: a drag that can resize the scene.
    public static let dragThatCanResizeScene = UILayoutPriority(510)
    /// 500: the scene's size staying put.
    public static let sceneSizeStayPut = UILayoutPriority(500)
    /// 490: a drag that cannot resize the scene.
    public static let dragThatCannotResizeScene = UILayoutPriority(490)

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    public static func + (lhs: Self, rhs: Float) -> Self { Self(lhs.rawValue + rhs) }
    public static func - (lhs: Self, rhs: Float) -> Self { Self(lhs.rawValue - rhs) }
}

/// A relation between two views' attributes, as UIKit's Auto Layout constraint: `first.attribute = multiplier ×
/// second.attribute + constant` (or ≤, ≥), with a priority.
///
/// Not faithful: constraints are kept (active or not, in the view that holds them), never solved. A view's frame
/// is what code sets, as Auto Layout does not run here (nothing is shown). The run does not name each
/// constraint (a design module makes hundreds); the README says so.
@preconcurrency @MainActor
open class NSLayoutConstraint: NSObject {
    /// What a constraint relates, as UIKit's.
    public enum Attribute: Int, Sendable {
        case left = 1
        case right, top, bottom, leading, trailing, width, height, centerX, centerY, lastBaseline,
            firstBaseline, leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin,
            centerXWithinMargins, centerYWithinMargins
        case notAnAttribute = 0
    }

    /// How the two sides relate.
    public enum Relation: Int, Sendable {
        case lessThanOrEqual = -1
        case equal = 0
        case greaterThanOrEqual = 1
    }

    /// The direction of a view's hugging and compression resistance.
    public enum Axis: Int, Sendable {
        case horizontal = 0
        case vertical = 1
    }

    /// The first item: a view or a layout guide.
    public private(set) weak var firstItem: AnyObject?
    /// The first item's attribute.
    public let firstAttribute: Attribute
    /// The relation.
    public let relation: Relation
    /// The second item, if any.
    public private(set) weak var secondItem: AnyObject?
    /// The second item's attribute (`notAnAttribute` without one).
    public let secondAttribute: Attribute
    /// The multiplier of the second attribute.
    public let multiplier: CGFloat
    /// The constant added.
    open var constant: CGFloat
    /// How much it matters: required unless set.
    open var priority = UILayoutPriority.required
    /// A name to find it by in logs.
    open var identifier: String?
    /// Whether it would be archived.
    open var shouldBeArchived = false
    /// Whether it takes part in layout: activating puts it in the nearest common ancestor of its items (the
    /// first item alone when it has none).
    open var isActive: Bool {
        get { holder != nil }
        set {
            if newValue == isActive { return }
            if newValue {
                guard let holder = Self.holder(of: firstItem, and: secondItem) else { return }
                holder.addConstraint(self)
            } else {
                holder?.removeConstraint(self)
            }
        }
    }
    /// The view that holds it.
    weak var holder: UIView?

    /// A constraint relating `view1`'s `attr1` to `view2`'s `attr2`.
    public init(
        item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation, toItem view2: Any?,
        attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat
    ) {
        firstItem = view1 as AnyObject
        firstAttribute = attr1
        self.relation = relation
        if let view2 { secondItem = view2 as AnyObject }
        secondAttribute = attr2
        self.multiplier = multiplier
        constant = c
        super.init()
    }

    /// Activates each of `constraints`.
    open class func activate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = true }
    }

    /// Deactivates each of `constraints`.
    open class func deactivate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = false }
    }

    /// The view an item is, or whose guide it is.
    static func view(of item: AnyObject?) -> UIView? {
        (item as? UIView) ?? (item as? UILayoutGuide)?.owningView
    }

    /// The nearest common ancestor of the items' views, or the first's view without a second item.
    static func holder(of first: AnyObject?, and second: AnyObject?) -> UIView? {
        guard let firstView = view(of: first) else { return nil }
        guard let secondView = view(of: second) else { return firstView }
        var candidate: UIView? = firstView
        while let view = candidate {
            if secondView.isDescendant(of: view) { return view }
            candidate = view.superview
        }
        return nil
    }
}
