import Testing

@testable import NSEBenchCore

@Suite struct HTTPHeaderFieldTests {
    @Test func namesMatchInAnyCaseOfTheirLetters() {
        #expect(HTTPHeaderField.namesMatch("content-length", "Content-Length"))
        #expect(HTTPHeaderField.namesMatch("LOCATION", "location"))
        #expect(HTTPHeaderField.namesMatch("X-Fault-2", "x-fault-2"))
        #expect(HTTPHeaderField.namesMatch("", ""))
    }

    @Test func namesDifferingInAnythingButLetterCaseDoNotMatch() {
        #expect(!HTTPHeaderField.namesMatch("Location", "Locations"), "a longer name")
        #expect(!HTTPHeaderField.namesMatch("Location", "Locatiom"))
        // Folding with `| 0x20` alone would take these for one another: only A-Z fold.
        #expect(!HTTPHeaderField.namesMatch("a[b", "a{b"))
        #expect(!HTTPHeaderField.namesMatch("a@b", "a`b"))
        #expect(!HTTPHeaderField.namesMatch("X-1", "X-\u{11}"))
        // Non-ASCII bytes are compared as they are: "é" is not "É".
        #expect(!HTTPHeaderField.namesMatch("é", "É"))
        #expect(!HTTPHeaderField.namesMatch("Location ", "Location"), "no trimming")
    }

    @Test func aRepeatedContentLengthIsOneLengthInAnyCase() {
        let fields = [
            HTTPHeaderField(name: "CONTENT-LENGTH", value: "10"), HTTPHeaderField(name: "content-length", value: "10"),
        ]
        #expect(fields.dictionary == ["CONTENT-LENGTH": "10"])
        let differing = [
            HTTPHeaderField(name: "Content-Length", value: "10"), HTTPHeaderField(name: "content-length", value: "11"),
        ]
        #expect(differing.dictionary == ["Content-Length": "10, 11"])
    }

    @Test func aRepeatedFieldKeepsItsFirstSpellingWithItsValuesInTheOrderTheyCame() {
        let fields = [
            HTTPHeaderField(name: "Vary", value: "A"), HTTPHeaderField(name: "Content-Type", value: "image/png"),
            HTTPHeaderField(name: "VARY", value: "B"), HTTPHeaderField(name: "Varz", value: "other"),
            HTTPHeaderField(name: "vary", value: "C"), HTTPHeaderField(name: "content-type", value: "text/plain"),
        ]
        #expect(
            fields.dictionary == [
                "Vary": "A, B, C", "Content-Type": "image/png, text/plain", "Varz": "other",
            ])
        #expect([HTTPHeaderField]().dictionary.isEmpty)
    }
}
