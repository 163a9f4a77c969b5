import Foundation
import NSEBenchCore
import Testing

@testable import NSERuntime

/// Design code as app modules share it with their extension (mastodon-ios's `MastodonExtension`: a CALayer
/// shadow helper reading `UIScreen.main.scale` and making a `UIBezierPath`, a corner-radius helper on UIView; its
/// `GradientBorderView`: a gradient layer masked by a shape layer, laid out in `layoutSubviews`), compiled
/// unchanged in Swift 5 mode against `import UIKit` alone, and run by an extension that reports what it set.
@Suite("UIKit: design code's layers in an extension", .timeLimit(.minutes(3)))
struct UIKitLayerExtensionTests {
    static let design = """
        import UIKit

        extension CALayer {
            public func setupShadow(
                color: UIColor = .black, alpha: Float = 0.5, x: CGFloat = 0, y: CGFloat = 2, blur: CGFloat = 4,
                spread: CGFloat = 0, roundedRect: CGRect? = nil, byRoundingCorners corners: UIRectCorner? = nil,
                cornerRadii: CGSize? = nil
            ) {
                shadowColor        = color.cgColor
                shadowOpacity      = alpha
                shadowOffset       = CGSize(width: x, height: y)
                shadowRadius       = blur / 2
                rasterizationScale = UIScreen.main.scale
                shouldRasterize    = true
                masksToBounds      = false
                guard let roundedRect = roundedRect, let corners = corners, let cornerRadii = cornerRadii else { return }
                let rect = spread == 0 ? roundedRect : roundedRect.insetBy(dx: -spread, dy: -spread)
                shadowPath = UIBezierPath(roundedRect: rect, byRoundingCorners: corners, cornerRadii: cornerRadii).cgPath
            }
        }

        extension UIView {
            @discardableResult
            public func applyCornerRadius(radius: CGFloat) -> Self {
                layer.masksToBounds = true
                layer.cornerRadius = radius
                layer.cornerCurve = .continuous
                return self
            }
        }

        final class GradientBorderView: UIView {
            let gradientLayer = CAGradientLayer()
            let maskLayer = CAShapeLayer()

            override init(frame: CGRect) {
                super.init(frame: frame)
                gradientLayer.colors = [UIColor.systemBlue.cgColor, UIColor.systemPink.cgColor]
                gradientLayer.startPoint = CGPoint(x: 0, y: 0.5)
                gradientLayer.endPoint = CGPoint(x: 1, y: 0.5)
                layer.addSublayer(gradientLayer)
                maskLayer.fillColor = UIColor.clear.cgColor
                maskLayer.strokeColor = UIColor.black.cgColor
                maskLayer.lineWidth = 2
                gradientLayer.mask = maskLayer
            }

            required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

            override func layoutSubviews() {
                super.layoutSubviews()
                gradientLayer.frame = bounds
                maskLayer.path = UIBezierPath(roundedRect: bounds.insetBy(dx: 1, dy: 1), cornerRadius: 10).cgPath
            }
        }

        extension UIView {
            @discardableResult
            public func pinToParent(padding: UIEdgeInsets = .zero) -> [NSLayoutConstraint] {
                pinTo(to: self.superview, padding: padding)
            }

            @discardableResult
            public func pinTo(to view: UIView?, padding: UIEdgeInsets = .zero) -> [NSLayoutConstraint] {
                guard let pinToView = view else { return [] }
                let constraints = [
                    topAnchor.constraint(equalTo: pinToView.topAnchor, constant: padding.top),
                    leadingAnchor.constraint(equalTo: pinToView.leadingAnchor, constant: padding.left),
                    trailingAnchor.constraint(equalTo: pinToView.trailingAnchor, constant: -padding.right),
                    bottomAnchor.constraint(equalTo: pinToView.bottomAnchor, constant: -padding.bottom),
                ]
                NSLayoutConstraint.activate(constraints)
                return constraints
            }
        }

        /// Sized as its layer's delegate, the other common way.
        final class ShadeView: UIView {
            let shade = CAGradientLayer()

            override init(frame: CGRect) {
                super.init(frame: frame)
                layer.insertSublayer(shade, at: 0)
            }

            required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

            override func layoutSublayers(of layer: CALayer) {
                super.layoutSublayers(of: layer)
                shade.frame = bounds.insetBy(dx: 2, dy: 2)
            }
        }
        """

