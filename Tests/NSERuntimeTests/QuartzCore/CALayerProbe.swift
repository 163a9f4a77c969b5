import CoreGraphics
import QuartzCore

// Core Animation's names for CALayerTests.swift, which cannot import QuartzCore beside Testing (Swift Testing
// names a cross-import overlay for CoreGraphics, which QuartzCore re-exports; see UIKit/UIImageTests.swift).
// Each is the framework's own type, so the tests use the names as user code does.

typealias CALayer = QuartzCore.CALayer
typealias CAShapeLayer = QuartzCore.CAShapeLayer
typealias CAGradientLayer = QuartzCore.CAGradientLayer
typealias CALayerDelegate = QuartzCore.CALayerDelegate
typealias CAAnimationDelegate = QuartzCore.CAAnimationDelegate
typealias CAAnimation = QuartzCore.CAAnimation
typealias CABasicAnimation = QuartzCore.CABasicAnimation
typealias CAMediaTimingFunction = QuartzCore.CAMediaTimingFunction

/// Core Animation's media time.
func CACurrentMediaTime() -> Double { QuartzCore.CACurrentMediaTime() }

/// Core Graphics' opaque gray.
func grayColor(_ gray: CGFloat) -> CGColor { CGColor(gray: gray, alpha: 1) }

/// Core Graphics' path of a rectangle.
func rectanglePath(_ rect: CGRect) -> CGPath { CGPath(rect: rect, transform: nil) }
