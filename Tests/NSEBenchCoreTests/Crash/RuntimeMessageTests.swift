import Testing

@testable import NSEBenchCore

@Suite("What the Swift runtime printed for a crash's line")
struct RuntimeMessageTests {
    static let file = "/work/app/Ext/NotificationService.swift"

    @Test func theMessagePrintedForTheFileAndLineIsFoundByTheFilesName() {
        let log = """
            loading the extension
            Ext/NotificationService.swift:26: Fatal error: no image type for .mp4
            """
        #expect(RuntimeMessage.find(in: log, file: Self.file, line: 26) == "Fatal error: no image type for .mp4")
        // The runtime prints the module and the file's name; a build with full paths prints the path.
        #expect(
            RuntimeMessage.find(
                in: "/work/app/Ext/NotificationService.swift:26: Fatal error: x", file: Self.file, line: 26)
                == "Fatal error: x")
    }

    @Test func anotherLineAnotherFileOrWhatTheExtensionPrintedItselfIsNotTheCrashsMessage() {
        let log = """
            Ext/NotificationService.swift:27: Fatal error: the next line
            Ext/Other.swift:26: Fatal error: another file
            Ext/MyNotificationService.swift:26: Fatal error: a longer file name
            Ext/NotificationService.swift:26: note: printed by the extension
            NotificationService.swift:26: Fatal errors happen
            """
        #expect(RuntimeMessage.find(in: log, file: Self.file, line: 26) == nil)
        #expect(RuntimeMessage.find(in: "", file: Self.file, line: 26) == nil)
    }

    @Test(arguments: [
        "Fatal error", "Precondition failed", "Assertion failed", "Precondition failed: x",
        "Fatal error: 'try!' expression unexpectedly raised an error: Ext.ParseError()",
    ])
    func eachKindTheRuntimePrintsIsOneWithOrWithoutAMessage(message: String) {
        let log = "Ext/NotificationService.swift:3: \(message)"
        #expect(RuntimeMessage.find(in: log, file: Self.file, line: 3) == message)
    }

    @Test func theSameMessageAgainIsThatMessageMessagesThatDifferAreNoOnesAndSaySo() {
        let same = Array(repeating: "Ext/NotificationService.swift:26: Fatal error: no image type", count: 3)
        #expect(
            RuntimeMessage.find(in: same.joined(separator: "\n"), file: Self.file, line: 26)
                == "Fatal error: no image type")
        // Which crash printed which cannot be told: a message with data of its own is given to none.
        let differing = """
            Ext/NotificationService.swift:26: Precondition failed: push 1
            Ext/NotificationService.swift:26: Fatal error: push 2
            """
        #expect(
            RuntimeMessage.find(in: differing, file: Self.file, line: 26)
                == "Fatal error: " + RuntimeMessage.messagesDiffer)
    }

    @Test func aLineBrokenWithCRLFEndsThereAndKeepsNoCarriageReturn() {
        let log = "Ext/NotificationService.swift:26: Fatal error: no image\r\nnext line\r\n"
        #expect(RuntimeMessage.find(in: log, file: Self.file, line: 26) == "Fatal error: no image")
    }

    @Test func aLongMessageIsCutAtTheLimit() throws {
        let long = "Fatal error: " + String(repeating: "x", count: 400)
        let found = try #require(
            RuntimeMessage.find(in: "a/NotificationService.swift:1: \(long)", file: Self.file, line: 1))
        #expect(found.count == RuntimeMessage.longest + 1 && found.hasSuffix("…") && long.hasPrefix(found.dropLast()))
    }
}

@Suite("A crash place with a printed message")
struct CrashPlacePrintedMessageTests {
    static let reason =
        "the extension crashed at Ext/Service.swift:26:13 in NotificationService.didReceive(_:withContentHandler:): Fatal error: no image type for .mp4 (signal 4, SIGILL)"

    @Test func thePlaceKeepsNothingPrintedFoundOrNotWithDataOrWithout() throws {
        let place = try #require(CrashPlace(reason: Self.reason))
        #expect(
            place.key
                == "the extension crashed at Service.swift in NotificationService.didReceive(_:withContentHandler:)")
        // Whether the message was found depends on the log, not the code: a run that missed it (or one written
        // before messages were looked for) names the same place.
        let missed =
            "the extension crashed at Ext/Service.swift:26:13 in NotificationService.didReceive(_:withContentHandler:) (signal 4, SIGILL)"
        for reason in [
            missed, Self.reason.replacingOccurrences(of: "no image type for .mp4", with: "no image type for .mov"),
            Self.reason.replacingOccurrences(of: "no image type for .mp4", with: RuntimeMessage.messagesDiffer),
            Self.reason.replacingOccurrences(of: "no image type for .mp4", with: "(other messages)"),
            Self.reason.replacingOccurrences(of: "Fatal error", with: "Precondition failed"),
            Self.reason.replacingOccurrences(of: ": no image type for .mp4", with: ""),
        ] {
            #expect(CrashPlace(reason: reason) == place, "\(reason)")
        }
    }

    @Test func aReasonWithoutAPrintedMessageKeepsItsWholeReason() {
        let reason = "the extension crashed at a.swift:3:4 in f(): Fatal error in a name (signal 4, SIGILL)"
        #expect(CrashPlace(reason: reason)?.key == "the extension crashed at a.swift in f(): Fatal error in a name")
        let stacks = "the extension crashed at a.swift:3:4 in f(): Index out of range (signal 4, SIGILL)"
        #expect(CrashPlace(reason: stacks)?.key == "the extension crashed at a.swift in f(): Index out of range")
    }

    @Test func aTallyKeepsFiveMessagesOfAPlaceAndCountsTheRestTogether() throws {
        var counts: [String: Int] = [:]
        for push in 0..<8 {
            counts[Self.reason.replacingOccurrences(of: ".mp4", with: ".mp4, push \(push)")] = push + 1
        }
        let known = "the extension crashed at Ext/Service.swift:9:1 in f(): Index out of range (signal 4, SIGILL)"
        counts[known] = 2
        let tally = CrashTally(counts)
        let messages = tally.entries.filter { $0.reason.contains(", push ") }
        #expect(messages.map(\.count) == [8, 7, 6, 5, 4], "the five largest")
        let others = try #require(tally.entries.first { $0.reason.contains("(other messages)") })
        #expect(others.count == 1 + 2 + 3)
        #expect(
            others.reason
                == "the extension crashed at Ext/Service.swift:26:13 in NotificationService.didReceive(_:withContentHandler:): Fatal error: (other messages) (signal 4, SIGILL)"
        )
        #expect(tally.entries.contains(.init(reason: known, count: 2)), "a reason without a message is kept")
        #expect(tally.total == counts.values.reduce(0, +) && tally.otherReasons == 0)
        // Read back and added to another run's, the place still keeps five messages.
        #expect(try CrashTally(text: tally.text) == tally)
        let more = CrashTally([Self.reason.replacingOccurrences(of: ".mp4", with: ".mp4, push 99"): 20])
        let added = tally.adding(more)
        #expect(added.entries.filter { $0.reason.contains(", push ") }.map(\.count) == [20, 8, 7, 6, 5])
        #expect(added.entries.first { $0.reason.contains("(other messages)") }?.count == 1 + 2 + 3 + 4)
        #expect(Set(added.entries.compactMap { CrashPlace(reason: $0.reason) }).count == 2)
    }
}
