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

    /// The color of a Core Graphics color: its components as they are from the spaces ``cgColor`` gives (a gray
    /// from extended gray or gray gamma 2.2, red, green and blue from sRGB and extended sRGB, Display P3 ones
    /// from Display P3 and extended Display P3); from any other gray or RGB space, converted to extended gray or
    /// extended sRGB first; a color of another model (CMYK, Lab) is read as black of its alpha, as nothing here
    /// converts between models.
    public convenience init(cgColor: CGColor) {
        let name = cgColor.colorSpace?.name
        func components(in target: NSString) -> [CGFloat] {
            guard let space = CGColorSpace(name: target),
                let converted = cgColor.converted(to: space, intent: .defaultIntent, options: nil)
            else { return [] }
            return converted.components ?? []
        }
        let direct = cgColor.components ?? []
        switch cgColor.colorSpace?.model {
        case .monochrome?:
            let gray =
                [CGColorSpace.extendedGray, CGColorSpace.genericGrayGamma2_2].contains(where: { $0 == name })
                ? direct : components(in: CGColorSpace.extendedGray)
            if gray.count == 2 {
                self.init(value: .fixed(.gray, red: gray[0], green: gray[0], blue: gray[0], alpha: gray[1]))
                return
            }
        case .rgb?:
            if [CGColorSpace.displayP3, CGColorSpace.extendedDisplayP3].contains(where: { $0 == name }),
                direct.count == 4
            {
                self.init(
                    value: .fixed(.displayP3, red: direct[0], green: direct[1], blue: direct[2], alpha: direct[3]))
                return
            }
            let rgb =
                [CGColorSpace.sRGB, CGColorSpace.extendedSRGB].contains(where: { $0 == name })
                ? direct : components(in: CGColorSpace.extendedSRGB)
            if rgb.count == 4 {
                self.init(value: .fixed(.rgb, red: rgb[0], green: rgb[1], blue: rgb[2], alpha: rgb[3]))
                return
            }
        default: break
        }
        self.init(value: .fixed(.rgb, red: 0, green: 0, blue: 0, alpha: cgColor.alpha))
    }
}