    static let service = """
        import UIKit
        import UserNotifications

        class NotificationService: UNNotificationServiceExtension {
            override func didReceive(
                _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
            ) {
                let content = request.content.mutableCopy() as! UNMutableNotificationContent
                let badge = GradientBorderView(frame: CGRect(x: 0, y: 0, width: 120, height: 40)).applyCornerRadius(radius: 12)
                badge.layer.setupShadow(
                    roundedRect: badge.bounds, byRoundingCorners: .allCorners, cornerRadii: CGSize(width: 12, height: 12))
                badge.layoutIfNeeded()
                let layer = badge.layer
                let mask = badge.maskLayer.path?.boundingBox ?? .null
                content.title = "\\(layer.cornerRadius) \\(layer.cornerCurve.rawValue) \\(layer.masksToBounds) \\(layer.shadowRadius)"
                content.subtitle = "\\(layer.shadowPath?.boundingBox ?? .null) \\(badge.gradientLayer.frame) \\(mask)"
                let shaded = ShadeView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
                badge.addSubview(shaded)
                // Every way of moving views, on the extension's thread.
                let (above, below, front) = (UIView(), UIView(), UIView())
                badge.insertSubview(above, aboveSubview: shaded)
                badge.insertSubview(below, belowSubview: shaded)
                badge.addSubview(front)
                badge.bringSubviewToFront(shaded)
                badge.sendSubviewToBack(front)
                above.removeFromSuperview()
                below.translatesAutoresizingMaskIntoConstraints = false
                let pins = below.pinToParent(padding: UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
                below.widthAnchor.constraint(greaterThanOrEqualToConstant: 10).isActive = true
                below.setContentHuggingPriority(.defaultHigh, for: .vertical)
                let title = UILabel()
                title.text = "Hi"
                title.numberOfLines = 0
                let stack = UIStackView(arrangedSubviews: [title, UIImageView()])
                stack.axis = .vertical
                stack.spacing = 4
                front.addSubview(stack)
                badge.layoutIfNeeded()
                let order = badge.subviews.map { $0 === shaded ? "s" : $0 === below ? "b" : $0 === front ? "f" : "?" }
                content.body = "\\(layer.rasterizationScale) \\(badge.gradientLayer.colors?.count ?? 0) \\(badge.gradientLayer.mask === badge.maskLayer) \\(shaded.shade.frame) \\(Thread.isMainThread) \\(order.joined()) \\(badge.constraints.count) \\(below.constraints.count) \\(pins[3].constant) \\(badge.layoutMarginsGuide.layoutFrame.width) \\(stack.arrangedSubviews.count) \\(title.intrinsicContentSize.width)"
                contentHandler(content)
            }
        }
        """

    @Test("the helpers set the layer's values, layout sizes the gradient and its mask, and the content is delivered")
    func designCodeRuns() async throws {
        let record = try await CompiledExamples.record(
            of: ["NotificationService.swift": Self.service, "DesignKit.swift": Self.design], title: "Badge")
        #expect(record.visible.title == "12.0 continuous false 2.0")
        #expect(
            record.visible.subtitle == "(0.0, 0.0, 120.0, 40.0) (0.0, 0.0, 120.0, 40.0) (1.0, 1.0, 118.0, 38.0)")
        // Laid out on the extension's own thread, as Swift 5 mode lets UIKit's views be.
        #expect(record.visible.body == "3.0 2 true (2.0, 2.0, 16.0, 16.0) false fbs 4 1 -3.0 104.0 2 17.0")
    }
}
