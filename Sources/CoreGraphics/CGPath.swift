internal import Synchronization

/// A graphics path, as Core Graphics': a sequence of moves, lines, quadratic and cubic Béziers and closes,
/// kept as its elements (nothing is drawn). A `CGPath` made by its initializers or `copy()` never changes;
/// ``CGMutablePath`` is one that does. Two paths are equal when their elements are, as `CGPathEqualToPath`
/// finds them.
///
/// `@unchecked Sendable`: the elements are a value behind a lock, so a mutable path too may be read and
/// changed from several threads (Core Graphics' may not; this is never less safe).
public class CGPath: @unchecked Sendable, Hashable {
    /// The elements, locked: a mutable path changes them.
    private let storage: Mutex<CGPathElements>

    /// A path of `elements`.
    init(elements: CGPathElements) {
        storage = Mutex(elements)
    }

    /// The elements now.
    var elements: CGPathElements { storage.withLock { $0 } }

    /// Changes the elements (``CGMutablePath``'s methods).
    func mutate(_ body: (inout CGPathElements) -> Void) { storage.withLock { body(&$0) } }

    /// A closed rectangle: a move to its minimum corner, three lines, a close (the rectangle standardized;
    /// none for `CGRect.null`), transformed by `transform` when there is one.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        var elements = CGPathElements()
        elements.addRect(rect, transform?.pointee ?? .identity)
        self.init(elements: elements)
    }

    /// A closed ellipse in `rect`, four cubic Béziers from the middle of its right side, transformed by
    /// `transform` when there is one.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        var elements = CGPathElements()
        elements.addEllipse(in: rect, transform?.pointee ?? .identity)
        self.init(elements: elements)
    }

    /// A closed rectangle with elliptical corners of `cornerWidth` × `cornerHeight` (a plain rectangle when
    /// either is 0; corners larger than half a side are made half a side), transformed by `transform` when
    /// there is one.
    public convenience init(
        roundedRect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
        transform: UnsafePointer<CGAffineTransform>?
    ) {
        var elements = CGPathElements()
        elements.addRoundedRect(
            roundedRect, cornerWidth: cornerWidth, cornerHeight: cornerHeight, transform?.pointee ?? .identity)
        self.init(elements: elements)
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.items.isEmpty }

    /// Where the last element ended (after a close, the start of the subpath it closed); `.zero` for an
    /// empty path.
    public var currentPoint: CGPoint { elements.currentPoint ?? .zero }

    /// An immutable copy.
    public func copy() -> CGPath? { CGPath(elements: elements) }

    /// An immutable copy with every point transformed by `transform`, when there is one.
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        CGPath(elements: transformed(transform?.pointee))
    }

    /// A mutable copy: changing it leaves this path as it is.
    public func mutableCopy() -> CGMutablePath? { CGMutablePath(copying: elements) }

    /// A mutable copy with every point transformed by `transform`, when there is one.
    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        CGMutablePath(copying: transformed(transform?.pointee))
    }

    /// Calls `block` with each element in order. The element and its points are valid only during the call.
    public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
        // A snapshot: the block may change a mutable path without taking the lock it holds.
        let items = elements.items
        withUnsafeTemporaryAllocation(of: CGPoint.self, capacity: 3) { buffer in
            buffer.initialize(repeating: .zero)
            guard let points = buffer.baseAddress else { return }
            for item in items {
                for (index, point) in item.points.enumerated() { buffer[index] = point }
                var element = CGPathElement(type: item.type, points: points)
                withUnsafePointer(to: &element) { block($0) }
            }
        }
    }

    /// Calls `function` with `info` and each element in order, as `applyWithBlock` does.
    public func apply(info: UnsafeMutableRawPointer?, function: CGPathApplierFunction) {
        applyWithBlock { function(info, $0) }
    }

    /// Equal when the elements are, kind by kind and point by point.
    public static func == (lhs: CGPath, rhs: CGPath) -> Bool {
        lhs === rhs || lhs.elements == rhs.elements
    }

    /// Hashes the elements.
    public func hash(into hasher: inout Hasher) { hasher.combine(elements) }

    /// The elements with every point transformed by `transform` (as they are when it is nil).
    private func transformed(_ transform: CGAffineTransform?) -> CGPathElements {
        let current = elements
        guard let transform, !transform.isIdentity else { return current }
        var result = CGPathElements()
        result.append(contentsOf: current, transform)
        return result
    }
}
