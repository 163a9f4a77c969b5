import Foundation
public import UserNotifications

/// The built-in `media` extension and its timeout presets: a rich-media extension in the shape most push
/// SDKs ship.
///
/// It keeps the handler and a best attempt (the template's pattern), downloads `media_url` with a download
/// task into a temporary `.tmp` file, renames it by URL extension, `Content-Type` or magic bytes (Airship's
/// order; ``MediaFileType``), attaches it and delivers. A failed download or attachment delivers the text
/// alone. On expiry it delivers its best attempt: the text without the attachment.
///
/// - `media` sets no timeout of its own, so `URLSession`'s defaults apply (60 s without data, no total
///   limit worth speaking of): Firebase Messaging's helper, Iterable, CleverTap, Pushwoosh and Braze's sample
///   do this (CleverTap's and Pushwoosh's own differences: their profiles), and iOS's 30-second expiry is then
///   the real deadline.
/// - `media-20s`, `media-25s`, `media-30s` add a fixed resource timeout: Batch's 20 s, 25 s (no SDK's:
///   Notifee's source sets no timeout; 25 s is found only in forks of it, such as react-native-notify-kit)
///   and Customer.io's 30 s (Customer.io also guards its handler, which ``PriorityService`` models).
///
/// - `media-no-expiry` does not implement `serviceExtensionTimeWillExpire`, as many apps' extensions do not
///   (the method is optional): a download still running at the deadline leaves nothing delivered, so the
///   user sees the original (`expired_original`), and the handler called afterwards is a late delivery.
///
/// Like the template and those SDKs, it does not guard the handler: a download that completes after the
/// expiry delivery calls it a second time, which the host counts as a violation.
///
/// `@unchecked Sendable` (its base class is not Sendable): the handler, the best attempt and the context live
/// in `state`, a ``BestAttemptState`` (a `Mutex`), because the download task and
/// `serviceExtensionTimeWillExpire` (on another thread) both read them; the other properties are lets.
public final class MediaService: UNNotificationServiceExtension, HostAwareExtension, @unchecked Sendable {
    /// The download's resource timeout in nanoseconds; nil for `URLSession`'s defaults.
    public let resourceTimeout: UInt64?
    private let state = BestAttemptState<ContentHandler>()

    /// The longest wait without data, in nanoseconds (URLSession's 60 s, scaled with the run).
    public let idleTimeout: UInt64

    /// Whether it implements `serviceExtensionTimeWillExpire` (delivering its best attempt); false for
    /// `media-no-expiry`, which leaves the system's default (nothing delivered) in place.
    public let handlesExpiry: Bool

    /// An instance with the given resource timeout (nanoseconds); nil for `URLSession`'s defaults.
    /// `handlesExpiry: false` models an extension without `serviceExtensionTimeWillExpire`.
    public init(
        resourceTimeout: UInt64? = nil, idleTimeout: UInt64 = MediaDownload.defaultIdleTimeout,
        handlesExpiry: Bool = true
    ) {
        self.resourceTimeout = resourceTimeout
        self.idleTimeout = idleTimeout
        self.handlesExpiry = handlesExpiry
        super.init()
    }

    /// The invocation's context, set by the host before `didReceive`.
    public var invocationContext: InvocationContext? {
        get { state.context }
        set { state.context = newValue }
    }

    /// Starts the download and delivers when it ends; delivers the text at once when there is no media.
    public override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        let handler = ContentHandler(contentHandler)
        guard let begun = state.begin(request, delivery: handler) else { return }
        let (bestAttempt, context) = begun
        guard let text = request.content.userInfo["media_url"] as? String, let url = URL(string: text),
            let context
        else {
            handler(bestAttempt)
            return
        }
        let timeout = resourceTimeout
        let idle = idleTimeout
        context.run {
            if let attachment = await MediaFetcher(context: context).attachment(
                from: url, timeout: timeout, idleTimeout: idle)
            {
                bestAttempt.attachments = [attachment]
            }
            handler(bestAttempt)
        }
    }

    /// Delivers the best attempt: the text, without the attachment still downloading; without
    /// ``handlesExpiry``, only what the base class does (nothing), as an extension that does not override it.
    public override func serviceExtensionTimeWillExpire() {
        guard handlesExpiry else {
            super.serviceExtensionTimeWillExpire()
            return
        }
        state.deliverBestAttempt()
    }
}
