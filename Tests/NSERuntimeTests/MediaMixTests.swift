import NSEBenchCore
import Testing

@testable import NSERuntime

/// The media mix flag: `200KB.jpg:50,1MB.png:30,8MB.gif:20`.
@Suite("Media mix")
struct MediaMixTests {
    @Test("reads names, weights and paths")
    func parses() throws {
        let mix = try MediaMix(parsing: "200KB.jpg:50, 1MB.png:30 ,8MB.gif:20,/cdn/a.jpg:0.5,1MB.jpg?type=png:1")
        #expect(
            mix.choices == [
                MediaChoice(path: "/media/200KB.jpg", weight: 50), MediaChoice(path: "/media/1MB.png", weight: 30),
                MediaChoice(path: "/media/8MB.gif", weight: 20), MediaChoice(path: "/cdn/a.jpg", weight: 0.5),
                MediaChoice(path: "/media/1MB.jpg?type=png", weight: 1),
            ])
        #expect(mix.totalWeight == 101.5)
        #expect(mix.description == "200KB.jpg:50,1MB.png:30,8MB.gif:20,/cdn/a.jpg:0.5,1MB.jpg?type=png:1")
        #expect(try MediaMix(parsing: mix.description) == mix)
    }

    @Test("one name alone needs no weight: every invocation's media")
    func oneNameAlone() throws {
        #expect(try MediaMix(parsing: "200KB.jpg").choices == [MediaChoice(path: "/media/200KB.jpg", weight: 1)])
        #expect(try MediaMix(parsing: " /cdn/a.jpg ").choices == [MediaChoice(path: "/cdn/a.jpg", weight: 1)])
        #expect(try MediaMix(parsing: "200KB.jpg") == MediaMix(parsing: "200KB.jpg:1"))
    }

    @Test("a roll picks by cumulative weight")
    func pick() throws {
        let mix = try MediaMix(parsing: "a.jpg:1,b.png:3")
        #expect(mix.path(forRoll: 0) == "/media/a.jpg")
        #expect(mix.path(forRoll: 0.2499) == "/media/a.jpg")
        #expect(mix.path(forRoll: 0.25) == "/media/b.png")
        #expect(mix.path(forRoll: 0.9999) == "/media/b.png")
        #expect(MediaMix.none.path(forRoll: 0.5) == nil)
    }

    struct Bad: Sendable, CustomTestStringConvertible {
        let text: String
        let reason: String
        var testDescription: String { text }
    }

    static let bad: [Bad] = [
        Bad(text: "", reason: "item 1 is empty"),
        Bad(text: "200KB.jpg:50,1MB.png", reason: #"item 2 "1MB.png" has no weight"#),
        Bad(text: "a.jpg:1,,b.png:1", reason: "item 2 is empty"),
        Bad(text: ":5", reason: #"item 1 ":5" has no name before the colon"#),
        Bad(text: "a.jpg:0", reason: #"item 1 "a.jpg:0": the weight "0" is not a positive number"#),
        Bad(text: "a.jpg:-1", reason: #"item 1 "a.jpg:-1": the weight "-1" is not a positive number"#),
        Bad(text: "a.jpg:ten", reason: #"item 1 "a.jpg:ten": the weight "ten" is not a positive number"#),
        Bad(text: "a.jpg:1e3", reason: #"item 1 "a.jpg:1e3": the weight "1e3" is not a positive number"#),
        Bad(text: "a.jpg:", reason: #"item 1 "a.jpg:": the weight "" is not a positive number"#),
        Bad(text: "a b.jpg:1", reason: #"item 1 "a b.jpg:1": the name "a b.jpg" must be ASCII without spaces or #"#),
        Bad(text: "ä.jpg:1", reason: #"item 1 "ä.jpg:1": the name "ä.jpg" must be ASCII without spaces or #"#),
        Bad(text: "a.jpg:1,b.png:1,a.jpg:2", reason: #"item 3 "a.jpg:2": /media/a.jpg is listed twice"#),
        Bad(text: "a b.jpg", reason: #"the name "a b.jpg" must be ASCII without spaces or #"#),
        Bad(text: "   ", reason: "item 1 is empty"),
    ]

    @Test("errors name the bad item", arguments: bad)
    func rejects(_ example: Bad) throws {
        let error = try #require(throws: ValueParseError.self) { try MediaMix(parsing: example.text) }
        #expect(error.subject == "media mix")
        #expect(error.input == example.text)
        #expect(error.reason == example.reason)
        #expect(error.description.contains("200KB.jpg:50,1MB.png:30,8MB.gif:20"))
    }
}
