// The populations: weighted mixes of the presets that stand for the phones a push reaches. The shares
// are rounded from published measurements of how much of their time smartphones spend on each kind of
// connection; where no measurement exists the share is this harness's own illustrative choice, and
// says so.

extension NetworkMix {
    /// A named population, chosen with `--profile NAME`.
    public struct Population: Sendable {
        /// The name on the command line, such as `phones`.
        public let name: String
        /// One line for help text and reports.
        public let summary: String
        /// Its classes and their weights.
        public let mix: NetworkMix
    }

    /// Every population: ``phones``.
    public static let populations: [Population] = [phones]

    /// `phones`, the default: where a push finds a smartphone.
    ///
    /// - `wifi` 55: Opensignal measured US smartphone users on Wi-Fi 56.2% of the time (second week of
    ///   January 2020, before the pandemic raised it) and "roughly half" in Q1 2017 (43-54% by carrier).
    /// - The cellular 45 split as `5g` 15 and `lte` 24: Opensignal's 5G Availability, the share of time
    ///   5G users spend on 5G, was 49.7% (T-Mobile), about 21% (AT&T) and about 9% (Verizon) in January
    ///   2023, so about a third of cellular time; US 4G users had LTE 93% of the time (Q1 2019).
    /// - `3g` 4 and `lossy` 2: the slow and weak-signal remainder. Illustrative, not measured: no
    ///   published share was found; the figures keep the tail visible without dominating it.
    public static let phones: Population = {
        let weights: [(NetworkProfile, Double)] = [
            (.wifi, 55), (.fiveG, 15), (.lte, 24), (.threeG, 4), (.lossy, 2),
        ]
        // Distinct presets with positive weights, as the tests check.
        let mix = NetworkMix(
            unchecked:
                weights.map { NetworkClass(profile: $0.0, weight: $0.1, conditions: $0.0.conditions) },
            populationName: "phones")
        return Population(
            name: "phones",
            summary: "a population of phones: wifi 55%, 5g 15%, lte 24%, 3g 4%, lossy 2% (Opensignal's shares)",
            mix: mix)
    }()
}
