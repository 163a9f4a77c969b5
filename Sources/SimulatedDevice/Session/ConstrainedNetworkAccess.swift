public import Foundation
public import FoundationNetworking
import Synchronization

/// `allowsConstrainedNetworkAccess`, as iOS 13 has it on `URLSessionConfiguration`: whether the session's
/// requests may use a constrained network (a phone in Low Data Mode). Default true, as on iOS; a request
/// of a session that sets it to false fails on a constrained phone with `URLError(.notConnectedToInternet)`
/// whose ``FoundationNetworking/URLError/networkUnavailableReason`` is `.constrained`.
///
/// FoundationNetworking lacks the property, and an extension cannot add storage to its class, so the
/// configurations set to false are kept in a table of weak references; a session reads the value when it
/// is created, as it copies its configuration then.
extension URLSessionConfiguration {
    /// Whether the session's requests may use a constrained network (Low Data Mode); default true.
    public var allowsConstrainedNetworkAccess: Bool {
        get { !ConstrainedNetworkRefusals.shared.contains(self) }
        set { ConstrainedNetworkRefusals.shared.set(self, refuses: !newValue) }
    }

    /// `allowsExpensiveNetworkAccess`, as iOS 13 has it: whether the session's requests may use an
    /// expensive network (cellular, a personal hotspot); default true. FoundationNetworking lacks it, and
    /// iOS code that sets it would not compile. A request of a session that sets it to false fails on a
    /// phone on cellular with `URLError(.notConnectedToInternet)` whose ``FoundationNetworking/URLError/networkUnavailableReason``
    /// is `.expensive` (`allowsCellularAccess` false gives `.cellular`).
    public var allowsExpensiveNetworkAccess: Bool {
        get { !ConstrainedNetworkRefusals.expensive.contains(self) }
        set { ConstrainedNetworkRefusals.expensive.set(self, refuses: !newValue) }
    }
}

extension URLError {
    /// Why the network was unavailable, as iOS's `URLError.NetworkUnavailableReason`.
    public enum NetworkUnavailableReason: Int, Sendable, Hashable {
        /// The request refused cellular access (`allowsCellularAccess`) and only cellular was there.
        case cellular = 0
        /// The request refused expensive networks and only an expensive one was there.
        case expensive = 1
        /// The request refused constrained networks (`allowsConstrainedNetworkAccess`) in Low Data Mode.
        case constrained = 2
    }

    /// The `userInfo` key iOS stores ``networkUnavailableReason`` under.
    public static let networkUnavailableReasonKey = "NSURLErrorNetworkUnavailableReasonKey"

    /// Why the network was unavailable, for a `.notConnectedToInternet` error that says; nil otherwise.
    public var networkUnavailableReason: NetworkUnavailableReason? {
        (userInfo[Self.networkUnavailableReasonKey] as? Int).flatMap(NetworkUnavailableReason.init(rawValue:))
    }
}

/// The configurations whose `allowsConstrainedNetworkAccess` (or, in ``expensive``,
/// `allowsExpensiveNetworkAccess`) is false, held weakly: a configuration
/// that is gone leaves only a dead entry, swept as the table grows. `Sendable` through its `Mutex`.
final class ConstrainedNetworkRefusals: Sendable {
    /// The configurations refusing constrained networks.
    static let shared = ConstrainedNetworkRefusals()
    /// The configurations refusing expensive networks (`allowsExpensiveNetworkAccess` false).
    static let expensive = ConstrainedNetworkRefusals()

    /// A weak reference; `@unchecked Sendable`: written once at init, read under the table's lock.
    private final class Entry: @unchecked Sendable {
        weak var configuration: URLSessionConfiguration?
        init(_ configuration: URLSessionConfiguration) { self.configuration = configuration }
    }

    private struct Table {
        var entries: [ObjectIdentifier: Entry] = [:]
        /// Sweep dead entries once the table holds this many.
        var sweepAt = 64
    }

    private let table = Mutex(Table())

    func contains(_ configuration: URLSessionConfiguration) -> Bool {
        table.withLock { $0.entries[ObjectIdentifier(configuration)]?.configuration === configuration }
    }

    func set(_ configuration: URLSessionConfiguration, refuses: Bool) {
        let key = ObjectIdentifier(configuration)
        table.withLock { table in
            guard refuses else {
                table.entries[key] = nil
                return
            }
            table.entries[key] = Entry(configuration)
            if table.entries.count >= table.sweepAt {
                table.entries = table.entries.filter { $0.value.configuration != nil }
                table.sweepAt = max(64, table.entries.count * 2)
            }
        }
    }
}
