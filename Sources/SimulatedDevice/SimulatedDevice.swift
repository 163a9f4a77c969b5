// SimulatedDevice: what a simulated phone gives the code of a user's own extension.
//
// nse-bench compiles a user's extension into a module of its own and adds one generated file to it
// (ExtensionBuildPlan in NSERuntime): type aliases that make the names `URLSession`,
// `URLSessionDelegate`, `URLSessionTaskDelegate`, `URLSessionDataDelegate` and
// `URLSessionDownloadDelegate` mean this module's types, so that unchanged iOS code gets a session per
// simulated phone whose requests go through the run's own transport, are timed in the same phases as
// the built-in extensions', honour their timeouts scaled with the run, and call back on the session's
// delegate queue, as on iOS. Everything else in Foundation is Foundation's own.
//
// This module depends on Foundation alone, so the user's module compiles against it without any of
// nse-bench's C modules; the host side (NSERuntime) implements ``PhoneNetwork``.
@_exported public import Foundation
@_exported public import FoundationNetworking
