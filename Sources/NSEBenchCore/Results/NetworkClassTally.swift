/// One network class's share of a run's results (``NetworkMix``): how many of its phones' invocations
/// finished, arrived enriched and fell back to the original, so that a run on a population says how
/// each kind of network fared, not only the mix.
public struct NetworkClassTally: Sendable, Hashable {
    /// Invocations of the class that finished.
    public private(set) var invocations = 0
    /// Of those, how many arrived with every enrichment asked for before the deadline.
    public private(set) var enriched = 0
    /// Of those, how many showed the user the original content.
    public private(set) var fallback = 0

    public init() {}

    /// A tally with these counts (a merge's, a test's).
    public init(invocations: Int, enriched: Int, fallback: Int) {
        self.invocations = invocations
        self.enriched = enriched
        self.fallback = fallback
    }

    /// Counts one invocation that ended with `outcome`.
    public mutating func record(_ outcome: InvocationOutcome) {
        invocations += 1
        if outcome == .enriched { enriched += 1 }
        if outcome.fellBack { fallback += 1 }
    }

    /// Adds another tally's counts.
    public mutating func merge(_ other: NetworkClassTally) {
        invocations += other.invocations
        enriched += other.enriched
        fallback += other.fallback
    }

    /// The enriched share, from 0 to 1; 0 with no invocations.
    public var enrichedRate: Double { invocations > 0 ? Double(enriched) / Double(invocations) : 0 }
    /// The fallback share, from 0 to 1; 0 with no invocations.
    public var fallbackRate: Double { invocations > 0 ? Double(fallback) / Double(invocations) : 0 }
}
