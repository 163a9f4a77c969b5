import Foundation
import UIKit

// Views, insets, paragraph styles and empty images as a design module shared with an extension uses them, in a
// file that imports no Testing (see UIImageTests.swift), each giving plain values.

/// A view that counts its layouts and lays its one subview out inset by 8 points, as a design module's would.
final class PaddedView: UIView {
    let content = UIView()
    private(set) var layouts = 0

    override init(frame: CGRect) {
        super.init(frame: frame)
        addSubview(content)
    }

    required init?(coder: NSCoder) { nil }

    override func layoutSubviews() {
        super.layoutSubviews()
        layouts += 1
        content.frame = bounds.inset(by: UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
    }
}

enum UIKitViewProbe {
    /// A view's frame, bounds and centre after its frame is set, then its bounds' size.
    @MainActor
    static func geometry() -> (frame: CGRect, bounds: CGRect, center: CGPoint, resized: CGRect) {
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        let first = (view.frame, view.bounds, view.center)
        view.bounds.size = CGSize(width: 40, height: 30)
        return (first.0, first.1, first.2, view.frame)
    }

    /// The order of a view's subviews (by tag) after each step of moving them about.
    @MainActor
    static func hierarchy() -> [[Int]] {
        let root = UIView()
        let other = UIView()
        let views = (1...4).map { tag in
            let view = UIView()
            view.tag = tag
            return view
        }
        func order() -> [Int] { root.subviews.map(\.tag) }
        var steps: [[Int]] = []
        views[0...2].forEach(root.addSubview)
        steps.append(order())
        root.insertSubview(views[3], belowSubview: views[1])
        steps.append(order())
        root.bringSubviewToFront(views[0])
        steps.append(order())
        other.addSubview(views[2])  // taken from root
        steps.append(order())
        views[3].removeFromSuperview()
        steps.append(order())
        root.sendSubviewToBack(views[0])
        steps.append(order())
        steps.append([other.subviews.count, views[2].superview === other ? 1 : 0, views[3].superview == nil ? 1 : 0])
        return steps
    }

    /// The order after moving a subview above and below its siblings, as UIKit documents: [2, 1, 3] both.
    @MainActor
    static func reordering() -> [[Int]] {
        func fresh() -> (UIView, [UIView]) {
            let root = UIView()
            let views = (1...3).map { tag in
                let view = UIView()
                view.tag = tag
                root.addSubview(view)
                return view
            }
            return (root, views)
        }
        let (above, aboveViews) = fresh()
        above.insertSubview(aboveViews[0], aboveSubview: aboveViews[1])
        let (below, belowViews) = fresh()
        below.insertSubview(belowViews[0], belowSubview: belowViews[2])
        return [above.subviews.map(\.tag), below.subviews.map(\.tag)]
    }

