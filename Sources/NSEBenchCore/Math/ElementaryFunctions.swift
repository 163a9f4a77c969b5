// Natural logarithm and exponential in pure Swift. The standard library has neither on Linux without
// Glibc or Foundation, and this module is kept free of both; these are accurate to a few ulps, far
// finer than any latency a benchmark samples.

/// ln 2 split so that `k * ln2High` is exact for every exponent a `Double` has (fdlibm's constants).
private let ln2High = 6.931_471_803_691_238_164_90e-01
private let ln2Low = 1.908_214_929_270_587_700_02e-10

/// The natural logarithm of `x`: `-infinity` for 0, NaN for negative numbers and NaN.
func naturalLog(_ x: Double) -> Double {
    guard x > 0 else { return x == 0 ? -.infinity : .nan }
    guard x.isFinite else { return x }
    // x = m * 2^e with m in [sqrt(1/2), sqrt(2)); ln m = 2 atanh(s) with s = (m - 1) / (m + 1), |s| < 0.172.
    var exponent = Double(x.exponent)
    var m = x.significand
    if m > 1.414_213_562_373_095_1 {
        m *= 0.5
        exponent += 1
    }
    let s = (m - 1) / (m + 1)
    let s2 = s * s
    var term = s
    var series = s
    var denominator = 3.0
    while denominator < 30 {  // s^29 / 29 < 1e-23: below the last bit of ln m
        term *= s2
        series += term / denominator
        denominator += 2
    }
    return exponent * ln2High + (exponent * ln2Low + 2 * series)
}

/// e raised to `x`: `infinity` above about 709.78, 0 below about -745.13.
func exponential(_ x: Double) -> Double {
    guard !x.isNaN else { return x }
    guard x < 709.782_712_893_384 else { return .infinity }
    guard x > -745.133_219_101_941_2 else { return 0 }
    // x = k ln 2 + r with |r| <= ln 2 / 2; e^r by its Taylor series (r^18 / 18! < 1e-24), then scale by 2^k.
    let k = (x / 0.693_147_180_559_945_3).rounded()
    let r = (x - k * ln2High) - k * ln2Low
    var power = 1.0
    for n in stride(from: 18.0, through: 1, by: -1) {
        power = 1 + power * r / n
    }
    return Double(sign: .plus, exponent: Int(k), significand: power)
}
