/// The networks of a run's simulated phones: presets with weights, one drawn for each invocation from
/// the seed, so that a run is a population of phones rather than one network (`--profile
/// wifi:60,lte:30,3g:8,edge:2`, or ``phones``, the default).
///
/// Each invocation's class depends only on the seed and the invocation's index, never on what else
/// ran, so that the segments of a split run (`--segment`) and a repeated run draw the same classes.
///
/// ```swift
/// let mix = try NetworkMix(parsing: "wifi:60,lte:40")
/// mix.classes.map(\.profile.name)                      // ["wifi", "lte"]
/// mix.classIndex(ofInvocation: 7, seed: 1)             // 0 or 1, the same every time
/// try NetworkMix(parsing: "3g").isSingleClass          // true
/// ```
public struct NetworkMix: Sendable, Hashable {
    /// One class of phones: a preset, its share of the population and the conditions it runs under
    /// (the preset's, with any flags applied on top).
    public struct NetworkClass: Sendable, Hashable {
        /// The preset the class is named after.
        public var profile: NetworkProfile
        /// Its weight; the shares are the weights over their sum.
        public var weight: Double
        /// The conditions its phones see.
        public var conditions: NetworkConditions

        /// The class's name: its preset's, such as `lte`.
        public var name: String { profile.name }

        /// A class of `weight` on `profile`, under `conditions` (default: the preset's own).
        public init(profile: NetworkProfile, weight: Double, conditions: NetworkConditions? = nil) {
            self.profile = profile
            self.weight = weight
            self.conditions = conditions ?? profile.conditions
        }
    }

    /// The classes, in the order given.
    public private(set) var classes: [NetworkClass]
    /// The name it was chosen by (`phones`), or nil for a mix written out.
    public private(set) var populationName: String?
    private let cumulativeShares: [Double]

    /// A mix of `classes`; the weights must be positive and finite and the names distinct.
    public init(classes: [NetworkClass], populationName: String? = nil) throws(NetworkMixError) {
        guard !classes.isEmpty else { throw .empty }
        var seen: Set<String> = []
        for networkClass in classes {
            guard networkClass.weight > 0, networkClass.weight.isFinite else {
                throw .invalidWeight(name: networkClass.name, weight: networkClass.weight)
            }
            guard seen.insert(networkClass.name).inserted else { throw .repeated(networkClass.name) }
        }
        self.init(unchecked: classes, populationName: populationName)
    }

    /// A mix of classes already known to be valid (non-empty, distinct, positive weights).
    init(unchecked classes: [NetworkClass], populationName: String?) {
        let total = classes.reduce(0) { $0 + $1.weight }
        var running = 0.0
        cumulativeShares = classes.map { networkClass in
            running += networkClass.weight / total
            return running
        }
        self.classes = classes
        self.populationName = populationName
    }

    /// One preset for every invocation.
    public init(single profile: NetworkProfile) {
        self.init(
            unchecked: [NetworkClass(profile: profile, weight: 100, conditions: profile.conditions)],
            populationName: nil)
    }

    /// Whether every invocation runs on the same network.
    public var isSingleClass: Bool { classes.count == 1 }

    /// The share of invocations, from 0 to 1, in class `index`.
    public func share(ofClass index: Int) -> Double {
        cumulativeShares[index] - (index == 0 ? 0 : cumulativeShares[index - 1])
    }

    /// The class of invocation `index` in a run seeded `seed`: drawn from a stream of its own, apart
    /// from the payload's, so that adding a mix changes no payload.
    public func classIndex(ofInvocation index: Int, seed: UInt64) -> Int {
        guard classes.count > 1 else { return 0 }
        var generator = Xoshiro256StarStar(seed: seed ^ Self.streamSalt, stream: UInt64(bitPattern: Int64(index)))
        let roll = generator.nextUnitInterval()
        return cumulativeShares.firstIndex { roll < $0 } ?? classes.count - 1
    }

    /// Every class with `flags` applied on top of its preset's conditions, as flags override a single
    /// profile.
    public func overriding(_ flags: NetworkConditions) -> NetworkMix {
        var copy = self
        for index in copy.classes.indices { copy.classes[index].conditions.merge(overriding: flags) }
        return copy
    }

    /// Every class's conditions transformed by `body` (resolving `file:` distributions, for one).
    public func mapConditions<Failure: Error>(
        _ body: (NetworkConditions) throws(Failure) -> NetworkConditions
    ) throws(Failure) -> NetworkMix {
        var copy = self
        for index in copy.classes.indices { copy.classes[index].conditions = try body(copy.classes[index].conditions) }
        return copy
    }

    /// The mix as `--profile` takes it back: the population's name, a preset's name, or
    /// `name:weight,...`.
    public var argument: String {
        if let populationName { return populationName }
        if isSingleClass { return classes[0].name }
        return classes.map { "\($0.name):\(plainDecimalText($0.weight))" }.joined(separator: ",")
    }

    /// The conditions as `summary.csv`'s `network` setting: one class's settings as query parameters
    /// (`none` when there are none); for several, each `name:weight(settings)` joined by `;`.
    public var settingText: String {
        func query(_ conditions: NetworkConditions) -> String {
            conditions.settings.isEmpty
                ? "none" : conditions.settings.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
        }
        if isSingleClass { return query(classes[0].conditions) }
        return classes.map { "\($0.name):\(plainDecimalText($0.weight))(\(query($0.conditions)))" }.joined(
            separator: ";")
    }

    /// A salt for the class draws' generator, so that they share no stream with payloads or faults.
    static let streamSalt: UInt64 = 0x6E65_7477_6F72_6B73  // "networks"
}

/// Why a network mix was refused.
public enum NetworkMixError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No class at all.
    case empty
    /// A weight that is not a positive, finite number.
    case invalidWeight(name: String, weight: Double)
    /// A class named twice.
    case repeated(String)
    /// A part that is not `NAME` or `NAME:WEIGHT`.
    case malformed(String)
    /// A name that is not a preset.
    case unknownProfile(UnknownNameError)

    public var description: String {
        switch self {
        case .empty: "a network mix needs at least one profile"
        case .invalidWeight(let name, let weight): "\(name)'s weight \(weight) is not a number above 0"
        case .repeated(let name): "\(name) is named twice"
        case .malformed(let part): "\"\(part)\" is not NAME or NAME:WEIGHT"
        case .unknownProfile(let error): error.description
        }
    }
}
