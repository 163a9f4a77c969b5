/// What `nse-bench capacity` measured this machine to sustain with one extension: the highest open
/// arrival rate at which a run stayed valid and delivered within its error budget of the first byte,
/// and the invocations in flight that rate amounts to. `run` warns before a load beyond it.
public struct HarnessCapacity: Sendable, Equatable, Codable {
    /// The built-in extension a capacity is measured with unless another is named, and the one every
    /// capacity saved before extensions were named was measured with.
    public static let defaultExtension = "media"

    /// The extension the probes ran: a built-in's name, or the absolute path of a user's extension
    /// (``defaultExtension`` in files written before this was recorded).
    public var extensionName: String
    /// Arrivals a second (real time) the harness sustained.
    public var arrivalsPerSecond: Double
    /// Invocations in flight at that rate: the rate times the first byte.
    public var inFlight: Int
    /// The probe's first byte and the budget deliver p99 had to stay within, in milliseconds.
    public var firstByteMilliseconds: Double
    public var budgetMilliseconds: Double
    /// When, and by which nse-bench, on which host.
    public var measuredAt: String
    public var version: String
    public var host: HostFingerprint

    public init(
        extensionName: String = defaultExtension, arrivalsPerSecond: Double, inFlight: Int,
        firstByteMilliseconds: Double, budgetMilliseconds: Double, measuredAt: String, version: String,
        host: HostFingerprint
    ) {
        self.extensionName = extensionName
        self.arrivalsPerSecond = arrivalsPerSecond
        self.inFlight = inFlight
        self.firstByteMilliseconds = firstByteMilliseconds
        self.budgetMilliseconds = budgetMilliseconds
        self.measuredAt = measuredAt
        self.version = version
        self.host = host
    }

    /// A warning for a run of `load` at `timeScale` (rates speed up by 1/scale) when it asks more
    /// than this capacity, or nil. Measured on another host, it says nothing about this one: nil.
    public func warning(for load: LoadModel, timeScale: Double, on host: HostFingerprint) -> String? {
        guard host == self.host else { return nil }
        let scale = timeScale > 0 ? timeScale : 1
        let command =
            extensionName == Self.defaultExtension
            ? "nse-bench capacity" : "nse-bench capacity --extension \(extensionName)"
        let measured =
            "this machine's measured capacity is \(Self.count(arrivalsPerSecond)) arrivals a second and "
            + "\(inFlight) in flight (\(command), \(measuredAt))"
        let advice = "expect its times to include the harness's own delay, or split the load over machines"
        let asked: String
        switch load {
        case .open(let rate, _, _):
            let real = rate / scale
            guard real > arrivalsPerSecond else { return nil }
            asked =
                "\(Self.count(real)) arrivals a second"
                + (scale != 1 ? " (\(Self.count(rate))/s at --time-scale \(scale))" : "")
        case .closed(let concurrency):
            guard concurrency > inFlight else { return nil }
            asked = "\(concurrency) in flight"
        case .burst(let count, let maxInFlight):
            guard min(count, maxInFlight) > inFlight else { return nil }
            asked = "a burst of \(min(count, maxInFlight)) at once"
        }
        return "\(asked) is beyond what the harness sustains here: \(measured); \(advice)"
    }

    /// The warning for a run of `load` with `extensionName` on `host`, from the capacities saved there:
    /// against the one measured with that extension; without one, against the default extension's when
    /// the load is beyond even that, saying so and how to measure the extension's own. Nil when the
    /// load is within what is known, or nothing was measured on this host.
    public static func warning(
        for load: LoadModel, timeScale: Double, extensionName: String, among capacities: [HarnessCapacity],
        on host: HostFingerprint
    ) -> String? {
        let here = capacities.filter { $0.host == host }
        if let own = here.first(where: { $0.extensionName == extensionName }) {
            return own.warning(for: load, timeScale: timeScale, on: host)
        }
        guard let standard = here.first(where: { $0.extensionName == defaultExtension }),
            let warning = standard.warning(for: load, timeScale: timeScale, on: host)
        else { return nil }
        return warning
            + "; measured with the built-in \(defaultExtension) extension, not \(extensionName): measure its own "
            + "with nse-bench capacity --extension \(extensionName)"
    }

    static func count(_ value: Double) -> String { String(Int64(value.rounded())) }
}

extension HarnessCapacity {
    private enum CodingKeys: String, CodingKey {
        case extensionName, arrivalsPerSecond, inFlight, firstByteMilliseconds, budgetMilliseconds, measuredAt
        case version, host
    }

    /// Decodes a saved capacity; one saved before the extension was recorded was measured with
    /// ``defaultExtension``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        extensionName = try container.decodeIfPresent(String.self, forKey: .extensionName) ?? Self.defaultExtension
        arrivalsPerSecond = try container.decode(Double.self, forKey: .arrivalsPerSecond)
        inFlight = try container.decode(Int.self, forKey: .inFlight)
        firstByteMilliseconds = try container.decode(Double.self, forKey: .firstByteMilliseconds)
        budgetMilliseconds = try container.decode(Double.self, forKey: .budgetMilliseconds)
        measuredAt = try container.decode(String.self, forKey: .measuredAt)
        version = try container.decode(String.self, forKey: .version)
        host = try container.decode(HostFingerprint.self, forKey: .host)
    }
}
