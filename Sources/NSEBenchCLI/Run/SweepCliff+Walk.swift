import NSEBenchCore

extension SweepCliff {
    /// How the walk goes, for the cliffs heading: "from the smallest value up".
    static func walkDescription(_ setting: SweepSetting) -> String {
        setting.worseWhenLarger
            ? "the furthest value from the smallest up that still holds each level"
            : "the furthest value from the largest down that still holds each level"
    }
}
