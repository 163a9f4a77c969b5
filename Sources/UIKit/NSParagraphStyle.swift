public import Foundation

/// How a paragraph's lines are aligned, as UIKit's (its raw values are iOS's).
public enum NSTextAlignment: Int, Sendable {
    case left = 0
    case center = 1
    case right = 2
    case justified = 3
    case natural = 4
}

/// Where a line too long for its box is broken or cut, as UIKit's.
public enum NSLineBreakMode: Int, Sendable {
    case byWordWrapping = 0
    case byCharWrapping = 1
    case byClipping = 2
    case byTruncatingHead = 3
    case byTruncatingTail = 4
    case byTruncatingMiddle = 5
}

/// The direction text is written in, as UIKit's.
public enum NSWritingDirection: Int, Sendable {
    case natural = -1
    case leftToRight = 0
    case rightToLeft = 1
}

/// A paragraph style's values, compared and hashed together.
struct ParagraphValues: Hashable {
    var alignment: NSTextAlignment = .natural
    var lineBreakMode: NSLineBreakMode = .byWordWrapping
    var lineSpacing: CGFloat = 0
    var paragraphSpacing: CGFloat = 0
    var paragraphSpacingBefore: CGFloat = 0
    var firstLineHeadIndent: CGFloat = 0
    var headIndent: CGFloat = 0
    var tailIndent: CGFloat = 0
    var minimumLineHeight: CGFloat = 0
    var maximumLineHeight: CGFloat = 0
    var lineHeightMultiple: CGFloat = 0
    var baseWritingDirection: NSWritingDirection = .natural
    var hyphenationFactor: Float = 0
}

/// How a paragraph is laid out, as UIKit's: the values an attributed string's `.paragraphStyle` carries.
/// Layout is not simulated (drawing text draws nothing), so these are kept and compared, never applied.
open class NSParagraphStyle: NSObject, NSCopying, NSMutableCopying, @unchecked Sendable {
    // @unchecked: as on iOS, an NSParagraphStyle is not changed once made; a mutable one is changed by its
    // owner alone, before it is shared, as Apple documents for its own.

    /// The style's values.
    fileprivate(set) var values: ParagraphValues

    /// The default style: natural alignment, word wrapping, no spacing or indents.
    open class var `default`: NSParagraphStyle { NSParagraphStyle() }

    /// The alignment of the lines.
    open var alignment: NSTextAlignment { values.alignment }
    /// Where a line too long is broken or cut.
    open var lineBreakMode: NSLineBreakMode { values.lineBreakMode }
    /// Points between lines.
    open var lineSpacing: CGFloat { values.lineSpacing }
    /// Points after the paragraph.
    open var paragraphSpacing: CGFloat { values.paragraphSpacing }
    /// Points before the paragraph.
    open var paragraphSpacingBefore: CGFloat { values.paragraphSpacingBefore }
    /// The first line's indent.
    open var firstLineHeadIndent: CGFloat { values.firstLineHeadIndent }
    /// The other lines' indent.
    open var headIndent: CGFloat { values.headIndent }
    /// The trailing indent (negative: from the trailing edge).
    open var tailIndent: CGFloat { values.tailIndent }
    /// The least line height (0: none).
    open var minimumLineHeight: CGFloat { values.minimumLineHeight }
    /// The greatest line height (0: none).
    open var maximumLineHeight: CGFloat { values.maximumLineHeight }
    /// The line height multiple (0: none).
    open var lineHeightMultiple: CGFloat { values.lineHeightMultiple }
    /// The writing direction.
    open var baseWritingDirection: NSWritingDirection { values.baseWritingDirection }
    /// The hyphenation threshold, 0 to 1 (0: none).
    open var hyphenationFactor: Float { values.hyphenationFactor }

    /// The default style.
    public override init() { values = ParagraphValues() }

    fileprivate init(values: ParagraphValues) { self.values = values }

    /// An immutable copy.
    open func copy(with zone: NSZone? = nil) -> Any { NSParagraphStyle(values: values) }

    /// A mutable copy.
    open func mutableCopy(with zone: NSZone? = nil) -> Any { NSMutableParagraphStyle(values: values) }

    /// Whether `object` is a paragraph style with the same values, as iOS compares them.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSParagraphStyle else { return false }
        return values == other.values
    }

    /// A hash of the values.
    open override var hash: Int { values.hashValue }
}

/// A paragraph style whose values can be set, as UIKit's.
open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
    // @unchecked: see NSParagraphStyle.

    /// The default style, to change.
    public override init() { super.init() }

    fileprivate override init(values: ParagraphValues) { super.init(values: values) }

    /// Takes every value of `style`.
    open func setParagraphStyle(_ style: NSParagraphStyle) { values = style.values }

    /// The alignment of the lines.
    open override var alignment: NSTextAlignment {
        get { values.alignment }
        set { values.alignment = newValue }
    }
    /// Where a line too long is broken or cut.
    open override var lineBreakMode: NSLineBreakMode {
        get { values.lineBreakMode }
        set { values.lineBreakMode = newValue }
    }
    /// Points between lines.
    open override var lineSpacing: CGFloat {
        get { values.lineSpacing }
        set { values.lineSpacing = newValue }
    }
    /// Points after the paragraph.
    open override var paragraphSpacing: CGFloat {
        get { values.paragraphSpacing }
        set { values.paragraphSpacing = newValue }
    }
    /// Points before the paragraph.
    open override var paragraphSpacingBefore: CGFloat {
        get { values.paragraphSpacingBefore }
        set { values.paragraphSpacingBefore = newValue }
    }
    /// The first line's indent.
    open override var firstLineHeadIndent: CGFloat {
        get { values.firstLineHeadIndent }
        set { values.firstLineHeadIndent = newValue }
    }
    /// The other lines' indent.
    open override var headIndent: CGFloat {
        get { values.headIndent }
        set { values.headIndent = newValue }
    }
    /// The trailing indent (negative: from the trailing edge).
    open override var tailIndent: CGFloat {
        get { values.tailIndent }
        set { values.tailIndent = newValue }
    }
    /// The least line height (0: none).
    open override var minimumLineHeight: CGFloat {
        get { values.minimumLineHeight }
        set { values.minimumLineHeight = newValue }
    }
    /// The greatest line height (0: none).
    open override var maximumLineHeight: CGFloat {
        get { values.maximumLineHeight }
        set { values.maximumLineHeight = newValue }
    }
    /// The line height multiple (0: none).
    open override var lineHeightMultiple: CGFloat {
        get { values.lineHeightMultiple }
        set { values.lineHeightMultiple = newValue }
    }
    /// The writing direction.
    open override var baseWritingDirection: NSWritingDirection {
        get { values.baseWritingDirection }
        set { values.baseWritingDirection = newValue }
    }
    /// The hyphenation threshold, 0 to 1 (0: none).
    open override var hyphenationFactor: Float {
        get { values.hyphenationFactor }
        set { values.hyphenationFactor = newValue }
    }
}
