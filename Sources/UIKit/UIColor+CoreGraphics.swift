public import CoreGraphics

extension UIColor {
    /// The color as Core Graphics', resolved for the thread's current traits, in the color space iOS gives
    /// it: extended sRGB for an RGB color, extended gray for a gray, Display P3 for a Display P3 color.
    public var cgColor: CGColor {
        guard case .fixed(let space, let red, let green, let blue, let alpha) = resolvedColor(with: .current).value
        else { return CGColor(gray: 0, alpha: 0) }  // resolvedColor never gives a dynamic color
        let (name, components): (NSString, [CGFloat]) =
            switch space {
            case .gray: (CGColorSpace.extendedGray, [red, alpha])
            case .rgb: (CGColorSpace.extendedSRGB, [red, green, blue, alpha])
            case .displayP3: (CGColorSpace.displayP3, [red, green, blue, alpha])
            }
        guard let colorSpace = CGColorSpace(name: name),
            let color = CGColor(colorSpace: colorSpace, components: components)
        else { return CGColor(red: red, green: green, blue: blue, alpha: alpha) }
        return color
    }

    /// The color of a Core Graphics color: a gray from a monochrome one, Display P3 components from a Display
    /// P3 one, red, green and blue from any other RGB one; a color of another model (CMYK, Lab) is read
    /// as black of its alpha, as nothing here converts between models.
    public convenience init(cgColor: CGColor) {
        let components = cgColor.components ?? []
        let model = cgColor.colorSpace?.model
        switch (model, components.count) {
        case (.monochrome?, 2):
            self.init(
                value: .fixed(
                    .gray, red: components[0], green: components[0], blue: components[0], alpha: components[1]))
        case (.rgb?, 4):
            let space: Space = cgColor.colorSpace?.name == CGColorSpace.displayP3 ? .displayP3 : .rgb
            self.init(
                value: .fixed(
                    space, red: components[0], green: components[1], blue: components[2], alpha: components[3]))
        default:
            self.init(value: .fixed(.rgb, red: 0, green: 0, blue: 0, alpha: cgColor.alpha))
        }
    }
}
