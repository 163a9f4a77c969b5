/// A way an extension broke the content handler's contract.
public enum Violation: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The content handler was called again after a call had been honoured.
    case doubleDelivery = "double_delivery"
    /// The content handler was first called after the invocation had finished without a delivery (after the
    /// grace period, a kill or a crash): iOS no longer listens.
    case lateDelivery = "late_delivery"
    /// The delivered content had no alert text, so iOS ignored it and showed the original.
    case alertTextRemoved = "alert_text_removed"

    /// The CSV name.
    public var description: String { rawValue }
}

/// How many times each ``Violation`` happened: per invocation, or summed over a run.
public struct Violations: Sendable, Hashable, Codable {
    /// Calls after a call had been honoured.
    public var doubleDelivery: Int
    /// First calls after the invocation had finished without a delivery.
    public var lateDelivery: Int
    /// Deliveries without alert text.
    public var alertTextRemoved: Int

    /// Counts, zero by default.
    public init(doubleDelivery: Int = 0, lateDelivery: Int = 0, alertTextRemoved: Int = 0) {
        self.doubleDelivery = doubleDelivery
        self.lateDelivery = lateDelivery
        self.alertTextRemoved = alertTextRemoved
    }

    /// The count of one kind.
    public subscript(violation: Violation) -> Int {
        switch violation {
        case .doubleDelivery: doubleDelivery
        case .lateDelivery: lateDelivery
        case .alertTextRemoved: alertTextRemoved
        }
    }

    /// All violations together.
    public var total: Int { doubleDelivery + lateDelivery + alertTextRemoved }

    /// Whether nothing was violated.
    public var isEmpty: Bool { total == 0 }

    /// Counts one more of `violation`.
    public mutating func record(_ violation: Violation) {
        switch violation {
        case .doubleDelivery: doubleDelivery += 1
        case .lateDelivery: lateDelivery += 1
        case .alertTextRemoved: alertTextRemoved += 1
        }
    }

    /// Adds another set of counts, to sum invocations into a run.
    public mutating func add(_ other: Violations) {
        doubleDelivery += other.doubleDelivery
        lateDelivery += other.lateDelivery
        alertTextRemoved += other.alertTextRemoved
    }
}
