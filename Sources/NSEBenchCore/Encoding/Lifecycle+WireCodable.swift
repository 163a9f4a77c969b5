// The parts of an invocation's record that NSEBenchCore declares, as ``WireCodable``: a record crosses
// from an extension worker process to the run that way (NSERuntime's `WorkerWire`).

extension InvocationOutcome: WireCodable {}
extension VisibleContent: WireCodable {}
extension HarnessFailure: WireCodable {}
extension FaultKind: WireCodable {}

extension Enrichments: WireCodable {
    public func write(to writer: inout WireWriter) { writer.byte(rawValue) }
    public init(from reader: inout WireReader) throws(WireFormatError) {
        let known: Enrichments = [.decryptedText, .rewrittenText, .attachment]
        let bits = try reader.byte()
        guard bits & ~known.rawValue == 0 else {
            throw WireFormatError("\(bits) has bits no enrichment has", at: reader.offset - 1)
        }
        self.init(rawValue: bits)
    }
}

extension EnrichmentResult: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.write(requested)
        writer.write(delivered)
    }

    public init(from reader: inout WireReader) throws(WireFormatError) {
        self.init(requested: try reader.read(), delivered: try reader.read())
    }
}

extension Violations: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.write(doubleDelivery)
        writer.write(lateDelivery)
        writer.write(alertTextRemoved)
    }

    public init(from reader: inout WireReader) throws(WireFormatError) {
        self.init(
            doubleDelivery: try reader.read(), lateDelivery: try reader.read(), alertTextRemoved: try reader.read())
    }
}
