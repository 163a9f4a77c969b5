import Foundation
import Testing

@testable import NSEBenchCore

@Suite("Crash reasons as summary.csv keeps them")
struct CrashTallyTests {
    @Test func theColumnReadsBackWhatWasWrittenSeparatorsInReasonsIncluded() throws {
        let tally = CrashTally(
            ["at a.swift:1:2 in f(): 50% off; really": 3, "signal 11": 7, "nothing crashed here": 0], otherReasons: 2)
        #expect(tally.text == "7 signal 11; 3 at a.swift:1:2 in f(): 50%25 off%3B really; 2 (other reasons)")
        #expect(try CrashTally(text: tally.text) == tally)
        #expect(tally.total == 12)
    }

    @Test func noCrashIsAnEmptyField() throws {
        #expect(CrashTally([:]).text == "")
        let read = try CrashTally(text: "")
        #expect(read.entries.isEmpty && read.otherReasons == 0)
    }

    @Test func reasonsBeyondTheLimitAreCountedTogetherLargestKept() {
        var counts: [String: Int] = [:]
        for index in 0..<(CrashTally.limit + 3) { counts["reason \(index)"] = index + 1 }
        let tally = CrashTally(counts)
        #expect(tally.entries.count == CrashTally.limit)
        #expect(tally.entries.first == .init(reason: "reason \(CrashTally.limit + 2)", count: CrashTally.limit + 3))
        #expect(tally.otherReasons == 1 + 2 + 3, "the three smallest")
        #expect(tally.total == counts.values.reduce(0, +))
    }

    @Test func reasonsThatNameAPlaceAreAllKeptPastTheLimit() {
        var counts: [String: Int] = [:]
        for index in 0..<(CrashTally.limit + 5) {
            counts["the extension's work threw E\(index): http://a/\(index)"] = 10
        }
        counts["the extension crashed at a.swift:1:2 in f() (signal 4, SIGILL)"] = 1
        let tally = CrashTally(counts)
        #expect(tally.entries.count == CrashTally.limit + 1)
        #expect(tally.entries.last?.reason == "the extension crashed at a.swift:1:2 in f() (signal 4, SIGILL)")
        #expect(tally.otherReasons == 50)
    }

    @Test func anEmptyReasonAndOneThatReadsLikeTheColumnsOwnWordsRoundTrip() throws {
        let tally = CrashTally(["": 2, "(other reasons)": 3, "(no reason)": 4], otherReasons: 1)
        #expect(tally.text == "4 %28no reason); 3 %28other reasons); 2 (no reason); 1 (other reasons)")
        #expect(try CrashTally(text: tally.text) == tally)
    }

    @Test func addingSumsEachReasonAndTheRest() {
        let one = CrashTally(["a": 2, "b": 1], otherReasons: 1)
        let other = CrashTally(["b": 4, "c": 1])
        #expect(one.adding(other) == CrashTally(["a": 2, "b": 5, "c": 1], otherReasons: 1))
    }

    @Test(arguments: ["3", "x at a.swift", "0 at a.swift", "-2 at a.swift", "3 a; ", "3 "])
    func anEntryWithoutACountAndAReasonIsRefusedNamed(text: String) {
        #expect(throws: CrashTallyError.self) { try CrashTally(text: text) }
        do {
            _ = try CrashTally(text: text)
        } catch {
            #expect(error.text == text)
            #expect(error.description.contains("is not COUNT REASON"))
        }
    }
}

