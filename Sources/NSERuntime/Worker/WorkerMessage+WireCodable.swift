public import NSEBenchCore

// The messages between `run` and an extension worker, as ``WireCodable`` (``WorkerWire``). A property
// added to these types must be added here too; `WorkerWireTests` fails for a message whose fields are not
// all set and sent back.

extension WorkerRequest: WireCodable {
    public func write(to writer: inout WireWriter) {
        // First: WorkerWire.requestID reads it alone from a line whose rest does not read.
        writer.write(id)
        writer.write(arrival)
        writer.write(payload)
        writer.write(payloadByteCount)
        writer.write(expectedText)
        writer.write(injectedFault)
        writer.write(coldStart)
        writer.write(constrainedNetwork)
        writer.write(cellularNetwork)
        writer.write(apiHost)
    }

    public init(from reader: inout WireReader) throws(WireFormatError) {
        self.init(
            id: try reader.read(), arrival: try reader.read(), payload: try reader.read(),
            payloadByteCount: try reader.read(), expectedText: try reader.read(), injectedFault: try reader.read(),
            coldStart: try reader.read(), constrainedNetwork: try reader.read(), cellularNetwork: try reader.read(),
            apiHost: try reader.read())
    }
}

extension WorkerReply: WireCodable {
    private enum Case: UInt8 {
        case record, figures, crashed, rejected, memoryExceeded, declined, ready, trapped
    }

    public func write(to writer: inout WireWriter) {
        switch self {
        case .record(let record):
            writer.byte(Case.record.rawValue)
            writer.write(record)
        case .figures(let figures):
            writer.byte(Case.figures.rawValue)
            writer.write(figures)
        case .crashed(let id, let stack):
            writer.byte(Case.crashed.rawValue)
            writer.write(id)
            writer.write(stack)
        case .trapped(let id, let signal, let stack):
            writer.byte(Case.trapped.rawValue)
            writer.write(id)
            writer.write(Int(signal))
            writer.write(stack)
        case .rejected(let id, let reason):
            writer.byte(Case.rejected.rawValue)
            writer.write(id)
            writer.write(reason)
        case .memoryExceeded(let footprint, let inFlight):
            writer.byte(Case.memoryExceeded.rawValue)
            writer.write(footprint)
            writer.write(inFlight)
        case .declined(let id):
            writer.byte(Case.declined.rawValue)
            writer.write(id)
        case .ready:
            writer.byte(Case.ready.rawValue)
        }
    }

    public init(from reader: inout WireReader) throws(WireFormatError) {
        let tag = try reader.byte()
        switch Case(rawValue: tag) {
        case .record: self = .record(try reader.read())
        case .figures: self = .figures(try reader.read())
        case .crashed: self = .crashed(id: try reader.read(), stack: try reader.read())
        case .trapped:
            let id: Int = try reader.read()
            let signal: Int = try reader.read()
            self = .trapped(id: id, signal: Int32(truncatingIfNeeded: signal), stack: try reader.read())
        case .rejected: self = .rejected(id: try reader.read(), reason: try reader.read())
        case .memoryExceeded: self = .memoryExceeded(footprint: try reader.read(), inFlight: try reader.read())
        case .declined: self = .declined(id: try reader.read())
        case .ready: self = .ready
        case nil: throw WireFormatError("\(tag) is not a worker reply's kind", at: reader.offset - 1)
        }
    }
}

extension WorkerFigures: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.write(timerLatenessP99)
        writer.write(transportLagP99)
        writer.write(dispatchLagP99)
        writer.write(cpuSeconds)
        writer.write(peakResidentBytes)
        writer.write(unattributedRequests)
        writer.write(peakFootprintBytes)
        writer.write(memoryWatchFailure)
        writer.write(peakBlockedCallThreads)
        writer.write(peakBlockedCallbackThreads)
        writer.write(threadStartFailure)
        writer.write(extensionCallWaitP99)
    }

    public init(from reader: inout WireReader) throws(WireFormatError) {
        self.init(
            timerLatenessP99: try reader.read(), transportLagP99: try reader.read(), dispatchLagP99: try reader.read(),
            cpuSeconds: try reader.read(), peakResidentBytes: try reader.read())
        unattributedRequests = try reader.read()
        peakFootprintBytes = try reader.read()
        memoryWatchFailure = try reader.read()
        peakBlockedCallThreads = try reader.read()
        peakBlockedCallbackThreads = try reader.read()
        threadStartFailure = try reader.read()
        extensionCallWaitP99 = try reader.read()
    }
}
