public import Foundation

/// What a notification's content can be updated from, as Apple's protocol: in Intents,
/// `INSendMessageIntent` (a communication notification: a message and its sender).
public protocol UNNotificationContentProviding: NSObjectProtocol {}

extension UNNotificationContent {
    /// The content updated from `provider`, as iOS 15's `updating(from:)`: a communication notification
    /// shows its sender's name and image.
    ///
    /// nse-bench returns a copy of the content with every field as it was: how iOS restyles the title and
    /// subtitle has changed between versions, and the harness classes an invocation by the enrichment the
    /// payload asked for (its media, its text), which this keeps. The copy is a
    /// ``UNMutableNotificationContent``, as shipped extensions that cast it (`as? UNMutableNotificationContent`)
    /// find on iOS. It never throws, as for an app that has the communication notifications entitlement
    /// (iOS throws without it).
    public func updating(from provider: any UNNotificationContentProviding) throws -> UNNotificationContent {
        _ = provider
        return UNMutableNotificationContent(fields: fields)
    }
}
