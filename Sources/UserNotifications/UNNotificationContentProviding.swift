public import Foundation

/// What a notification's content can be updated from, as Apple's protocol: in Intents,
/// `INSendMessageIntent` (a communication notification: a message and its sender).
public protocol UNNotificationContentProviding: NSObjectProtocol {}

extension UNNotificationContent {
    /// The content updated from `provider`, as iOS 15's `updating(from:)`: a communication notification
    /// shows its sender's name and image.
    ///
    /// nse-bench returns an immutable copy of the content with every field as it was: how iOS restyles
    /// the title and subtitle has changed between versions, and the harness classes an invocation by the
    /// enrichment the payload asked for (its media, its text), which this keeps. It never throws, as for
    /// an app that has the communication notifications entitlement (iOS throws without it).
    public func updating(from provider: any UNNotificationContentProviding) throws -> UNNotificationContent {
        _ = provider
        return UNNotificationContent(fields: fields)
    }
}
