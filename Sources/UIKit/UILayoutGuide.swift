public import Foundation

/// A rectangle that takes part in Auto Layout without being a view, as UIKit's: a view's margins and safe area
/// (``UIView/layoutMarginsGuide``, ``UIView/safeAreaLayoutGuide``) or a guide code adds. Its anchors make
/// constraints as a view's do; its frame is its view's bounds less the margins or safe area it stands for
/// (nothing solves a guide code added: its frame is zero).
@preconcurrency @MainActor
open class UILayoutGuide: NSObject {
    /// What a view's own guide stands for.
    enum Role {
        case added, margins, safeArea
    }

    /// The view it belongs to.
    open internal(set) weak var owningView: UIView?
    /// A name to find it by.
    open var identifier = ""
    let role: Role

    /// A guide for code to add to a view.
    public override init() {
        role = .added
        super.init()
    }

    init(owningView: UIView, role: Role) {
        self.owningView = owningView
        self.role = role
        super.init()
    }

    /// A guide from an archive: none to read here.
    public required init?(coder: NSCoder) {
        role = .added
        super.init()
    }

    /// Its rectangle in its view's coordinates.
    open var layoutFrame: CGRect {
        guard let owningView else { return .zero }
        switch role {
        case .added: return .zero
        case .margins: return owningView.bounds.inset(by: owningView.layoutMargins)
        case .safeArea: return owningView.bounds.inset(by: owningView.safeAreaInsets)
        }
    }

    open var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .leading) }
    open var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .trailing) }
    open var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .left) }
    open var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .right) }
    open var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .centerX) }
    open var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .top) }
    open var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .bottom) }
    open var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .centerY) }
    open var widthAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .width) }
    open var heightAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .height) }
}
