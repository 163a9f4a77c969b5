public import Foundation
import Synchronization

/// A notification in the notification center: its request and when it was delivered.
open class UNNotification: NSObject, @unchecked Sendable {
    // @unchecked: immutable, both stored properties `let`s of Sendable types (the class is open, as Apple's).

    /// The request it was delivered for.
    public let request: UNNotificationRequest
    /// When it was delivered.
    public let date: Date

    init(request: UNNotificationRequest, date: Date) {
        (self.request, self.date) = (request, date)
    }
}

/// The app's notification center, as an extension reaches it (`UNUserNotificationCenter.current()`): to
/// look at or remove the notifications already delivered (grouping a conversation, clearing a read one),
/// set the badge, or keep categories.
///
/// Each simulated phone is a new one, so its notification center holds no delivered notifications: their
/// list is empty, and removals find nothing. Categories and requests added are kept in the process, for
/// reads back; nothing is shown or scheduled. Completion handlers run at once, off the calling thread, as
/// iOS runs them on a queue of its own, as code of the invocation that called (``CallbackContext``); the round trip to iOS's notification daemon is not timed (the run
/// names such calls `not faithful:`).
open class UNUserNotificationCenter: NSObject, @unchecked Sendable {
    // @unchecked: its state is in a Mutex.

    private struct State {
        var categories: Set<UNNotificationCategory> = []
        var pending: [UNNotificationRequest] = []
        var badge = 0
    }

    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "UNUserNotificationCenter", qos: .utility)

    private static let shared = UNUserNotificationCenter()

    private override init() {}

    /// The app's notification center: one per process.
    open class func current() -> UNUserNotificationCenter { shared }

    /// Whether the device supports content extensions: true, as an iPhone does.
    open var supportsContentExtensions: Bool { true }

    /// The app's delegate, held weakly: kept, never called (an extension's notifications are not shown here).
    open var delegate: (any UNUserNotificationCenterDelegate)? {
        get { delegateBox.withLock { $0.object } }
        set { delegateBox.withLock { $0.object = newValue } }
    }

    private final class WeakDelegate: @unchecked Sendable {
        // @unchecked: read and written only under `delegateBox`'s lock.
        weak var object: (any UNUserNotificationCenterDelegate)?
    }

    private let delegateBox = Mutex(WeakDelegate())

    // MARK: Authorization

    /// The app's settings: a phone receiving its push has allowed it (``UNNotificationSettings``).
    open func getNotificationSettings(completionHandler: @escaping @Sendable (UNNotificationSettings) -> Void) {
        queue.async(execute: CallbackContext.carrying { completionHandler(UNNotificationSettings()) })
    }

    /// The app's settings (see ``getNotificationSettings(completionHandler:)``).
    open func notificationSettings() async -> UNNotificationSettings { UNNotificationSettings() }

    /// Asks to be allowed: granted, as on a phone receiving the app's push.
    open func requestAuthorization(
        options: UNAuthorizationOptions = [], completionHandler: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        queue.async(execute: CallbackContext.carrying { completionHandler(true, nil) })
    }

    /// Asks to be allowed: granted (see ``requestAuthorization(options:completionHandler:)``).
    open func requestAuthorization(options: UNAuthorizationOptions = []) async throws -> Bool { true }

    // MARK: Delivered notifications

    /// The notifications in the notification center: none on a new phone.
    open func getDeliveredNotifications(completionHandler: @escaping @Sendable ([UNNotification]) -> Void) {
        queue.async(execute: CallbackContext.carrying { completionHandler([]) })
    }

    /// The notifications in the notification center: none on a new phone.
    open func deliveredNotifications() async -> [UNNotification] { [] }

    /// Removes delivered notifications: there are none.
    open func removeDeliveredNotifications(withIdentifiers identifiers: [String]) {}

    /// Removes every delivered notification: there are none.
    open func removeAllDeliveredNotifications() {}

    // MARK: Requests

    /// Schedules a local notification: kept for ``getPendingNotificationRequests(completionHandler:)``,
    /// never delivered here; the handler gets no error.
    open func add(
        _ request: UNNotificationRequest,
        withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)? = nil
    ) {
        state.withLock { state in
            state.pending.removeAll { $0.identifier == request.identifier }
            state.pending.append(request)
        }
        if let completionHandler { queue.async(execute: CallbackContext.carrying { completionHandler(nil) }) }
    }

    /// Schedules a local notification (see ``add(_:withCompletionHandler:)``).
    open func add(_ request: UNNotificationRequest) async throws {
        add(request, withCompletionHandler: nil)
    }

    /// The requests added and not removed.
    open func getPendingNotificationRequests(completionHandler: @escaping @Sendable ([UNNotificationRequest]) -> Void) {
        let pending = state.withLock { $0.pending }
        queue.async(execute: CallbackContext.carrying { completionHandler(pending) })
    }

    /// The requests added and not removed.
    open func pendingNotificationRequests() async -> [UNNotificationRequest] { state.withLock { $0.pending } }

    /// Removes added requests by identifier.
    open func removePendingNotificationRequests(withIdentifiers identifiers: [String]) {
        state.withLock { $0.pending.removeAll { identifiers.contains($0.identifier) } }
    }

    /// Removes every added request.
    open func removeAllPendingNotificationRequests() { state.withLock { $0.pending.removeAll() } }

    // MARK: Categories and badge

    /// Replaces the app's categories.
    open func setNotificationCategories(_ categories: Set<UNNotificationCategory>) {
        state.withLock { $0.categories = categories }
    }

    /// The app's categories.
    open func getNotificationCategories(completionHandler: @escaping @Sendable (Set<UNNotificationCategory>) -> Void) {
        let categories = state.withLock { $0.categories }
        queue.async(execute: CallbackContext.carrying { completionHandler(categories) })
    }

    /// The app's categories.
    open func notificationCategories() async -> Set<UNNotificationCategory> { state.withLock { $0.categories } }

    /// Sets the app icon's badge (iOS 16): kept, not shown; the handler gets no error.
    open func setBadgeCount(
        _ newBadgeCount: Int, withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)? = nil
    ) {
        state.withLock { $0.badge = newBadgeCount }
        if let completionHandler { queue.async(execute: CallbackContext.carrying { completionHandler(nil) }) }
    }

    /// Sets the app icon's badge (iOS 16; see ``setBadgeCount(_:withCompletionHandler:)``).
    open func setBadgeCount(_ newBadgeCount: Int) async throws {
        setBadgeCount(newBadgeCount, withCompletionHandler: nil)
    }
}
