import NSEBenchCore

/// One attachment a generated payload may point at, and its relative weight.
///
/// ```swift
/// MediaChoice(path: "/media/200KB.jpg", weight: 50)
/// ```
public struct MediaChoice: Sendable, Hashable {
    /// The URL path on the media host, such as `/media/200KB.jpg`.
    public var path: String
    /// The weight relative to the other choices; positive.
    public var weight: Double

    /// A choice of `path` with `weight`.
    public init(path: String, weight: Double) {
        self.path = path
        self.weight = weight
    }
}

/// Which attachments generated payloads point at, in what proportions: `200KB.jpg:50,1MB.png:30,8MB.gif:20`
/// sends half of the media payloads to `/media/200KB.jpg`, 30% to `/media/1MB.png`, 20% to `/media/8MB.gif`.
///
/// ```swift
/// let mix = try MediaMix(parsing: "200KB.jpg:50,1MB.png:30,8MB.gif:20")
/// mix.choices[0].path  // "/media/200KB.jpg"
/// mix.description      // "200KB.jpg:50,1MB.png:30,8MB.gif:20"
/// ```
public struct MediaMix: Sendable, Hashable, CustomStringConvertible {
    /// The choices in the order given; a roll walks them in this order.
    public var choices: [MediaChoice]

    /// A mix of `choices`, not checked (``init(parsing:)`` checks).
    public init(_ choices: [MediaChoice]) {
        self.choices = choices
    }

    /// No media.
    public static let none = MediaMix([])

    /// The sum of the weights.
    public var totalWeight: Double { choices.reduce(0) { $0 + $1.weight } }

    /// The parse form; paths under `/media/` are written as bare names.
    public var description: String {
        choices.map { choice in
            let name =
                choice.path.hasPrefix(Self.mediaPrefix)
                ? String(choice.path.dropFirst(Self.mediaPrefix.count)) : choice.path
            // Plain digits, which is all the parser reads: never an exponent (found by Fuzz/run.sh).
            return "\(name):\(plainDecimalText(choice.weight))"
        }.joined(separator: ",")
    }

    /// The path of the choice whose share of the total weight holds `roll` (uniform in `0..<1`); nil when
    /// there are no choices.
    ///
    /// ```swift
    /// try MediaMix(parsing: "a.jpg:1,b.png:3").path(forRoll: 0.5)  // "/media/b.png"
    /// ```
    public func path(forRoll roll: Double) -> String? {
        let target = roll * totalWeight
        var cumulative = 0.0
        for choice in choices {
            cumulative += choice.weight
            if target < cumulative { return choice.path }
        }
        return choices.last?.path
    }

    /// The prefix a bare name gets: the embedded media server's path.
    public static let mediaPrefix = "/media/"
}
