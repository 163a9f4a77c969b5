public import Foundation

/// A label, as UIKit's: its text or attributed text, font, color, alignment, line count and the rest of what a
/// design module sets on one. Nothing is drawn.
///
/// Not faithful: text is not measured. ``intrinsicContentSize`` and ``sizeThatFits(_:)`` estimate it (each
/// character half the font's point size wide, one line the font's line height, wrapped at
/// ``preferredMaxLayoutWidth`` or the width offered when ``numberOfLines`` allows), where iOS measures the
/// glyphs.
open class UILabel: UIView {
    /// The text: the attributed text's characters.
    open var text: String? {
        get { storedText?.string }
        set {
            if let newValue { storedText = NSAttributedString(string: newValue) } else { storedText = nil }
            invalidateIntrinsicContentSize()
        }
    }
    /// The text with its attributes.
    open var attributedText: NSAttributedString? {
        get { storedText }
        set {
            storedText = newValue
            invalidateIntrinsicContentSize()
        }
    }
    private var storedText: NSAttributedString?
    /// The font: the system font at 17 points unless set.
    open var font: UIFont! = .systemFont(ofSize: 17)
    /// The text's color: the label color unless set.
    open var textColor: UIColor! = .label
    /// The text's color while highlighted.
    open var highlightedTextColor: UIColor?
    /// How lines are aligned: natural.
    open var textAlignment = NSTextAlignment.natural
    /// How a line too long ends: truncated at its tail.
    open var lineBreakMode = NSLineBreakMode.byTruncatingTail
    /// How many lines at most: 1; 0 for as many as it takes.
    open var numberOfLines = 1
    /// Whether the font shrinks to fit the width.
    open var adjustsFontSizeToFitWidth = false
    /// How far the font may shrink, 0 to 1.
    open var minimumScaleFactor: CGFloat = 0
    /// Whether the font follows the user's text size.
    open var adjustsFontForContentSizeCategory = false
    /// Whether letters may tighten before truncating.
    open var allowsDefaultTighteningForTruncation = false
    /// Whether it is enabled: drawn dimmed when not.
    open var isEnabled = true
    /// Whether it is highlighted.
    open var isHighlighted = false
    /// The text's shadow color.
    open var shadowColor: UIColor?
    /// The text's shadow offset: (0, -1).
    open var shadowOffset = CGSize(width: 0, height: -1)
    /// The width at which an auto-sized multiline label wraps.
    open var preferredMaxLayoutWidth: CGFloat = 0

    /// A label of `frame`, taking no touches, as UIKit's.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// A label from an archive: none to read here.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isUserInteractionEnabled = false
    }

    /// The estimated size of its text on one line, or wrapped at ``preferredMaxLayoutWidth`` (see the type's
    /// notes); zero without text.
    open override var intrinsicContentSize: CGSize {
        estimatedSize(within: preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : .greatestFiniteMagnitude)
    }

    /// The estimated size of its text within `size`'s width.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        estimatedSize(within: size.width > 0 ? size.width : .greatestFiniteMagnitude)
    }

    /// Each character half the point size wide; lines the font's line height, as many as the width needs and
    /// ``numberOfLines`` allows.
    private func estimatedSize(within width: CGFloat) -> CGSize {
        guard let text = storedText?.string, !text.isEmpty, let font else { return .zero }
        let lineWidth = CGFloat(text.count) * font.pointSize / 2
        var lines = max(1, Int((lineWidth / max(width, 1)).rounded(.up)))
        if numberOfLines > 0 { lines = min(lines, numberOfLines) }
        return CGSize(width: min(lineWidth, width), height: CGFloat(lines) * font.lineHeight)
    }
}
