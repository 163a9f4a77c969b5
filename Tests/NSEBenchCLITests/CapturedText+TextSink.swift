// A conformance of a public type to a public protocol is public: both modules imported publicly.
public import NSEBenchCLI
public import NSEBenchTestSupport

/// The test-support capture is where the commands under test write their output and errors.
extension CapturedText: TextSink {}