    /// A view sized to fit: its frame's origin kept.
    @MainActor
    static func sizedToFit() -> CGRect {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 100, height: 20)).image { _ in }
        let view = UIImageView(frame: CGRect(x: 10, y: 10, width: 0, height: 0))
        view.image = image
        view.sizeToFit()
        return view.frame
    }

    /// Layouts of a marked parent when its child is asked to lay out.
    @MainActor
    static func layoutFromAChild() -> Int {
        let parent = PaddedView(frame: CGRect(x: 0, y: 0, width: 100, height: 60))
        parent.layoutIfNeeded()
        parent.setNeedsLayout()
        parent.content.layoutIfNeeded()
        return parent.layouts
    }

    /// Whether tags and ancestry are found through nested views.
    @MainActor
    static func lookups() -> (found: Int?, missing: Bool, descendant: Bool, notDescendant: Bool) {
        let root = UIView()
        let middle = UIView()
        let leaf = UIView()
        leaf.tag = 7
        root.addSubview(middle)
        middle.addSubview(leaf)
        return (
            root.viewWithTag(7)?.tag, root.viewWithTag(8) == nil, leaf.isDescendant(of: root),
            root.isDescendant(of: leaf)
        )
    }

    /// Layouts counted across layoutIfNeeded calls, and the subview's frame the layout set.
    @MainActor
    static func layout() -> (counts: [Int], contentFrame: CGRect) {
        let view = PaddedView(frame: CGRect(x: 0, y: 0, width: 100, height: 60))
        var counts: [Int] = []
        view.layoutIfNeeded()
        counts.append(view.layouts)
        view.layoutIfNeeded()  // nothing changed: no layout
        counts.append(view.layouts)
        view.frame.size.width = 200  // a new size marks it
        view.layoutIfNeeded()
        counts.append(view.layouts)
        view.frame.origin.x = 30  // a move alone does not
        view.layoutIfNeeded()
        counts.append(view.layouts)
        return (counts, view.content.frame)
    }

    /// A point in a nested view converted to the root's coordinates and back.
    @MainActor
    static func conversion() -> (toRoot: CGPoint, back: CGPoint) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let middle = UIView(frame: CGRect(x: 10, y: 20, width: 200, height: 200))
        let leaf = UIView(frame: CGRect(x: 5, y: 6, width: 50, height: 50))
        root.addSubview(middle)
        middle.addSubview(leaf)
        let toRoot = leaf.convert(CGPoint(x: 1, y: 2), to: root)
        return (toRoot, leaf.convert(toRoot, from: root))
    }

    /// An image view's sizes with an image of `size` points, and without one.
    @MainActor
    static func imageView(size: CGSize) -> (frame: CGRect, intrinsic: CGSize, empty: CGSize) {
        let image = UIGraphicsImageRenderer(size: size).image { _ in }
        let view = UIImageView(image: image)
        return (view.frame, view.intrinsicContentSize, UIImageView(frame: .zero).intrinsicContentSize)
    }

    /// A subclass's tint from its superview, and its own once set.
    @MainActor
    static func tint() -> (inherited: Bool, own: Bool) {
        let root = UIView()
        let child = UIView()
        root.addSubview(child)
        root.tintColor = .red
        let inherited = child.tintColor == .red
        child.tintColor = .green
        return (inherited, child.tintColor == .green && root.tintColor == .red)
    }

    /// `UIImage()`'s size, CGImage and PNG bytes, and a template copy of a drawn image.
    static func emptyAndTemplate() -> (size: CGSize, hasCGImage: Bool, hasPNG: Bool, mode: Int, templateSize: CGSize) {
        let empty = UIImage()
        let drawn = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 10)).image { _ in }
        let template = drawn.withRenderingMode(.alwaysTemplate)
        return (
            empty.size, empty.cgImage != nil, empty.pngData() != nil, template.renderingMode.rawValue, template.size
        )
    }

    /// Paragraph styles: equal by values, copies immutable, mutable copies independent.
    static func paragraphStyles() -> [Bool] {
        let style = NSMutableParagraphStyle()
        style.alignment = .center
        style.lineSpacing = 4
        let copy = style.copy() as! NSParagraphStyle
        let mutable = style.mutableCopy() as! NSMutableParagraphStyle
        mutable.alignment = .right
        let same = NSMutableParagraphStyle()
        same.setParagraphStyle(copy)
        return [
            copy == style, !(copy is NSMutableParagraphStyle), mutable.alignment == .right,
            style.alignment == .center, same == style, NSParagraphStyle.default != style,
            NSParagraphStyle.default.alignment == .natural, copy.hash == style.hash,
        ]
    }

    /// Insets applied to a rectangle, by the method and UIKit's old function.
    static func insets() -> (CGRect, CGRect, Bool) {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 40)
        let insets = UIEdgeInsets(top: 2, left: 4, bottom: 6, right: 8)
        return (
            rect.inset(by: insets), UIEdgeInsetsInsetRect(rect, UIEdgeInsetsMake(50, 0, 0, 0)),
            UIEdgeInsets.zero == UIEdgeInsets()
        )
    }
}

/// A view that logs the hierarchy hooks it hears, as a design module's view overriding them would.
final class HookedView: UIView {
    static var log: [String] = []
    let name: String

