/// Where a run's sections go on a page: on a page of their own (ids as they are, `<h2>` headings), or
/// as one run among several (a suite's), whose element and chart ids take the run's prefix, so that
/// they stay unique and linkable, whose headings sit a level below the run's own heading, and whose
/// long settings table is folded away (the suite's overview shows the settings that differ).
struct SectionPlacement: Equatable {
    /// Put before every element and chart id of the sections.
    let idPrefix: String
    /// The level of each section's heading (2 for `<h2>`).
    let headingLevel: Int
    /// Whether the settings table is in a `<details>` element, shut until the reader opens it.
    let foldsSettings: Bool

    /// A run's sections on a page of their own.
    static let page = SectionPlacement(idPrefix: "", headingLevel: 2, foldsSettings: false)

    /// One run's sections among several: ids under `idPrefix`, headings `<h3>`, settings folded.
    static func among(idPrefix: String) -> SectionPlacement {
        SectionPlacement(idPrefix: idPrefix, headingLevel: 3, foldsSettings: true)
    }

    /// `name` as an id in this placement.
    func id(_ name: String) -> String { idPrefix + name }
}
