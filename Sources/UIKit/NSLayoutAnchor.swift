public import Foundation

/// One attribute of a view or layout guide, as UIKit's layout anchors: constraints are made from two anchors
/// of the same kind (`view.topAnchor.constraint(equalTo: other.bottomAnchor, constant: 8)`). See
/// ``NSLayoutConstraint`` for what is not faithful (constraints are kept, not solved).
@preconcurrency @MainActor
open class NSLayoutAnchor<AnchorType: AnyObject>: NSObject {
    /// The view or guide it is an attribute of.
    public private(set) weak var item: AnyObject?
    /// Which attribute.
    let attribute: NSLayoutConstraint.Attribute

    init(item: AnyObject, attribute: NSLayoutConstraint.Attribute) {
        self.item = item
        self.attribute = attribute
        super.init()
    }

    /// A constraint relating this anchor to `anchor`.
    func constraint(
        _ relation: NSLayoutConstraint.Relation, to anchor: NSLayoutAnchor?, multiplier: CGFloat = 1,
        constant: CGFloat = 0
    ) -> NSLayoutConstraint {
        NSLayoutConstraint(
            item: item as Any, attribute: attribute, relatedBy: relation, toItem: anchor?.item,
            attribute: anchor?.attribute ?? .notAnAttribute, multiplier: multiplier, constant: constant)
    }

    /// This anchor equal to `anchor`.
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
        constraint(.equal, to: anchor)
    }
    /// This anchor at least `anchor`.
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
        constraint(.greaterThanOrEqual, to: anchor)
    }
    /// This anchor at most `anchor`.
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
        constraint(.lessThanOrEqual, to: anchor)
    }
    /// This anchor equal to `anchor` plus `c`.
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        constraint(.equal, to: anchor, constant: c)
    }
    /// This anchor at least `anchor` plus `c`.
    open func constraint(
        greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat
    ) -> NSLayoutConstraint {
        constraint(.greaterThanOrEqual, to: anchor, constant: c)
    }
    /// This anchor at most `anchor` plus `c`.
    open func constraint(
        lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat
    ) -> NSLayoutConstraint {
        constraint(.lessThanOrEqual, to: anchor, constant: c)
    }
}

/// A horizontal position: leading, trailing, left, right, centre x.
open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {
    /// This anchor the system spacing (8 points) times `multiplier` after `anchor`.
    open func constraint(
        equalToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat
    ) -> NSLayoutConstraint {
        constraint(.equal, to: anchor, constant: 8 * multiplier)
    }
    /// This anchor at least the system spacing times `multiplier` after `anchor`.
    open func constraint(
        greaterThanOrEqualToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat
    ) -> NSLayoutConstraint {
        constraint(.greaterThanOrEqual, to: anchor, constant: 8 * multiplier)
    }
    /// This anchor at most the system spacing times `multiplier` after `anchor`.
    open func constraint(
        lessThanOrEqualToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat
    ) -> NSLayoutConstraint {
        constraint(.lessThanOrEqual, to: anchor, constant: 8 * multiplier)
    }
}

/// A vertical position: top, bottom, centre y, baselines.
open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {
    /// This anchor the system spacing (8 points) times `multiplier` below `anchor`.
    open func constraint(
        equalToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat
    ) -> NSLayoutConstraint {
        constraint(.equal, to: anchor, constant: 8 * multiplier)
    }
    /// This anchor at least the system spacing times `multiplier` below `anchor`.
    open func constraint(
        greaterThanOrEqualToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat
    ) -> NSLayoutConstraint {
        constraint(.greaterThanOrEqual, to: anchor, constant: 8 * multiplier)
    }
    /// This anchor at most the system spacing times `multiplier` below `anchor`.
    open func constraint(
        lessThanOrEqualToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat
    ) -> NSLayoutConstraint {
        constraint(.lessThanOrEqual, to: anchor, constant: 8 * multiplier)
    }
}

/// A size: width or height, which may also be a constant or a multiple of another.
open class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
    /// This dimension equal to `c`.
    open func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint { constraint(.equal, to: nil, constant: c) }
    /// This dimension at least `c`.
    open func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
        constraint(.greaterThanOrEqual, to: nil, constant: c)
    }
    /// This dimension at most `c`.
    open func constraint(lessThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
        constraint(.lessThanOrEqual, to: nil, constant: c)
    }
    /// This dimension `m` times `anchor`.
    open func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        constraint(.equal, to: anchor, multiplier: m)
    }
    /// This dimension at least `m` times `anchor`.
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        constraint(.greaterThanOrEqual, to: anchor, multiplier: m)
    }
    /// This dimension at most `m` times `anchor`.
    open func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        constraint(.lessThanOrEqual, to: anchor, multiplier: m)
    }
    /// This dimension `m` times `anchor` plus `c`.
    open func constraint(
        equalTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat
    ) -> NSLayoutConstraint {
        constraint(.equal, to: anchor, multiplier: m, constant: c)
    }
    /// This dimension at least `m` times `anchor` plus `c`.
    open func constraint(
        greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat
    ) -> NSLayoutConstraint {
        constraint(.greaterThanOrEqual, to: anchor, multiplier: m, constant: c)
    }
    /// This dimension at most `m` times `anchor` plus `c`.
    open func constraint(
        lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat
    ) -> NSLayoutConstraint {
        constraint(.lessThanOrEqual, to: anchor, multiplier: m, constant: c)
    }
}
