import Foundation
import SimulatedDevice
import UserNotifications

/// Batch (BatchLabs/Batch-iOS-SDK-Extension v4 `Sources/Swift/Rich Notifications/RichNotificationHelper.swift`):
/// - a download task on a new default-configuration session with a 20 s resource timeout
///   (`Consts.timeoutIntervalSecs`), constrained networks (Low Data Mode) refused by default
///   (`allowsConstrainedNetworkAccess = allowInLowDataMode`, which defaults to false): on a phone in Low
///   Data Mode the download fails at once and the original is shown;
/// - the type from the payload's attachment type field (here the URL's extension stands for it: the
///   generated payloads carry `media_url` only);
/// - no HTTP status check; a failure delivers the **original** content;
/// - `serviceExtensionTimeWillExpire` is empty ("Nothing here yet"): past the deadline iOS shows the
///   original.
final class BatchProfile: SDKServiceBase, @unchecked Sendable {
    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        guard let content = begin(request, contentHandler) else { return contentHandler(request.content) }
        guard let text = request.content.userInfo["media_url"] as? String, let url = URL(string: text) else {
            return deliver(content)
        }
        let configuration = URLSessionConfiguration.default
        configuration.timeoutIntervalForResource = 20
        // RichNotificationHelper.allowInLowDataMode, false by default.
        configuration.allowsConstrainedNetworkAccess = false
        let session = URLSession(configuration: configuration)
        session.downloadTask(with: url) { [self] location, _, error in
            guard error == nil, let location,
                let attachment = MediaFiles.attachment(from: location, fileExtension: url.pathExtension, identifier: "")
            else { return deliver(request.content) }
            content.attachments = [attachment]
            deliver(content)
        }.resume()
        session.finishTasksAndInvalidate()
    }

    /// Batch's is empty: nothing is delivered, and the original is shown.
    override func serviceExtensionTimeWillExpire() {}
}
