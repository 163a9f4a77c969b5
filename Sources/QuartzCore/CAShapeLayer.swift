public import Foundation

/// A layer that draws a path, as Core Animation's: the path and the values of its fill and stroke, with
/// Apple's defaults, kept as given (nothing is drawn). Its path is often another layer's ``CALayer/mask``.
open class CAShapeLayer: CALayer {
    /// The shape.
    open var path: CGPath?
    /// The color the shape is filled with: opaque black.
    open var fillColor: CGColor? = CGColor(gray: 0, alpha: 1)
    /// Which points are inside the shape: non-zero winding.
    open var fillRule = CAShapeLayerFillRule.nonZero
    /// The color of its outline: none.
    open var strokeColor: CGColor?
    /// Where along the path the outline starts, 0 to 1.
    open var strokeStart: CGFloat = 0
    /// Where along the path the outline ends, 0 to 1.
    open var strokeEnd: CGFloat = 1
    /// The outline's width: 1.
    open var lineWidth: CGFloat = 1
    /// How far a mitred join may reach: 10.
    open var miterLimit: CGFloat = 10
    /// How the outline's ends look.
    open var lineCap = CAShapeLayerLineCap.butt
    /// How the outline's segments join.
    open var lineJoin = CAShapeLayerLineJoin.miter
    /// Where the dash pattern starts.
    open var lineDashPhase: CGFloat = 0
    /// The dash pattern's lengths; a solid line when nil.
    open var lineDashPattern: [NSNumber]?

    /// A shape layer with Core Animation's defaults.
    public override init() { super.init() }

    /// A copy of `layer`'s values, a shape layer's included.
    public override init(layer: Any) {
        super.init(layer: layer)
        guard let layer = layer as? CAShapeLayer else { return }
        (path, fillColor, fillRule, strokeColor, strokeStart, strokeEnd) = (
            layer.path, layer.fillColor, layer.fillRule, layer.strokeColor, layer.strokeStart, layer.strokeEnd
        )
        (lineWidth, miterLimit, lineCap, lineJoin, lineDashPhase, lineDashPattern) = (
            layer.lineWidth, layer.miterLimit, layer.lineCap, layer.lineJoin, layer.lineDashPhase,
            layer.lineDashPattern
        )
    }

    /// A layer from an archive: there is none to read here.
    public required init?(coder: NSCoder) { super.init(coder: coder) }
}
