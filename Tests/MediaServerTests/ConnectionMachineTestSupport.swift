import NSEBenchCore
import NSEBenchSystem

@testable import MediaServer

/// A shared link that grants what it is told to and records what comes back.
struct ScriptedLink: SharedLink {
    /// The most it grants per call; nil grants everything.
    var limit: Int?
    var waitNanoseconds: UInt64 = 0
    private(set) var returned = 0

    init(limit: Int? = nil, waitNanoseconds: UInt64 = 0) {
        self.limit = limit
        self.waitNanoseconds = waitNanoseconds
    }

    func allowance(upTo wanted: Int, atLeast minimum: Int, now: UInt64) -> Int { min(wanted, limit ?? wanted) }
    func wait(for chunk: Int, now: UInt64) -> UInt64 { waitNanoseconds }
    mutating func giveBack(_ count: Int) { returned += count }
}

/// Plain values for driving a ``ConnectionStateMachine`` in tests.
enum MachineFixture {
    static let idleTimeout: UInt64 = 30_000_000_000
    static let capacity = 256 << 10
    static let request = "GET /media/1KB.jpg HTTP/1.1\r\nHost: localhost\r\n\r\n"

    static func machine(
        isTLS: Bool = false, limits: HTTPParserLimits = HTTPParserLimits()
    ) -> ConnectionStateMachine {
        ConnectionStateMachine(configuration: .init(parserLimits: limits, idleTimeout: idleTimeout, isTLS: isTLS))
    }

    /// A plain connection accepted with no connect delay, registered for reading.
    static func accepted(limits: HTTPParserLimits = HTTPParserLimits()) -> ConnectionStateMachine {
        var machine = machine(limits: limits)
        _ = machine.accepted(
            connectDelay: 0, registeredFor: ConnectionStateMachine.initialInterest(isTLS: false, connectDelay: 0),
            now: 0)
        return machine
    }

    /// A response of `head` bytes then `body` bytes (`0x48` and `0x42`).
    static func plan(
        head: Int = 10, body: Int = 100, stopOffset: Int? = nil, sendsHead: Bool = true, firstByteDelay: UInt64 = 0,
        bandwidth: ByteRate = .unlimited, ending: ResponsePlan.Ending = .complete(keepAlive: true, closeDelay: nil),
        fault: FaultDecision.Kind = .ok
    ) -> ResponsePlan {
        var keepAlive = false
        if case .complete(true, _) = ending { keepAlive = true }
        return ResponsePlan(
            head: Array(repeating: 0x48, count: head), body: .bytes(Array(repeating: 0x42, count: body)),
            sendsHead: sendsHead, stopOffset: stopOffset ?? body, firstByteDelay: firstByteDelay,
            bandwidth: bandwidth, ending: ending, fault: fault, keepAlive: keepAlive)
    }
}

extension ConnectionStateMachine {
    /// Feeds `text` as one read.
    mutating func received(_ text: String, now: UInt64 = 0) -> ConnectionAction {
        Array(text.utf8).withUnsafeBytes { received($0, now: now) }
    }

    /// The response being sent, waited for or stalled.
    var response: Response? {
        switch state {
        case .waitingForOrigin(let response, _), .waitingForFirstByte(let response, _), .sending(let response),
            .stalled(let response):
            response
        default: nil
        }
    }

    /// Answers ``ConnectionAction/Next/plan`` with `plan`, whatever was asked.
    mutating func planned(_ plan: ResponsePlan, now: UInt64) -> ConnectionAction {
        self.plan(now: now) { _ in plan }
    }

    /// Asks for a write with an unlimited link.
    mutating func writable(now: UInt64, draining: Bool = false) -> ConnectionAction {
        var link = ScriptedLink()
        return writable(now: now, capacity: MachineFixture.capacity, draining: draining, link: &link)
    }

    /// Reports `write` sent in full (or `count` bytes of it) to an unlimited link.
    mutating func sent(_ write: ResponseWrite, count: Int? = nil) -> ConnectionAction {
        var link = ScriptedLink()
        return sent(count ?? write.count, of: write, link: &link)
    }

    /// Asks for the next write, which must be one, and reports it sent in full; returns the write.
    mutating func sendNext(now: UInt64) -> ResponseWrite? {
        guard case .write(let write) = writable(now: now).next else { return nil }
        _ = sent(write)
        return write
    }

    /// Takes a plain request to a planned response, as the driver would.
    mutating func respond(with plan: ResponsePlan, request: String = MachineFixture.request, now: UInt64 = 0)
        -> ConnectionAction
    {
        _ = received(request, now: now)
        return planned(plan, now: now)
    }
}

extension ConnectionAction {
    /// The write this action asks for, if any.
    var write: ResponseWrite? {
        if case .write(let write) = next { return write }
        return nil
    }
}
