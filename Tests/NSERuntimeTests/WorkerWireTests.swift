import Foundation
import NSEBenchCore
import Testing

@testable import NSERuntime

/// A record with every field set to something other than its default, so that a field the wire dropped
/// would show (``unsetFields(of:)`` checks that none is left out).
private let fullRecord = InvocationRecord(
    id: 41, extensionName: "media \n quoted \"name\"", outcome: .enriched,
    visible: VisibleNotification(
        kind: .rich, title: "Flash sale", subtitle: "today", body: "40% off\nuntil midnight 🙂",
        attachments: [StoredAttachment(identifier: "image", url: URL(fileURLWithPath: "/tmp/x.jpg"), bytes: 204_800)]),
    violations: Violations(doubleDelivery: 1, lateDelivery: 2, alertTextRemoved: 3),
    enrichment: EnrichmentResult(requested: [.attachment, .decryptedText], delivered: [.attachment]),
    times: InvocationTimes(
        arrival: 1_000, deadline: 30_000_001_000, started: 2_000, expiryCalled: 29_000_000_000,
        delivered: 3_000_000, finished: 3_000_100),
    phases: InvocationPhases(
        queued: 17, decrypt: PhaseSpan(start: 1, end: 2), download: PhaseSpan(start: 3, end: 4),
        downloadTimings: MediaDownloadTimings(requested: 5, started: 6, connected: 7, firstByte: 8, completed: 9),
        harnessWait: 10, attach: PhaseSpan(start: 11, end: 12), deliver: PhaseSpan(start: 13, end: 14),
        coldStart: 15),
    download: DownloadSummary(
        count: 2, bytes: 204_800, status: 206, contentType: "image/jpeg", errorText: "reset",
        errorKind: .connectionLost,
        harnessFailure: .scratchFull, injectedFault: FaultKind.allCases.first, requestTag: "t-41", lastBytes: 1,
        announcedBytes: 204_800),
    stageErrors: [.download: "timed out", .decrypt: "tampered"], peakMemory: 12_345_678, crashReason: "SIGSEGV",
    injectedCrash: true, injectedFault: .tamper, workAbandoned: true, ownTimeout: 20_000_000_000,
    sideCallAtDeadline: true, lostToHarness: .recordLost)

/// The paths of the stored properties in `value`, and in the structs, enum payloads, elements and
/// dictionary values within it, that hold their type's zero (nil, false, 0, an empty string or
/// collection): a fixture must set them all, or a property missing from the wire codec would come back
/// as its default unnoticed. (A property whose default is not its zero, such as a payload's
/// `isMutable`, needs a fixture that sets it to the zero: see `aRequestCarriesThePayloadModelAndItsSize`.)
private func unsetFields(of value: Any, path: String = "") -> [String] {
    if value is URL { return [] }  // Foundation's, written whole
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
        guard let wrapped = mirror.children.first?.value else { return [path] }
        return unsetFields(of: wrapped, path: path)
    case .struct, .enum:
        if let set = value as? any SetAlgebra, set.isEmpty { return [path] }
        return mirror.children.flatMap { child in
            unsetFields(of: child.value, path: path + "." + (child.label ?? "?"))
        }
    case .collection, .set:
        guard !mirror.children.isEmpty else { return [path] }
        return mirror.children.enumerated().flatMap { index, child in
            unsetFields(of: child.value, path: path + "[\(index)]")
        }
    case .dictionary:
        guard !mirror.children.isEmpty else { return [path] }
        // Each entry is a (key, value) tuple.
        return mirror.children.flatMap { entry in
            let pair = Array(Mirror(reflecting: entry.value).children)
            return pair.count == 2 ? unsetFields(of: pair[1].value, path: path + "[\(pair[0].value)]") : [path]
        }
    default:
        switch value {
        case let flag as Bool: return flag ? [] : [path]
        case let number as any BinaryInteger: return number.trailingZeroBitCount == number.bitWidth ? [path] : []
        case let text as String: return text.isEmpty ? [path] : []
        default: return []
        }
    }
}

private let fullFigures: WorkerFigures = {
    var figures = WorkerFigures(
        timerLatenessP99: 1, transportLagP99: 2, dispatchLagP99: 3, cpuSeconds: 4.5, peakResidentBytes: 6)
    figures.unattributedRequests = 7
    figures.peakFootprintBytes = 8
    figures.memoryWatchFailure = "tcache"
    figures.peakBlockedCallThreads = 9
    figures.peakBlockedCallbackThreads = 4
    figures.extensionCallWaitP99 = 10
    figures.threadStartFailure =
        "1 thread could not be started (pthread_create failed: Resource temporarily unavailable (errno 11))"
    return figures
}()

