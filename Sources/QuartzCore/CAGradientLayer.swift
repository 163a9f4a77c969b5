public import Foundation

/// A layer filled with a gradient, as Core Animation's: its colors, stops and direction, with Apple's
/// defaults, kept as given (nothing is drawn).
open class CAGradientLayer: CALayer {
    /// The gradient's colors (`CGColor`s), in order.
    open var colors: [Any]?
    /// Where each color is, from 0 to 1; evenly spread when nil.
    open var locations: [NSNumber]?
    /// Where the gradient starts, in unit coordinates: (0.5, 0), the top's middle.
    open var startPoint = CGPoint(x: 0.5, y: 0)
    /// Where the gradient ends, in unit coordinates: (0.5, 1), the bottom's middle.
    open var endPoint = CGPoint(x: 0.5, y: 1)
    /// The gradient's shape: axial.
    open var type = CAGradientLayerType.axial

    /// A gradient layer with Core Animation's defaults.
    public override init() { super.init() }

    /// A copy of `layer`'s values, a gradient layer's included.
    public override init(layer: Any) {
        super.init(layer: layer)
        guard let layer = layer as? CAGradientLayer else { return }
        (colors, locations, startPoint, endPoint, type) = (
            layer.colors, layer.locations, layer.startPoint, layer.endPoint, layer.type
        )
    }

    /// A layer from an archive: there is none to read here.
    public required init?(coder: NSCoder) { super.init(coder: coder) }
}
