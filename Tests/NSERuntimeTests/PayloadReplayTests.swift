import Foundation
import Testing

@testable import NSERuntime

/// Replaying payloads from a JSONL file.
@Suite("Payload replay")
struct PayloadReplayTests {
    static let first = #"{"aps":{"alert":"one","mutable-content":1}}"#
    static let second = #"{"aps":{"alert":{"title":"two"},"mutable-content":1},"media_url":"http://h/a.jpg"}"#
    static let third = #"{"aps":{"alert":"three"}}"#

    @Test("skips blank lines and comments, keeps file order, and cycles")
    func readsAndCycles() throws {
        let text =
            "# captured\n\n" + Self.first + "\r\n   \n  # indented comment\n" + Self.second + "\n"
            + Self.third
        let replay = try PayloadReplay(parsing: text)
        #expect(replay.count == 3)
        let expected = try [Self.first, Self.second, Self.third].map { try NotificationPayload(parsing: $0) }
        #expect(replay.payloads == expected)
        #expect((0..<7).map { replay.payload(at: $0) } == expected + expected + [expected[0]])
        #expect(replay.payload(at: -1) == expected[2])
    }

    @Test(
        "--encrypted-field marks the payloads holding the key as asking for decrypted text; a key none holds is refused"
    )
    func encryptedField() throws {
        let webPush = #"{"aps":{"alert":"New notification","mutable-content":1},"p":"DGv6ra1nlYgDCS1F"}"#
        let replay = try PayloadReplay(parsing: webPush + "\n" + Self.first)
        #expect(replay.payloads.allSatisfy { $0.enrichmentsRequested.isEmpty }, "without the field, nothing asked")
        let marked = try replay.markingEncrypted(field: "p")
        #expect(marked.payloads.map(\.enrichmentsRequested) == [.decryptedText, []])
        #expect(throws: PayloadReplayError.fieldInNoPayload("q")) { try replay.markingEncrypted(field: "q") }
        #expect(PayloadReplayError.fieldInNoPayload("q").description.contains(#"top-level "q" key"#))
    }

