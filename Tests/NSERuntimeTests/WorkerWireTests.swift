import Foundation
import NSEBenchCore
import Testing

@testable import NSERuntime

/// A record with every optional field set, so that a field the wire dropped would show.
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
    sideCallAtDeadline: true)

@Suite struct WorkerWireTests {
    @Test func aFullRecordComesBackEqual() throws {
        let line = try WorkerWire.line(WorkerReply.record(fullRecord))
        #expect(line.last == UInt8(ascii: "\n"))
        #expect(!line.dropLast().contains(UInt8(ascii: "\n")))
        let reply = try WorkerWire.message(WorkerReply.self, from: line.dropLast())
        #expect(reply == .record(fullRecord))
    }

    @Test func everyReplyComesBackEqual() throws {
        var figures = WorkerFigures(
            timerLatenessP99: 1, transportLagP99: 2, dispatchLagP99: 3, cpuSeconds: 4.5, peakResidentBytes: 6)
        figures.memoryWatchFailure = "tcache"
        let replies: [WorkerReply] = [
            .figures(figures), .crashed(id: -1), .rejected(id: 3, reason: "no"),
            .memoryExceeded(footprint: 25_000_000, inFlight: 4), .declined(id: 9),
        ]
        for reply in replies {
            #expect(try WorkerWire.message(WorkerReply.self, from: WorkerWire.line(reply).dropLast()) == reply)
        }
    }

    @Test func aRequestCarriesThePayloadModelAndItsSize() throws {
        let payload = NotificationPayload(
            alert: NotificationAlert(title: "T", subtitle: "S", body: "B"), badge: 3, sound: .string("default"),
            threadIdentifier: "thread", category: "sale", otherAPSFields: ["interruption-level": .string("active")],
            encryptedData: "AAAA", mediaURL: URL(string: "http://127.0.0.1:8080/media/200KB.jpg"),
            customFields: [
                "order": .integer(48_213), "ratio": .double(0.5), "tags": .array([.string("a"), .null, .bool(true)]),
                "nested": .object(["deep": .object([:])]),
            ])
        var input = InvocationInput(
            id: 7, payload: payload, arrival: 123,
            extension: ExtensionFactory(name: "sleepy") { SleepyService(deliverAt: 0) },
            expectedText: NotificationText(title: "t", body: "b"), injectedFault: .truncate)
        input.coldStart = 400
        input.constrainedNetwork = true
        let request = try WorkerWire.message(WorkerRequest.self, from: WorkerWire.line(WorkerRequest(input)).dropLast())
        let back = request.input(extension: input.extensionFactory)
        #expect(back.payload == payload)
        #expect(back.payloadByteCount == payload.byteCount)
        #expect(back.id == 7 && back.arrival == 123 && back.coldStart == 400 && back.constrainedNetwork)
        #expect(back.expectedText == input.expectedText && back.injectedFault == .truncate)
    }

    @Test func theCrashReportersJSONLineIsAReply() throws {
        // What crash_reporter.c writes after its leading newline.
        let line = Array(#"{"crashed":{"id":12}}"#.utf8)
        #expect(try WorkerWire.message(WorkerReply.self, from: line) == .crashed(id: 12))
    }

    @Test func aTornOrForeignLineIsAnErrorNamingWhy() throws {
        let line = try WorkerWire.line(WorkerReply.record(fullRecord))
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