/// An input whose request sets every field, its payload's included.
private let fullInput: InvocationInput = {
    var alert = NotificationAlert(title: "T", subtitle: "S", body: "B", otherFields: ["loc-key": .string("K")])
    alert.isPlainText = true
    var payload = NotificationPayload(
        alert: alert, isMutable: true, badge: 3, sound: .string("default"), threadIdentifier: "thread",
        category: "sale", otherAPSFields: ["interruption-level": .string("active")], encryptedData: "AAAA",
        mediaURL: URL(string: "http://127.0.0.1:8080/media/200KB.jpg"),
        customFields: [
            "order": .integer(48_213), "ratio": .double(0.5), "tags": .array([.string("a"), .null, .bool(true)]),
            "nested": .object(["deep": .object(["deeper": .null])]), "negative": .integer(-9),
        ])
    payload.encryptedField = "order"
    payload.mediaField = MediaField(keys: ["com.batch", "at", "u"], typeHintKey: "t", typeHintVocabulary: .mediaKind)
    payload.expectedText = NotificationText(title: "decrypted", body: "text")
    var input = InvocationInput(
        id: 7, payload: payload, arrival: 123,
        extension: ExtensionFactory(name: "sleepy") { SleepyService(deliverAt: 0) },
        expectedText: NotificationText(title: "t", body: "b"), injectedFault: .truncate)
    input.coldStart = 400
    input.constrainedNetwork = true
    input.cellularNetwork = true
    input.apiHost = URL(string: "http://127.0.0.1:18081")
    return input
}()

@Suite struct WorkerWireTests {
    @Test func theFixturesSetEveryField() {
        #expect(unsetFields(of: fullRecord) == [])
        #expect(unsetFields(of: fullFigures) == [])
        #expect(unsetFields(of: WorkerRequest(fullInput)) == [])
        // The check itself sees an unset field, however deep.
        var record = fullRecord
        record.download?.lastBytes = nil
        #expect(unsetFields(of: record) == [".download.lastBytes"])
        record = fullRecord
        record.visible.attachments[0].url = nil
        record.stageErrors[.decrypt] = ""
        #expect(unsetFields(of: record) == [".visible.attachments[0].url", ".stageErrors[decrypt]"])
    }

    @Test func aFullRecordComesBackEqual() throws {
        let line = WorkerWire.line(WorkerReply.record(fullRecord))
        #expect(line.last == UInt8(ascii: "\n"))
        #expect(!line.dropLast().contains(UInt8(ascii: "\n")))
        let reply = try WorkerWire.message(WorkerReply.self, from: line.dropLast())
        #expect(reply == .record(fullRecord))
    }

    @Test func everyReplyComesBackEqual() throws {
        let replies: [WorkerReply] = [
            .figures(fullFigures), .crashed(id: -1),
            .crashed(id: 4, stack: CrashStack(images: ["/a.so", "/b.so"], frames: [.init(image: 1, address: .max)])),
            .rejected(id: 3, reason: "no"),
            .memoryExceeded(footprint: 25_000_000, inFlight: 4), .declined(id: 9), .ready,
            .trapped(id: 7, signal: 4), .trapped(id: 0, signal: 5, stack: CrashStack(images: ["/a.so"], frames: [])),
        ]
        for reply in replies {
            #expect(try WorkerWire.message(WorkerReply.self, from: WorkerWire.line(reply).dropLast()) == reply)
        }
    }

    @Test func aRequestCarriesThePayloadModelAndItsSize() throws {
        let request = try WorkerWire.message(
            WorkerRequest.self, from: WorkerWire.line(WorkerRequest(fullInput)).dropLast())
        #expect(request == WorkerRequest(fullInput))
        let back = request.input(extension: fullInput.extensionFactory)
        #expect(back.payload == fullInput.payload)
        #expect(back.payloadByteCount == fullInput.payload.byteCount)
        #expect(back.id == 7 && back.arrival == 123 && back.coldStart == 400 && back.constrainedNetwork)
        #expect(back.cellularNetwork && back.apiHost?.absoluteString == "http://127.0.0.1:18081")
        #expect(back.expectedText == fullInput.expectedText && back.injectedFault == .truncate)
        // The fields whose default is not their zero, at their zero; and empty containers.
        var other = WorkerRequest(fullInput)
        other.payload.isMutable = false
        other.payload.alert.isPlainText = false
        other.payload.customFields = ["empty": .object([:]), "none": .array([])]
        // No media field: a request read back must not misread the fields after it.
        other.payload.mediaField = nil
        other.constrainedNetwork = nil
        other.cellularNetwork = nil
        other.apiHost = nil
        #expect(try WorkerWire.message(WorkerRequest.self, from: WorkerWire.line(other).dropLast()) == other)
    }