    @Test("a line's nse-bench key names the text to deliver, is taken out, and is no part of APNs' 4 KB")
    func expectedText() throws {
        // The payload alone is just under the limit; with the key, the line is over it.
        let body = String(repeating: "b", count: 3_990)
        let payload = #"{"aps":{"alert":{"title":"New message","body":"\#(body)"},"mutable-content":1},"c":"x"}"#
        let line = String(payload.dropLast()) + #","nse-bench":{"expect":{"title":"Ada","body":"See you at 7"}}}"#
        #expect(payload.utf8.count <= NotificationPayload.maximumByteCount && line.utf8.count > 4_096)
        let replay = try PayloadReplay(parsing: line + "\n" + Self.first)
        #expect(replay.payloads[0].expectedText == NotificationText(title: "Ada", body: "See you at 7"))
        #expect(replay.payloads[0].customFields == ["c": .string("x")], "the extension never sees the key")
        #expect(replay.payloads[0].enrichmentsRequested == .decryptedText)
        #expect(replay.payloads[1].expectedText == nil && replay.payloads[1].enrichmentsRequested.isEmpty)
        let input = InvocationInput(
            id: 0, payload: replay.payloads[0], arrival: 0,
            extension: ExtensionFactory(name: "sleepy") { SleepyService(deliverAt: 0) })
        #expect(input.expectedText == replay.payloads[0].expectedText, "the input takes the payload's")
        // A title or body left out is empty; the name inside a value is only text.
        let titleOnly = try PayloadReplay(
            parsing: #"{"aps":{"alert":"x"},"note":"\"nse-bench\"","nse-bench":{"expect":{"title":"T"}}}"#)
        #expect(titleOnly.payloads[0].expectedText == NotificationText(title: "T", body: ""))
        #expect(titleOnly.payloads[0].customFields == ["note": .string(#""nse-bench""#)])
        let mentioned = try PayloadReplay(parsing: #"{"aps":{"alert":"x"},"note":"nse-bench"}"#)
        #expect(mentioned.payloads[0].expectedText == nil)
    }

    @Test(
        "a bad nse-bench key is refused naming what is wrong",
        arguments: [
            (#""nse-bench":"Ada""#, "nse-bench"),
            (#""nse-bench":{"expected":{"title":"Ada"}}"#, "nse-bench.expected"),
            (#""nse-bench":{}"#, "nse-bench.expect"),
            (#""nse-bench":{"expect":{}}"#, "nse-bench.expect"),
            (#""nse-bench":{"expect":{"title":7}}"#, "nse-bench.expect.title"),
            (#""nse-bench":{"expect":{"subtitle":"s"}}"#, "nse-bench.expect.subtitle"),
        ])
    func badExpectation(reserved: String, keyPath: String) throws {
        let error = try #require(throws: PayloadReplayError.self) {
            try PayloadReplay(parsing: #"{"aps":{"alert":"x"},"# + reserved + "}")
        }
        guard case .invalidLines(_, let bad) = error, case .wrongType(let path, _, _) = bad.first?.error else {
            Issue.record("expected a wrong type, got \(error)")
            return
        }
        #expect(path == keyPath)
        if keyPath == "nse-bench.expected" {
            #expect(
                error.description.contains(
                    #"nse-bench.expected must be absent (only "expect" is nse-bench's), found {"title":"Ada"}"#),
                "\(error)")
        }
    }

    @Test(
        "the limit is the payload's compact JSON for every line: spacing does not count, and a huge line is refused unread"
    )
    func sizeIsCompactJSON() throws {
        let body = String(repeating: "b", count: 3_990)
        let spaced =
            #"{ "aps" : { "alert" : { "title" : "t", "body" : "\#(body)" } } }"#
            + String(repeating: " ", count: 200)
        #expect(spaced.utf8.count > 4_096)
        let replay = try PayloadReplay(parsing: spaced)
        #expect(replay.payloads[0].byteCount <= NotificationPayload.maximumByteCount)
        let huge = #"{"aps":{"alert":""# + String(repeating: "a", count: PayloadReplay.maximumLineByteCount) + #""}}"#
        let error = try #require(throws: PayloadReplayError.self) { try PayloadReplay(parsing: huge) }
        guard case .invalidLines(_, let bad) = error else {
            Issue.record("expected invalidLines, got \(error)")
            return
        }
        #expect(bad.first?.error == .tooLarge(byteCount: huge.utf8.count))
    }

    @Test("a line over 4 KB with the name only inside a value is refused as any oversized line")
    func oversizedMention() throws {
        let line = #"{"aps":{"alert":""# + String(repeating: "a", count: 4_100) + #""},"note":"\"nse-bench\""}"#
        let error = try #require(throws: PayloadReplayError.self) { try PayloadReplay(parsing: line) }
        guard case .invalidLines(_, let bad) = error else {
            Issue.record("expected invalidLines, got \(error)")
            return
        }
        #expect(bad.first?.error == .tooLarge(byteCount: line.utf8.count))
    }

    @Test("every bad line is reported with its 1-based line number and reason")
    func badLines() throws {
        let oversize = #"{"aps":{"alert":""# + String(repeating: "a", count: 4100) + #""}}"#
        let lines = [
            "# header",  // 1
            Self.first,  // 2
            #"{"aps":{"alert":"x","badge":"3"}}"#,  // 3
            "",  // 4
            "not json",  // 5
            #"{"alert":"x"}"#,  // 6
            oversize,  // 7
            Self.second,  // 8
        ]
        let error = try #require(throws: PayloadReplayError.self) {
            try PayloadReplay(parsing: lines.joined(separator: "\n"), source: "captured.jsonl")
        }
        guard case .invalidLines(let source, let bad) = error else {
            Issue.record("expected invalidLines, got \(error)")
            return
        }
        #expect(source == "captured.jsonl")
        #expect(bad.map(\.line) == [3, 5, 6, 7])
        #expect(bad[0].error == .wrongType(keyPath: "aps.badge", expected: "an integer", found: .string("3")))
        if case .notJSON = bad[1].error {} else { Issue.record("line 5 should be notJSON, got \(bad[1].error)") }
        #expect(bad[2].error == .missingAPS)
        #expect(bad[3].error == .tooLarge(byteCount: oversize.utf8.count))
        #expect(error.description.hasPrefix("captured.jsonl: 4 lines are not a valid payload:"))
        #expect(error.description.contains(#"captured.jsonl:3: aps.badge must be an integer, found "3" (a string)"#))
    }

    @Test("long lists of bad lines are cut short in the message")
    func manyBadLines() throws {
        let text = Array(repeating: "{}", count: 25).joined(separator: "\n")
        let error = try #require(throws: PayloadReplayError.self) { try PayloadReplay(parsing: text) }
        #expect(error.description.hasSuffix("and 5 more"))
    }

    @Test("a file with only comments and blank lines has no payloads")
    func empty() {
        #expect(throws: PayloadReplayError.noPayloads(source: "payloads")) {
            try PayloadReplay(parsing: "# nothing\n\n   \n")
        }
        #expect(throws: PayloadReplayError.noPayloads(source: "the payload list")) {
            try PayloadReplay(payloads: [])
        }
    }

    @Test("reads a file, byte order mark included")
    func readsFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data([0xEF, 0xBB, 0xBF] + Array((Self.first + "\n" + Self.third + "\n").utf8)).write(to: url)
        let replay = try PayloadReplay(contentsOf: url)
        #expect(replay.count == 2)
        #expect(replay.payload(at: 1).alert.body == "three")
    }

    @Test("a missing file is unreadable, naming the path")
    func missingFile() throws {
        let url = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString).jsonl")
        let error = try #require(throws: PayloadReplayError.self) { try PayloadReplay(contentsOf: url) }
        guard case .unreadable(let path, let reason) = error else {
            Issue.record("expected unreadable, got \(error)")
            return
        }
        #expect(path == url.path)
        #expect(!reason.isEmpty)
    }

    @Test("a FIFO, a device or a directory is refused saying what it is")
    func oddFilesSayWhatTheyAre() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nseb-odd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("payloads.fifo").path
        try #require(mkfifo(fifo, 0o600) == 0)
        // Once "You don't have permission" (as root) for the FIFO and /dev/zero, and
        // "NSCocoaErrorDomain error 256" for a directory; a FIFO must not block the read either.
        for (path, kind) in [
            (fifo, "a FIFO (named pipe)"), ("/dev/zero", "a character device"), (folder.path, "a directory"),
        ] {
            let error = try #require(throws: PayloadReplayError.self) {
                try PayloadReplay(contentsOf: URL(fileURLWithPath: path))
            }
            #expect(error == .unreadable(path: path, reason: "it is \(kind), not a regular file of payload lines"))
            #expect(error.description.hasPrefix("could not read the payload file \(path): it is \(kind)"))
        }
        let missing = "/nonexistent-\(UUID().uuidString).jsonl"
        #expect(throws: PayloadReplayError.unreadable(path: missing, reason: "No such file or directory (errno 2)")) {
            try PayloadReplay(contentsOf: URL(fileURLWithPath: missing))
        }
    }

    @Test("generated payloads replay to the same models")
    func replaysGenerated() throws {
        let generator = try PayloadGenerator(
            seed: 5, mix: PayloadMix(encrypted: 0.5, media: 0.5),
            mediaMix: MediaMix(parsing: "200KB.jpg:1"), mediaBaseURL: URL(string: "http://127.0.0.1:9")!,
            key: [UInt8](repeating: 9, count: 32))
        let generated = try (0..<20).map { try generator.payload(at: $0) }
        let text = generated.map { String(decoding: $0.bytes, as: UTF8.self) }.joined(separator: "\n")
        let replay = try PayloadReplay(parsing: text)
        #expect(replay.payloads == generated.map(\.payload))
    }
}
