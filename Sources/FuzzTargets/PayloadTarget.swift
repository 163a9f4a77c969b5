import NSERuntime

/// ``FuzzTarget/payload``: a payload the harness accepts, from one payload's bytes or from a line of a
/// JSONL replay file, is the payload its serialization gives back, within APNs' size limit.
enum PayloadTarget {
    static func run(_ input: [UInt8]) throws(FuzzFinding) {
        // A PayloadError is the expected rejection, not a finding: only an accepted payload is checked.
        if let payload = try? NotificationPayload(parsing: input) {
            try checkRoundTrip(payload, from: input)
        }
        let replay: PayloadReplay
        do {
            replay = try PayloadReplay(parsing: input, source: "fuzz input")
        } catch {
            try checkLines(of: error, input)
            return
        }
        for payload in replay.payloads { try checkRoundTrip(payload, from: input) }
    }

    private static func checkRoundTrip(_ payload: NotificationPayload, from input: [UInt8]) throws(FuzzFinding) {
        let bytes = payload.serialized()
        let text = String(decoding: input, as: UTF8.self)
        let again: NotificationPayload
        do {
            again = try NotificationPayload(parsing: bytes)
        } catch {
            throw finding(
                "an accepted payload parses back from its serialization",
                "\(quoted(text)) serialized as \(quoted(String(decoding: bytes, as: UTF8.self))), rejected: \(error)")
        }
        // The text a replay line expects is nse-bench's, never serialized: it is no part of the payload.
        var sent = payload
        sent.expectedText = nil
        guard again == sent else {
            throw finding(
                "an accepted payload is the payload its serialization gives back",
                "\(quoted(text)) serialized as \(quoted(String(decoding: bytes, as: UTF8.self))), "
                    + "which reads back as a different payload")
        }
    }

    /// Every bad line a replay reports is a line of the input, reported once, in order.
    private static func checkLines(of error: PayloadReplayError, _ input: [UInt8]) throws(FuzzFinding) {
        guard case .invalidLines(_, let errors) = error else { return }
        let lineCount = input.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        let lines = errors.map(\.line)
        guard !lines.isEmpty, lines == lines.sorted(), Set(lines).count == lines.count,
            lines.allSatisfy({ (1...lineCount).contains($0) })
        else {
            throw finding(
                "a replay names each bad line of the input once, in order",
                "\(quoted(String(decoding: input, as: UTF8.self))) (\(lineCount) lines) gave lines \(lines)")
        }
    }

    private static func finding(_ invariant: String, _ detail: String) -> FuzzFinding {
        FuzzFinding(target: .payload, invariant: invariant, detail: detail)
    }
}
