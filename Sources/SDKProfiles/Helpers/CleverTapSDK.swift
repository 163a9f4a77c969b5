import Foundation
import SimulatedDevice

/// CleverTap's logging levels (`CleverTap.h`: `CleverTapLogOff` -1, `CleverTapLogInfo` 0, `CleverTapLogDebug` 1),
/// for `CleverTap.setDebugLevel(CleverTapLogLevel.debug.rawValue)`.
public enum CleverTapLogLevel: Int32, Sendable {
    case off = -1
    case info = 0
    case debug = 1
}

/// The part of CleverTap's SDK (CleverTap/clevertap-ios-sdk 7.x, module `CleverTapSDK`) that CleverTap's
/// samples call from a Notification Service Extension: `CleverTap.sharedInstance()?.recordNotificationViewedEvent(
/// withData: request.content.userInfo)` before `super.didReceive`.
///
/// The viewed event is sent as CleverTap sends it (`CleverTap.m` `_recordPushNotificationEvent`, `flushQueue`):
/// queued at once and flushed 1 s later (`CLTAP_PUSH_DELAY_SECONDS`), a POST of a JSON array (a header, then the
/// event "Notification Viewed" with the payload's `wzrk_` keys, `W$` ones renamed so, and `wzrk_cts`) with the
/// account's id and token in header fields, on a session with 10 s timeouts (`CLTAP_REQUEST_TIME_OUT_INTERVAL`).
/// Nothing waits for it: the content can be delivered before it is sent, and a phone that suspends the
/// extension first (`--wind-down`) never sends it. Here: `POST /metrics/a1` beside the media at CleverTap's
/// default key (else on the phone's API host), where the embedded server answers side calls, with synthetic credentials; the account's
/// region is taken as set, so no handshake (`GET /hello`) comes first.
///
/// Not here: `sharedInstance()` answers nil on a phone whose Info.plist lacks `CleverTapAccountID` and
/// `CleverTapToken`; here it always answers. One event a call, where CleverTap batches what a second queued.
/// The rest of the SDK that extensions call compiles: `setDebugLevel` and the credentials' setters do nothing
/// (the run's synthetic account stands); `recordEvent`, `profilePush` and `onUserLogin` send nothing, and the
/// run names such calls `not faithful:`.
///
/// `Sendable`: it holds nothing.
public final class CleverTap: Sendable {
    private static let shared = CleverTap()

    private init() {}

    /// The default instance.
    public class func sharedInstance() -> CleverTap? { shared }

    /// Sets CleverTap's log level: nothing is logged here.
    public class func setDebugLevel(_ level: Int32) {}

    /// Sets the default instance's account: the run's synthetic one is used.
    public class func setCredentialsWithAccountID(_ accountID: String, andToken token: String) {}

    /// Sets the default instance's account and region: the run's synthetic one is used.
    public class func setCredentialsWithAccountID(_ accountID: String, token: String, region: String) {}

    /// Queues the "Notification Viewed" event of the push whose `userInfo` is `notificationData`, flushed 1 s later
    /// as tracked work of the calling phone.
    public func recordNotificationViewedEvent(withData notificationData: Any) {
        guard let phone = SimulatedPhone.current,
            let base = SideCall.on(Self.mediaURL(in: notificationData), path: "/metrics/a1"),
            var components = URLComponents(url: base, resolvingAgainstBaseURL: false)
        else { return }
        let now = Int(Date().timeIntervalSince1970)
        components.queryItems = [
            URLQueryItem(name: "os", value: "iOS"), URLQueryItem(name: "t", value: Self.version),
            URLQueryItem(name: "z", value: Self.accountID), URLQueryItem(name: "ts", value: String(now)),
        ]
        guard let url = components.url else { return }
        var post = URLRequest(url: url)
        post.httpMethod = "POST"
        post.setValue("application/json; charset=utf-8", forHTTPHeaderField: "Content-Type")
        post.setValue(Self.accountID, forHTTPHeaderField: "X-CleverTap-Account-Id")
        post.setValue(Self.token, forHTTPHeaderField: "X-CleverTap-Token")
        post.httpBody = Self.viewedEventBody(notificationData, at: now)
        let configuration = URLSessionConfiguration.default
        configuration.timeoutIntervalForRequest = 10
        configuration.timeoutIntervalForResource = 10
        // A failed event stays in CleverTap's queue for a next flush, which this process never makes.
        SideCall.send(post, on: URLSession(configuration: configuration), after: Self.flushDelaySeconds, for: phone)
    }

    /// Records an event: nothing is sent here (named `not faithful:` by the run).
    public func recordEvent(_ event: String) {}

    /// Records an event with properties: nothing is sent here (named `not faithful:` by the run).
    public func recordEvent(_ event: String, withProps properties: [AnyHashable: Any]) {}

    /// Pushes profile properties: nothing is sent here (named `not faithful:` by the run).
    public func profilePush(_ properties: [AnyHashable: Any]) {}

    /// Switches the user profile: nothing is sent here (named `not faithful:` by the run).
    public func onUserLogin(_ properties: [AnyHashable: Any]) {}

    /// Whether `payload` is CleverTap's: it has a `wzrk_` or `W$` key.
    public func isCleverTapNotification(_ payload: [AnyHashable: Any]) -> Bool {
        payload.keys.contains { ($0 as? String).map { $0.hasPrefix("wzrk_") || $0.hasPrefix("W$") } ?? false }
    }

    /// CleverTap's flush delay, `CLTAP_PUSH_DELAY_SECONDS`.
    static let flushDelaySeconds: TimeInterval = 1
    /// The SDK version the flush's query names.
    static let version = "70700"
    /// The synthetic account the flush names (an app's `CleverTapAccountID`, `CleverTapToken`).
    static let accountID = "TEST-RK4-W75-R87Z"
    static let token = "nse-bench-clevertap-token"

    /// The media's URL in a push's `userInfo` at CleverTap's default key, beside which the event goes.
    static func mediaURL(in notificationData: Any) -> URL? {
        ((notificationData as? [AnyHashable: Any])?[CTNotificationServiceExtension.defaultMediaURLKey] as? String)
            .flatMap(URL.init(string:))
    }

    /// The flush's JSON array: a header naming the account, then the viewed event with the push's CleverTap keys.
    static func viewedEventBody(_ notificationData: Any, at time: Int) -> Data {
        var data: [String: Any] = ["wzrk_cts": time]
        for (key, value) in notificationData as? [AnyHashable: Any] ?? [:] {
            guard let key = key as? String, key.hasPrefix("wzrk_") || key.hasPrefix("W$"),
                JSONSerialization.isValidJSONObject([key: value])
            else { continue }
            data[key.hasPrefix("W$") ? "wzrk_" + key.dropFirst(2) : key] = value
        }
        let header: [String: Any] = ["type": "meta", "id": accountID, "tk": token, "l_ts": time]
        let event: [String: Any] = ["type": "event", "evtName": "Notification Viewed", "evtData": data, "ep": time]
        // Checked as valid JSON above; an empty body would still be sent.
        return (try? JSONSerialization.data(withJSONObject: [header, event], options: [.sortedKeys])) ?? Data()
    }
}
