import Foundation
public import UserNotifications

/// The built-in `priority` extension: the strategy nse-reference.md recommends. Critical work first
/// (decryption, synchronously in `didReceive`), optional work second (the media download) with a
/// per-request timeout of the budget left minus a safety margin, so that no single operation spends the
/// whole budget; on any failure it delivers what it has. A "called once" guard (``DeliveryGuard``) makes
/// sure the handler runs exactly once, whoever gets there first: the download's end or the expiry call.
///
/// Maps to real code as Customer.io's and the hardened SDKs' pattern: a `URLSessionConfiguration` whose
/// `timeoutIntervalForResource` is computed from the remaining time, and an `AtomicBool`-guarded handler.
/// When less than the margin is left, it skips the download and delivers the text.
///
/// `@unchecked Sendable` (its base class is not Sendable): the guard, the best attempt and the context live
/// in `state`, a ``BestAttemptState`` (a `Mutex`), because the download task and
/// `serviceExtensionTimeWillExpire` (on another thread) both read them; `safetyMargin` is a let.
public final class PriorityService: UNNotificationServiceExtension, HostAwareExtension, @unchecked Sendable {
    /// The time kept back from the budget when setting the download's timeout, in nanoseconds.
    public let safetyMargin: UInt64
    private let state = BestAttemptState<DeliveryGuard>()

    /// An instance keeping `safetyMargin` nanoseconds of the budget in reserve.
    public init(safetyMargin: UInt64 = BuiltInExtensionSettings.defaultSafetyMargin) {
        self.safetyMargin = safetyMargin
        super.init()
    }

    /// The invocation's context, set by the host before `didReceive`.
    public var invocationContext: InvocationContext? {
        get { state.context }
        set { state.context = newValue }
    }

    /// Decrypts, then downloads the media within the budget left, then delivers once.
    public override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        let deliver = DeliveryGuard(contentHandler)
        guard let begun = state.begin(request, delivery: deliver) else { return }
        let (bestAttempt, context) = begun
        let userInfo = request.content.userInfo
        if userInfo["encrypted_data"] != nil,
            case .success(let text) = PayloadDecryptor.decrypt(userInfo: userInfo, context: context)
        {
            bestAttempt.title = text.title
            bestAttempt.body = text.body
        }
        guard let text = userInfo["media_url"] as? String, let url = URL(string: text), let context else {
            deliver(bestAttempt)
            return
        }
        let margin = Int64(clamping: safetyMargin)
        context.run {
            let remaining = context.remainingBudget
            if remaining > margin {
                let timeout = UInt64(remaining - margin)
                if let attachment = await MediaFetcher(context: context).attachment(from: url, timeout: timeout) {
                    bestAttempt.attachments = [attachment]
                }
            } else {
                context.recordError(
                    .download, "skipped: \(remaining) ns of budget left, not more than the \(margin) ns safety margin")
            }
            deliver(bestAttempt)
        }
    }

    /// Delivers what it has, unless the download's end already did.
    public override func serviceExtensionTimeWillExpire() {
        state.deliverBestAttempt()
    }
}