    /// The http(s) URLs a worker reads again and again are parsed once; each read gives the URL the text
    /// names, past the cache's capacity too, and an invalid text none.
    @Test func repeatedWebURLsReadAsTheyAre() {
        let texts = (0..<(RecentWebURLs.capacity + 10)).map { "http://127.0.0.1:8080/media/\($0).jpg?v=\($0 % 3)" }
        for _ in 0..<2 {
            for text in texts { #expect(RecentWebURLs.url(text) == URL(string: text), "\(text)") }
        }
        #expect(RecentWebURLs.url("file:///tmp/a.jpg") == URL(fileURLWithPath: "/tmp/a.jpg"))
        #expect(RecentWebURLs.url("http://[::1") == nil)
        #expect(RecentWebURLs.url("http://[::1") == nil, "a text that is no URL is not remembered as one")
    }

    @Test func everyTornOrCorruptedMessageIsAnErrorOrAValueNeverATrap() {
        expectTornAndCorruptedLinesRefused(WorkerReply.record(fullRecord))
        expectTornAndCorruptedLinesRefused(WorkerRequest(fullInput))
    }

    @Test func aRequestLineWhoseRestDoesNotReadStillGivesItsID() {
        var input = fullInput
        input.id = 70_000
        let body = Array(WorkerWire.line(WorkerRequest(input)).dropLast())
        // Cut after the id: no request, but the invocation the worker rejects is still named.
        let torn = body.prefix(6)
        #expect(throws: WorkerWire.LineError.self) { try WorkerWire.message(WorkerRequest.self, from: torn) }
        #expect(WorkerWire.requestID(from: torn) == 70_000)
        #expect(WorkerWire.requestID(from: body[...]) == 70_000)
        // Corrupt after the id (an escape no stuffing writes): the id still reads, as only it is unstuffed.
        let corrupt = body.prefix(6) + [0x1B, 0x07] + body.dropFirst(6)
        #expect(throws: WorkerWire.LineError.self) { try WorkerWire.message(WorkerRequest.self, from: corrupt) }
        #expect(WorkerWire.requestID(from: corrupt) == 70_000)
        #expect(WorkerWire.requestID(from: body.prefix(1)) == nil, "the marker alone holds no id")
        #expect(WorkerWire.requestID(from: Array("{\"id\":3}".utf8)[...]) == nil, "only a compact line")
        #expect(WorkerWire.requestID(from: []) == nil)
    }

    @Test func theCrashReportersJSONLineIsAReply() throws {
        // What crash_reporter.c writes after its leading newline.
        let line = Array(#"{"crashed":{"id":12}}"#.utf8)
        #expect(try WorkerWire.message(WorkerReply.self, from: line) == .crashed(id: 12))
        // A fatal signal's line names it too; the id is what the run needs.
        let withSignal = Array(#"{"crashed":{"id":12,"signal":11}}"#.utf8)
        #expect(try WorkerWire.message(WorkerReply.self, from: withSignal) == .crashed(id: 12))
        // A held trap's line: its invocation ends alone and the process goes on.
        let trapped = Array(
            #"{"trapped":{"id":3,"signal":4,"stack":{"images":["/c/extension.so"],"frames":[[0,5]]}}}"#.utf8)
        #expect(
            try WorkerWire.message(WorkerReply.self, from: trapped)
                == .trapped(
                    id: 3, signal: 4,
                    stack: CrashStack(images: ["/c/extension.so"], frames: [.init(image: 0, address: 5)])))
        let withStack = Array(
            #"{"crashed":{"id":-1,"stack":{"images":["/c/extension.so"],"frames":[[0,17],[0,9]]}}}"#.utf8)
        #expect(
            try WorkerWire.message(WorkerReply.self, from: withStack)
                == .crashed(
                    id: -1,
                    stack: CrashStack(
                        images: ["/c/extension.so"],
                        frames: [.init(image: 0, address: 17), .init(image: 0, address: 9)])))
    }

    @Test func aTornOrForeignLineIsAnErrorNamingWhy() throws {
        let line = WorkerWire.line(WorkerReply.record(fullRecord))
        #expect(throws: WorkerWire.LineError.self) {
            try WorkerWire.message(WorkerReply.self, from: line.prefix(line.count / 2))
        }
        #expect(throws: WorkerWire.LineError.self) {
            try WorkerWire.message(WorkerReply.self, from: Array("hello".utf8))
        }
        #expect(throws: WorkerWire.LineError.self) { try WorkerWire.message(WorkerReply.self, from: [UInt8]()) }
        #expect(throws: WorkerWire.LineError.self) {
            try WorkerWire.message(WorkerReply.self, from: Array("{\"x\"".utf8))
        }
    }
}

/// Every prefix of `message`'s line is an error, and every byte of it set to a value that could mislead
/// the reader (flags, counts, varint bits, case tags) gives an error or a value, never a trap.
private func expectTornAndCorruptedLinesRefused<Message: WireCodable & Decodable>(_ message: Message) {
    let body = Array(WorkerWire.line(message).dropLast())
    for count in 0..<body.count {
        #expect(throws: WorkerWire.LineError.self) { try WorkerWire.message(Message.self, from: body.prefix(count)) }
    }
    for index in body.indices.dropFirst() {
        for value: UInt8 in [0, 1, 2, 5, 6, 0x7F, 0x80, 0xFF] where value != body[index] {
            var corrupted = body
            corrupted[index] = value
            _ = try? WorkerWire.message(Message.self, from: corrupted)
        }
    }
}
