extension NetworkMix {
    /// The accepted form, quoted in error messages.
    public static var expectedForm: String {
        "a population (\(populations.map(\.name).joined(separator: ", "))), a preset (\(NetworkProfile.allNames.joined(separator: ", "))) "
            + "or presets with weights, such as wifi:60,lte:30,3g:8,edge:2"
    }

    /// Reads `--profile`: a population's name (``phones``), one preset's name, or
    /// `NAME:WEIGHT[,NAME:WEIGHT...]` with positive weights that need not add up to 100. Names are
    /// matched in any letter case.
    ///
    /// ```swift
    /// try NetworkMix(parsing: "phones").classes.count     // 5
    /// try NetworkMix(parsing: "wifi:60,lte")
    /// // throws: invalid network mix "wifi:60,lte": item 2 "lte" has no weight; expected ...
    /// ```
    public init(parsing text: some StringProtocol) throws(ValueParseError) {
        func failure(_ reason: String) -> ValueParseError {
            ValueParseError(subject: "network mix", input: text, expected: Self.expectedForm, reason: reason)
        }
        let trimmed = text.trimmingWhitespace().lowercased()
        if let population = Self.populations.first(where: { $0.name == trimmed }) {
            self = population.mix
            return
        }
        if !trimmed.contains(":"), !trimmed.contains(",") {
            do {
                self.init(single: try NetworkProfile.named(trimmed))
            } catch {
                throw failure(error.description)
            }
            return
        }
        var classes: [NetworkClass] = []
        for (position, item) in trimmed.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
            let label = "item \(position + 1) \"\(item)\""
            guard let colon = item.lastIndex(of: ":") else { throw failure("\(label) has no weight") }
            let name = item[..<colon].trimmingWhitespace()
            let weightText = item[item.index(after: colon)...].trimmingWhitespace()
            let profile: NetworkProfile
            do {
                profile = try NetworkProfile.named(String(name))
            } catch {
                throw failure("\(label): \(error)")
            }
            guard let weight = Double(weightText), weight > 0, weight.isFinite else {
                throw failure("\(label): the weight \"\(weightText)\" is not a positive number")
            }
            guard !classes.contains(where: { $0.name == profile.name }) else {
                throw failure("\(label): \(profile.name) is listed twice")
            }
            classes.append(NetworkClass(profile: profile, weight: weight, conditions: profile.conditions))
        }
        do {
            try self.init(classes: classes)
        } catch {
            throw failure(error.description)
        }
    }
}
