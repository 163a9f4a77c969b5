/// A named set of network conditions, chosen with `--network NAME`: the lowest layer, which flags and
/// query parameters override (see ``NetworkConditions/merged(overriding:)``).
///
/// The presets (``wifi``, ``fiveG``, ``lte``, ``threeG``, ``edge``, ``lossy``, ``overloadedCDN``, and ``none`` for bare loopback) say on each where
/// their figures come from.
///
/// ```swift
/// let profile = try NetworkProfile.named("3g")
/// profile.conditions.description
/// // "ttfb=lognormal:median=250ms,p99=1.5s connect-delay=lognormal:median=300ms,p99=1.5s bandwidth=200KB/s"
/// NetworkProfile.allNames  // ["wifi", "5g", "lte", "3g", "edge", "lossy", "overloaded-cdn", "none"]
/// ```
public struct NetworkProfile: Sendable, Hashable {
    /// The name used on the command line, such as `3g`.
    public let name: String
    /// One line for help text and reports: what the profile stands for and its headline figures.
    public let summary: String
    /// The conditions it sets.
    public let conditions: NetworkConditions
    /// Whether a phone on it is on a cellular interface, which iOS counts as expensive: a request whose
    /// `allowsCellularAccess` or `allowsExpensiveNetworkAccess` is false fails there.
    public let isCellular: Bool

    /// A profile called `name`.
    ///
    /// ```swift
    /// let office = NetworkProfile(name: "office", summary: "office Wi-Fi", conditions: NetworkConditions())
    /// ```
    public init(name: String, summary: String, conditions: NetworkConditions, isCellular: Bool = false) {
        self.name = name
        self.summary = summary
        self.conditions = conditions
        self.isCellular = isCellular
    }

    /// Every preset, in the order of ``allNames``.
    public static let all: [NetworkProfile] = [wifi, fiveG, lte, threeG, edge, lossy, overloadedCDN, none]

    /// The preset names: `wifi`, `5g`, `lte`, `3g`, `edge`, `lossy`, `overloaded-cdn`, `none`.
    public static var allNames: [String] { all.map(\.name) }

    /// The preset called `name`, in any letter case.
    ///
    /// ```swift
    /// try NetworkProfile.named("LTE").name  // "lte"
    /// try NetworkProfile.named("6g")
    /// // throws: unknown network profile "6g": expected one of wifi, 5g, lte, 3g, edge, lossy, overloaded-cdn, none
    /// ```
    public static func named(_ name: String) throws(UnknownNameError) -> NetworkProfile {
        let wanted = name.trimmingWhitespace().lowercased()
        guard let profile = all.first(where: { $0.name == wanted }) else {
            throw UnknownNameError(.networkProfile, name: name, validNames: allNames)
        }
        return profile
    }
}