    init(_ name: String) {
        self.name = name
        super.init(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    }

    required init?(coder: NSCoder) { nil }

    override func willMove(toSuperview newSuperview: UIView?) {
        let target = newSuperview.map { ($0 as? HookedView)?.name ?? "\(type(of: $0))" } ?? "nil"
        Self.log.append("\(name) willMove(toSuperview: \(target))")
    }
    override func didMoveToSuperview() { Self.log.append("\(name) didMoveToSuperview") }
    override func willMove(toWindow newWindow: UIWindow?) {
        Self.log.append("\(name) willMove(toWindow: \(newWindow == nil ? "nil" : "window"))")
    }
    override func didMoveToWindow() { Self.log.append("\(name) didMoveToWindow \(window == nil ? "nil" : "window")") }
    override func didAddSubview(_ subview: UIView) {
        Self.log.append("\(name) didAddSubview(\((subview as? HookedView)?.name ?? "?"))")
    }
    override func willRemoveSubview(_ subview: UIView) {
        Self.log.append("\(name) willRemoveSubview(\((subview as? HookedView)?.name ?? "?"))")
    }
    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        Self.log.append("\(name) traitCollectionDidChange")
    }
}

extension UIKitViewProbe {
    /// The hooks heard, step by step: a view added, moved to another superview, reordered, put in a window
    /// with its child, taken out.
    @MainActor
    static func hooks() -> [[String]] {
        let (a, b, child, grandchild) = (HookedView("a"), HookedView("b"), HookedView("child"), HookedView("grand"))
        child.addSubview(grandchild)
        var steps: [[String]] = []
        func step(_ action: () -> Void) {
            HookedView.log = []
            action()
            steps.append(HookedView.log)
        }
        step { a.addSubview(child) }
        step { b.addSubview(child) }
        step { b.addSubview(HookedView("other")) }
        step { b.sendSubviewToBack(child) }  // reordered: nothing
        step { b.insertSubview(child, aboveSubview: b.subviews[1]) }  // reordered among siblings: nothing
        steps.append(b.subviews.map { ($0 as? HookedView)?.name ?? "?" })
        step { child.addSubview(b) }  // an ancestor as a subview: refused
        if steps.last == [] { steps[steps.count - 1] = ["ignored"] }
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        step { window.addSubview(b) }
        steps.append(["\(grandchild.window === window)", "\(a.window == nil)"])
        step { child.removeFromSuperview() }
        return steps
    }

    /// The views a point hits: the front one, one behind a hidden or untouchable one, none outside.
    @MainActor
    static func hits() -> [Int?] {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let back = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        back.tag = 1
        let front = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        front.tag = 2
        let inner = UIView(frame: CGRect(x: 5, y: 5, width: 5, height: 5))
        inner.tag = 3
        root.addSubview(back)
        root.addSubview(front)
        front.addSubview(inner)
        var found = [
            root.hitTest(CGPoint(x: 16, y: 16), with: nil)?.tag, root.hitTest(CGPoint(x: 12, y: 12), with: nil)?.tag,
        ]
        front.isHidden = true
        found.append(root.hitTest(CGPoint(x: 12, y: 12), with: nil)?.tag)
        back.isUserInteractionEnabled = false
        found.append(root.hitTest(CGPoint(x: 12, y: 12), with: nil)?.tag)
        found.append(root.hitTest(CGPoint(x: 200, y: 12), with: nil)?.tag)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        window.tag = 7
        found.append(window.hitTest(CGPoint(x: 1, y: 1), with: nil)?.tag)  // hidden until shown
        window.makeKeyAndVisible()
        found.append(window.hitTest(CGPoint(x: 1, y: 1), with: nil)?.tag)
        return found
    }

    /// A view's transform (kept by its layer), margins, safe area, scale and traits.
    @MainActor
    static func environment() -> [String] {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.transform = CGAffineTransform(scaleX: 2, y: 2)
        return [
            "\(view.layer.affineTransform().a)", "\(view.frame.width)", "\(view.layoutMargins.left)",
            "\(view.safeAreaInsets == .zero)", "\(view.contentScaleFactor)",
            "\(view.traitCollection.userInterfaceStyle.rawValue)",
        ]
    }
}

/// A view that counts its constraint updates, as a design module's view overriding `updateConstraints` does.
final class ConstrainedView: UIView {
    static var updates: [Int] = []

    override func updateConstraints() {
        Self.updates.append(tag)
        super.updateConstraints()
    }
}

