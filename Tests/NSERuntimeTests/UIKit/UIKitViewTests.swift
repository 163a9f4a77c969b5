import Foundation
import Testing

// The UIKit calls are in UIKitViewProbe.swift, which imports no Testing (see UIImageTests.swift).

/// Views, image views, insets, paragraph styles and empty images, as a design module shared with an extension
/// makes and lays them out: geometry and hierarchy as iOS keeps them, nothing drawn.
@Suite("UIKit: views, insets and paragraph styles")
@MainActor
struct UIKitViewTests {
    @Test("A frame is kept as a centre and a size; bounds' size moves the frame around the centre")
    func geometry() {
        let (frame, bounds, center, resized) = UIKitViewProbe.geometry()
        #expect(frame == CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(center == CGPoint(x: 60, y: 45))
        #expect(resized == CGRect(x: 40, y: 30, width: 40, height: 30))
    }

    @Test("Moving a view calls UIKit's hooks in UIKit's order; reordering calls none; a window reaches the subtree")
    func hooks() {
        let steps = UIKitViewProbe.hooks()
        #expect(
            steps == [
                ["child willMove(toSuperview: a)", "a didAddSubview(child)", "child didMoveToSuperview"],
                [
                    "child willMove(toSuperview: b)", "a willRemoveSubview(child)", "b didAddSubview(child)",
                    "child didMoveToSuperview",
                ],
                ["other willMove(toSuperview: b)", "b didAddSubview(other)", "other didMoveToSuperview"],
                [], [], ["other", "child"], ["ignored"],
                [
                    "b willMove(toSuperview: UIWindow)", "b willMove(toWindow: window)",
                    "other willMove(toWindow: window)",
                    "child willMove(toWindow: window)", "grand willMove(toWindow: window)", "b didMoveToSuperview",
                    "b didMoveToWindow window", "other didMoveToWindow window", "child didMoveToWindow window",
                    "grand didMoveToWindow window",
                ],
                ["true", "true"],
                [
                    "b willRemoveSubview(child)", "child willMove(toSuperview: nil)", "child willMove(toWindow: nil)",
                    "grand willMove(toWindow: nil)", "child didMoveToWindow nil", "grand didMoveToWindow nil",
                    "child didMoveToSuperview",
                ],
            ])
    }

    @Test("Auto Layout is kept, not solved: constraints held by the common ancestor, anchors' values, priorities")
    func autoLayout() {
        #expect(
            UIKitViewProbe.autoLayout() == [
                "4 1 true", "5 6 8.0", "true true true", "2.0 1.0 749.0 1",
                "(0.0, 0.0, 0.0, 0.0) (8.0, 8.0, 84.0, 84.0)",
                "250.0 750.0", "3 0 1000.0", "2 3 1",
            ])
    }

    @Test("A label keeps text and attributed text as one; its size is an estimate, wrapped and capped by its lines")
    func label() {
        #expect(
            UIKitViewProbe.label() == [
                "17.0 1 4 4 false (0.0, 0.0)", "Hello 42.5", "0123456789012345678901234567890123456789 100.0 4.0",
                "2.0", "true (0.0, 0.0)",
            ])
    }

    @Test("A stack arranges its views in order; one taken out of it leaves the arrangement, one unarranged stays")
    func stack() {
        #expect(UIKitViewProbe.stack() == ["12 12", "312 1234", "3 134", "12.0 true 0 0 false"])
    }

    @Test("A point hits the frontmost visible view that takes touches, none outside")
    func hitTesting() {
        #expect(UIKitViewProbe.hits() == [3, 2, 1, 0, nil, nil, 7])
    }

    @Test("A view's transform is its layer's; margins, safe area, scale and traits are an iPhone's")
    func environment() {
        #expect(UIKitViewProbe.environment() == ["2.0", "10.0", "8.0", "true", "3.0", "1"])
    }

    @Test("Subviews are ordered back to front; adding a view takes it from its old superview")
    func hierarchy() {
        #expect(
            UIKitViewProbe.hierarchy() == [
                [1, 2, 3], [1, 4, 2, 3], [4, 2, 3, 1], [4, 2, 1], [2, 1], [1, 2], [1, 1, 1],
            ])
    }

    @Test("A subview moved above or below a sibling lands next to it")
    func reordering() {
        #expect(UIKitViewProbe.reordering() == [[2, 1, 3], [2, 1, 3]])
    }

    @Test("sizeToFit keeps the frame's origin")
    func sizedToFit() {
        #expect(UIKitViewProbe.sizedToFit() == CGRect(x: 10, y: 10, width: 100, height: 20))
    }

    @Test("A child's layoutIfNeeded lays out its marked parent first")
    func layoutFromAChild() {
        #expect(UIKitViewProbe.layoutFromAChild() == 2)
    }

    @Test("Tags and ancestry are found through nested views")
    func lookups() {
        let (found, missing, descendant, notDescendant) = UIKitViewProbe.lookups()
        #expect(found == 7)
        #expect(missing)
        #expect(descendant)
        #expect(!notDescendant)
    }

    @Test("layoutIfNeeded lays a view out once, and again only when its size changed")
    func layout() {
        let (counts, contentFrame) = UIKitViewProbe.layout()
        #expect(counts == [1, 1, 2, 2])
        #expect(contentFrame == CGRect(x: 8, y: 8, width: 184, height: 44))
    }

    @Test("A point converts through nested frames to the root's coordinates and back")
    func conversion() {
        let (toRoot, back) = UIKitViewProbe.conversion()
        #expect(toRoot == CGPoint(x: 16, y: 28))
        #expect(back == CGPoint(x: 1, y: 2))
    }

    @Test("An image view takes its image's size; without one it has no intrinsic size")
    func imageView() {
        let (frame, intrinsic, empty) = UIKitViewProbe.imageView(size: CGSize(width: 30, height: 12))
        #expect(frame == CGRect(x: 0, y: 0, width: 30, height: 12))
        #expect(intrinsic == CGSize(width: 30, height: 12))
        #expect(empty == CGSize(width: -1, height: -1))
    }

    @Test("A view's tint is its superview's until it sets its own")
    func tint() {
        let (inherited, own) = UIKitViewProbe.tint()
        #expect(inherited)
        #expect(own)
    }

    @Test("UIImage() is empty: size zero, no CGImage, no PNG; a template copy keeps the size")
    func emptyAndTemplate() {
        let (size, hasCGImage, hasPNG, mode, templateSize) = UIKitViewProbe.emptyAndTemplate()
        #expect(size == .zero)
        #expect(!hasCGImage)
        #expect(!hasPNG)
        #expect(mode == 2)  // .alwaysTemplate
        #expect(templateSize == CGSize(width: 20, height: 10))
    }

    @Test("Paragraph styles are equal by their values; copies are immutable, mutable copies independent")
    func paragraphStyles() {
        #expect(UIKitViewProbe.paragraphStyles() == Array(repeating: true, count: 8))
    }

    @Test("Insets shrink a rectangle from each edge; an inset beyond its height leaves a negative one")
    func insets() {
        let (inset, beyond, zero) = UIKitViewProbe.insets()
        #expect(inset == CGRect(x: 4, y: 2, width: 88, height: 32))
        #expect(beyond == CGRect(x: 0, y: 50, width: 100, height: -10))
        #expect(zero)
    }
}
