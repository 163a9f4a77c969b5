public import NSEBenchCore

extension MediaMix {
    /// The accepted form, quoted in error messages.
    static let expectedForm =
        "NAME:WEIGHT[,NAME:WEIGHT...] with a positive weight, such as 200KB.jpg:50,1MB.png:30,8MB.gif:20"
        + " (a bare NAME is served from /media/, a NAME starting with / is a path of its own; one NAME alone"
        + " needs no weight)"

    /// Reads `NAME:WEIGHT[,NAME:WEIGHT...]`, such as `200KB.jpg:50,1MB.png:30,8MB.gif:20`.
    ///
    /// A bare name becomes a path under `/media/` (`200KB.jpg` is `/media/200KB.jpg`, and
    /// `1MB.jpg?type=png` is `/media/1MB.jpg?type=png`); a name that starts with `/` is used as the path.
    /// Weights are positive decimal numbers and need not add up to 100; each path may appear once. The
    /// weight is what follows the last `:`. One name alone needs no weight: `200KB.jpg` is every
    /// invocation's media.
    ///
    /// ```swift
    /// try MediaMix(parsing: "200KB.jpg")   // every invocation downloads /media/200KB.jpg
    /// try MediaMix(parsing: "200KB.jpg:50,1MB.png")
    /// // throws: invalid media mix "200KB.jpg:50,1MB.png": item 2 "1MB.png" has no weight; ...
    /// ```
    public init(parsing text: some StringProtocol) throws(ValueParseError) {
        func failure(_ reason: String) -> ValueParseError {
            ValueParseError(subject: "media mix", input: text, expected: Self.expectedForm, reason: reason)
        }
        var choices: [MediaChoice] = []
        let items = text.split(separator: ",", omittingEmptySubsequences: false)
        if items.count == 1, !text.contains(":"), !text.allSatisfy(\.isWhitespace) {
            // One media for every invocation: its weight would say nothing.
            let name = text.trimmingWhitespaceForMediaMix()
            guard name.allSatisfy({ $0.isASCII && !$0.isWhitespace && $0 != "#" }) else {
                throw failure("the name \"\(name)\" must be ASCII without spaces or #")
            }
            self.init([MediaChoice(path: name.hasPrefix("/") ? String(name) : Self.mediaPrefix + name, weight: 1)])
            return
        }
        for (position, item) in items.enumerated() {
            let label = "item \(position + 1) \"\(item)\""
            guard !item.allSatisfy(\.isWhitespace) else { throw failure("item \(position + 1) is empty") }
            guard let colon = item.lastIndex(of: ":") else { throw failure("\(label) has no weight") }
            let name = item[..<colon].trimmingWhitespaceForMediaMix()
            let weightText = item[item.index(after: colon)...].trimmingWhitespaceForMediaMix()
            guard !name.isEmpty else { throw failure("\(label) has no name before the colon") }
            guard name.allSatisfy({ $0.isASCII && !$0.isWhitespace && $0 != "#" }) else {
                throw failure("\(label): the name \"\(name)\" must be ASCII without spaces or #")
            }
            guard !weightText.isEmpty, weightText.allSatisfy({ $0.isASCIIDigitForMediaMix || $0 == "." }),
                let weight = Double(weightText), weight > 0, weight.isFinite
            else { throw failure("\(label): the weight \"\(weightText)\" is not a positive number") }
            let path = name.hasPrefix("/") ? String(name) : Self.mediaPrefix + name
            guard !choices.contains(where: { $0.path == path }) else {
                throw failure("\(label): \(path) is listed twice")
            }
            choices.append(MediaChoice(path: path, weight: weight))
        }
        self.init(choices)
    }
}

extension Character {
    fileprivate var isASCIIDigitForMediaMix: Bool { ("0"..."9").contains(self) }
}

extension StringProtocol {
    fileprivate func trimmingWhitespaceForMediaMix() -> Substring {
        let text = Substring(self)
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
            let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return Substring() }
        return text[first...last]
    }
}