extension UIKitViewProbe {
    /// Auto Layout kept, not solved: where activated constraints are held, what anchors make, priorities,
    /// guides' frames, the update pass's order.
    @MainActor
    static func autoLayout() -> [String] {
        let root = ConstrainedView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let (left, right) = (ConstrainedView(), ConstrainedView())
        (root.tag, left.tag, right.tag) = (1, 2, 3)
        root.addSubview(left)
        root.addSubview(right)
        let pinned = [
            left.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
            right.leadingAnchor.constraint(equalTo: left.trailingAnchor, constant: 8),
            left.widthAnchor.constraint(equalToConstant: 40),
            right.widthAnchor.constraint(equalTo: left.widthAnchor, multiplier: 2, constant: 1),
            left.topAnchor.constraint(greaterThanOrEqualTo: root.topAnchor),
        ]
        pinned[4].priority = .defaultHigh - 1
        NSLayoutConstraint.activate(pinned)
        var seen = [
            "\(root.constraints.count) \(left.constraints.count) \(pinned.allSatisfy(\.isActive))",
            "\(pinned[1].firstAttribute.rawValue) \(pinned[1].secondAttribute.rawValue) \(pinned[1].constant)",
            "\(pinned[2].secondItem == nil) \(pinned[2].secondAttribute == .notAnAttribute) \(left.constraints.first === pinned[2])",
            "\(pinned[3].multiplier) \(pinned[3].constant) \(pinned[4].priority.rawValue) \(pinned[4].relation.rawValue)",
            "\(left.frame) \(root.layoutMarginsGuide.layoutFrame)",
            "\(left.contentHuggingPriority(for: .horizontal).rawValue) "
                + "\(left.contentCompressionResistancePriority(for: .vertical).rawValue)",
        ]
        left.setContentHuggingPriority(.required, for: .horizontal)
        NSLayoutConstraint.deactivate([pinned[0], pinned[2]])
        seen.append(
            "\(root.constraints.count) \(left.constraints.count) \(left.contentHuggingPriority(for: .horizontal).rawValue)"
        )
        ConstrainedView.updates = []
        root.updateConstraintsIfNeeded()
        root.updateConstraintsIfNeeded()
        seen.append(ConstrainedView.updates.map(String.init).joined(separator: " "))
        return seen
    }
}

extension UIKitViewProbe {
    /// A label's defaults, its text and attributed text as one, and its estimated sizes.
    @MainActor
    static func label() -> [String] {
        let label = UILabel()
        var seen = [
            "\(label.font.pointSize) \(label.numberOfLines) \(label.textAlignment.rawValue) "
                + "\(label.lineBreakMode.rawValue) \(label.isUserInteractionEnabled) \(label.intrinsicContentSize)"
        ]
        label.text = "Hello"
        seen.append("\(label.attributedText?.string ?? "nil") \(label.intrinsicContentSize.width)")
        label.attributedText = NSAttributedString(string: "0123456789012345678901234567890123456789")
        label.numberOfLines = 0
        let fits = label.sizeThatFits(CGSize(width: 100, height: 1000))
        seen.append("\(label.text ?? "nil") \(fits.width) \(fits.height / label.font.lineHeight)")
        label.numberOfLines = 2
        seen.append("\(label.sizeThatFits(CGSize(width: 100, height: 1000)).height / label.font.lineHeight)")
        label.text = nil
        seen.append("\(label.attributedText == nil) \(label.intrinsicContentSize)")
        return seen
    }

    /// A stack's arrangement: order, insertion, removal from the arrangement or the view, custom spacing.
    @MainActor
    static func stack() -> [String] {
        let views = (1...4).map { tag in
            let view = UIView()
            view.tag = tag
            return view
        }
        let stack = UIStackView(arrangedSubviews: [views[0], views[1]])
        func tags(_ list: [UIView]) -> String { list.map { "\($0.tag)" }.joined() }
        var seen = [tags(stack.arrangedSubviews) + " " + tags(stack.subviews)]
        stack.insertArrangedSubview(views[2], at: 0)
        stack.addSubview(views[3])  // a subview, not arranged
        seen.append(tags(stack.arrangedSubviews) + " " + tags(stack.subviews))
        stack.removeArrangedSubview(views[0])
        views[1].removeFromSuperview()
        seen.append(tags(stack.arrangedSubviews) + " " + tags(stack.subviews))
        stack.setCustomSpacing(12, after: views[2])
        seen.append(
            "\(stack.customSpacing(after: views[2])) \(stack.customSpacing(after: views[0]) == UIStackView.spacingUseDefault) "
                + "\(stack.axis.rawValue) \(stack.distribution.rawValue) \(stack.alignment == .top)")
        return seen
    }
}
