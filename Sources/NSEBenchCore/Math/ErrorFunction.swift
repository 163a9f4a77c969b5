// The complementary error function and the normal tail it gives, in pure Swift (this module imports
// neither Foundation nor Glibc, so `erfc` from libm is out of reach).

/// erfc(x) = 1 - erf(x), with a fractional error below 1.2e-7 everywhere.
///
/// Numerical Recipes' `erfcc` (Press et al., *Numerical Recipes in C*, 2nd ed., §6.2): a Chebyshev
/// fit of `erfc(z) · exp(z²)` in `t = 1 / (1 + z / 2)`. Seven significant digits are far more than a
/// p-value compared with an alpha of 0.01 needs.
func complementaryErrorFunction(_ x: Double) -> Double {
    guard !x.isNaN else { return x }
    let z = x.magnitude
    let t = 1 / (1 + 0.5 * z)
    var series = 0.170_872_77
    for coefficient in [
        -0.822_152_23, 1.488_515_87, -1.135_203_98, 0.278_868_07, -0.186_288_06, 0.096_784_18, 0.374_091_96,
        1.000_023_68, -1.265_512_23,
    ] {
        series = coefficient + t * series
    }
    let tail = t * exponential(-z * z + series)
    return x >= 0 ? tail : 2 - tail
}

/// The probability that a standard normal value lies farther from 0 than `|z|`, on either side:
/// the two-sided p-value of a z statistic.
func standardNormalTwoSidedTail(_ z: Double) -> Double {
    guard !z.isNaN else { return z }
    return min(1, complementaryErrorFunction(z.magnitude / 2.0.squareRoot()))
}
