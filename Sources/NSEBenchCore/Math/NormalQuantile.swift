// Acklam's rational approximation of the inverse of the standard normal distribution function
// (relative error below 1.2e-9 over the whole range), which needs only a logarithm and a square root.

private let a = [
    -3.969_683_028_665_376e+01, 2.209_460_984_245_205e+02, -2.759_285_104_469_687e+02,
    1.383_577_518_672_690e+02, -3.066_479_806_614_716e+01, 2.506_628_277_459_239e+00,
]
private let b = [
    -5.447_609_879_822_406e+01, 1.615_858_368_580_409e+02, -1.556_989_798_598_866e+02,
    6.680_131_188_771_972e+01, -1.328_068_155_288_572e+01,
]
private let c = [
    -7.784_894_002_430_293e-03, -3.223_964_580_411_365e-01, -2.400_758_277_161_838e+00,
    -2.549_732_539_343_734e+00, 4.374_664_141_464_968e+00, 2.938_163_982_698_783e+00,
]
private let d = [
    7.784_695_709_041_462e-03, 3.224_671_290_700_398e-01, 2.445_134_137_142_996e+00,
    3.754_408_661_907_416e+00,
]

/// The z such that a standard normal value is below z with probability `p`, for `p` strictly between
/// 0 and 1; `-infinity` at 0, `infinity` at 1, NaN outside.
func standardNormalQuantile(_ p: Double) -> Double {
    guard p > 0, p < 1 else { return p == 0 ? -.infinity : p == 1 ? .infinity : .nan }
    let lowRegion = 0.024_25
    if p < lowRegion {
        return lowerTail(p)
    }
    if p > 1 - lowRegion {
        return -lowerTail(1 - p)
    }
    let q = p - 0.5
    let r = q * q
    let numerator = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
    let denominator = ((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1
    return numerator / denominator
}

/// The quantile for `p` in the lower tail, `p < 0.02425`.
private func lowerTail(_ p: Double) -> Double {
    let q = (-2 * naturalLog(p)).squareRoot()
    let numerator = ((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]
    let denominator = (((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1
    return numerator / denominator
}
