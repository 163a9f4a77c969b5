/// `--time-scale`: every duration multiplied and every bandwidth divided by the same factor, so a
/// 30 s scenario runs in 0.3 s at 0.01 and keeps its shape. Probabilities do not change.
extension NetworkConditions {
    /// These conditions with time scaled by `factor` (0.01 makes everything 100 times faster).
    public func scaled(by factor: Double) -> NetworkConditions {
        guard factor != 1, factor > 0 else { return self }
        var scaled = self
        scaled.timeToFirstByte = timeToFirstByte?.scaled(by: factor)
        scaled.connectDelay = connectDelay?.scaled(by: factor)
        scaled.bandwidth = bandwidth?.scaled(by: factor)
        scaled.linkBandwidth = linkBandwidth?.scaled(by: factor)
        if let stall = faults.stall {
            scaled.faults.stall = StallFault(duration: stall.duration?.scaled(by: factor), chance: stall.chance)
        }
        if let slowClose = faults.slowClose {
            scaled.faults.slowClose = SlowCloseFault(
                delay: slowClose.delay.scaled(by: factor), chance: slowClose.chance)
        }
        return scaled
    }
}

extension DurationValue {
    /// This duration times `factor`, rounded to whole nanoseconds.
    public func scaled(by factor: Double) -> DurationValue {
        DurationValue(nanoseconds: Int64((Double(nanoseconds) * factor).rounded()))
    }
}

extension ByteRate {
    /// The rate that moves the same bytes in `factor` times the time (unlimited stays unlimited).
    public func scaled(by factor: Double) -> ByteRate {
        isUnlimited ? self : ByteRate(bytesPerSecond: bytesPerSecond / factor)
    }
}

extension LatencyDistribution {
    /// The same distribution with every time multiplied by `factor`.
    public func scaled(by factor: Double) -> LatencyDistribution {
        switch self {
        case .fixed(let delay): .fixed(delay.scaled(by: factor))
        case .uniform(let lower, let upper): .uniform(lower: lower.scaled(by: factor), upper: upper.scaled(by: factor))
        case .normal(let mean, let deviation):
            .normal(mean: mean.scaled(by: factor), standardDeviation: deviation.scaled(by: factor))
        case .lognormal(let median, let p99): .lognormal(median: median.scaled(by: factor), p99: p99.scaled(by: factor))
        case .pareto(let scale, let shape, let cap):
            .pareto(scale: scale.scaled(by: factor), shape: shape, cap: cap?.scaled(by: factor))
        case .empirical(let samples): .empirical(samples.map { Int64((Double($0) * factor).rounded()) })
        case .file: self
        }
    }
}
