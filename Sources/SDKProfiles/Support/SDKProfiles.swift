// SDKProfiles: the Notification Service Extension helpers of push SDKs, reproduced from their public
// sources (facts only; docs/run.md's table of SDK profiles cites each file) and written the way a user's
// extension is: against UserNotifications and URLSession, which here, as in a compiled user extension,
// are the simulated phone's (the aliases below are those of nse-bench's generated entry file). So an SDK
// profile runs through the same path as a user's own code.
import SimulatedDevice

typealias URLSession = SimulatedDevice.SimulatedURLSession
typealias URLSessionDelegate = SimulatedDevice.SimulatedURLSessionDelegate
typealias URLSessionTaskDelegate = SimulatedDevice.SimulatedURLSessionTaskDelegate
typealias URLSessionDataDelegate = SimulatedDevice.SimulatedURLSessionDataDelegate
typealias URLSessionDownloadDelegate = SimulatedDevice.SimulatedURLSessionDownloadDelegate
typealias URLSessionWebSocketDelegate = SimulatedDevice.SimulatedURLSessionWebSocketDelegate
