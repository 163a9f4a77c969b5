import NSEBenchCore

// A record crosses from an extension worker process to the run through Codable (``WorkerReply``,
// sent by ``WorkerWire``). The structs in it declare `Codable` where they are declared (synthesis
// needs that); the enums, whose raw values encode them, conform here.

extension MediaDownloadError.Kind: Codable {}
extension InvocationStage: Codable, CodingKeyRepresentable {}
extension InjectedCryptoFault: Codable {}
extension FaultKind: Codable {}