@Suite("The place a crash reason names")
struct CrashPlaceTests {
    @Test func theLineAndColumnAreLeftOutSoAMovedLineIsTheSamePlace() throws {
        let before =
            "the extension crashed at Ext/Service.swift:25:78 in NotificationService.didReceive(_:withContentHandler:): Unexpectedly found nil while unwrapping an Optional value (signal 4, SIGILL)"
        let after = before.replacingOccurrences(of: ":25:78", with: ":31:12")
        let place = try #require(CrashPlace(reason: before))
        #expect(
            place.key
                == "the extension crashed at Service.swift in NotificationService.didReceive(_:withContentHandler:): Unexpectedly found nil while unwrapping an Optional value"
        )
        #expect(CrashPlace(reason: after) == place)
    }

    @Test func anotherFunctionFileOrFailureIsAnotherPlace() {
        let base = "the extension crashed at Service.swift:5:16 in f(): Index out of range (signal 4, SIGILL)"
        let place = CrashPlace(reason: base)
        for other in [
            "the extension crashed at Service.swift:5:16 in g(): Index out of range (signal 4, SIGILL)",
            "the extension crashed at Other.swift:5:16 in f(): Index out of range (signal 4, SIGILL)",
            "the extension crashed at Service.swift:5:16 in f(): Division by zero (signal 4, SIGILL)",
        ] {
            #expect(CrashPlace(reason: other) != place, "\(other)")
        }
    }

    @Test func aFileNameWithColonsAndDigitsKeepsThemOnlyTheLastPositionGoes() {
        #expect(
            CrashPlace(reason: "the extension crashed at v2:1/a:3b.swift:7:9: precondition failure (signal 4, SIGILL)")?
                .key == "the extension crashed at a:3b.swift: precondition failure")
        #expect(
            CrashPlace(reason: "the extension crashed at a.swift:7:9 (signal 5, SIGTRAP)")?.key
                == "the extension crashed at a.swift")
    }

    @Test func theFilesFolderIsNotPartOfThePlaceTwoCheckoutsAreOne() {
        let here = "the extension crashed at Ext/Service.swift:3:4 in f(): Index out of range (signal 4, SIGILL)"
        let there =
            "the extension crashed at /builds/pr-7/Ext/Service.swift:3:4 in f(): Index out of range (signal 4, SIGILL)"
        #expect(CrashPlace(reason: here) == CrashPlace(reason: there))
        #expect(CrashPlace(reason: here)?.key == "the extension crashed at Service.swift in f(): Index out of range")
    }

    @Test func aFunctionWithoutSourceIsAPlace() {
        let reason = "the extension crashed in Vendor.parse(_:) (signal 11, SIGSEGV)"
        #expect(CrashPlace(reason: reason)?.key == "the extension crashed in Vendor.parse(_:)")
    }

    @Test func theSignalAndClosureNumbersDoNotMoveAPlace() {
        let x86 = "the extension crashed at a.swift:3:4 in closure #2 in f(): Index out of range (signal 4, SIGILL)"
        let arm = "the extension crashed at a.swift:9:1 in closure #3 in f(): Index out of range (signal 5, SIGTRAP)"
        #expect(CrashPlace(reason: x86) == CrashPlace(reason: arm))
        #expect(
            CrashPlace(reason: x86)?.key == "the extension crashed at a.swift in closure in f(): Index out of range")
    }

    @Test func aFunctionLeftMangledIsNoPlaceAnotherRunWouldNameIt() {
        #expect(CrashPlace(reason: "the extension crashed at a.swift:3:4 in $s3Ext1fyyF (signal 4, SIGILL)") == nil)
        #expect(CrashPlace(reason: "the extension crashed in _$s3Ext1fyyF (signal 4, SIGILL)") == nil)
    }

    @Test(arguments: [
        "the extension's process died of signal 11 (SIGSEGV: a bad memory access)",
        "the extension crashed: signal 4 (SIGILL: a Swift runtime trap)",
        "the extension's work threw URLError: http://127.0.0.1:8080/a.jpg",
        "the extension crashed at somewhere without a position",
        "the extension's work threw ParseError: the extension crashed at a.swift:1:2 in f()",
    ])
    func aReasonThatNamesNoPlaceInTheCodeIsNone(reason: String) {
        #expect(CrashPlace(reason: reason) == nil)
    }
}
