import NSEBenchCore

// A record and its parts are `Codable` because ``WorkerReply`` is: the crash reporter's signal handler
// writes its one reply as JSON (``WorkerWire``). The structs declare `Codable` where they are declared
// (synthesis needs that); the enums, whose raw values encode them, conform here. Between live processes
// the messages travel as ``WireCodable`` instead.

extension MediaDownloadError.Kind: Codable {}
extension InvocationStage: Codable, CodingKeyRepresentable {}
extension InjectedCryptoFault: Codable {}
extension FaultKind: Codable {}
