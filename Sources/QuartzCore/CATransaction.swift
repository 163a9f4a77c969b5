public import Foundation

/// Core Animation's transactions: the values of the innermost one begun on this thread (animation duration
/// 0.25 s, timing function, disabled actions, completion block, values by key), as Core Animation keeps them a
/// thread. Nothing animates here, so a transaction's completion block runs when it commits (Core Animation
/// runs it once the transaction's animations finish, at once when it has none); one set outside any
/// begun transaction runs at once.
public final class CATransaction: NSObject {
    /// One transaction's values.
    private final class Frame {
        var values: [String: Any] = [:]
        var completion: (() -> Void)?
    }

    private static let stackKey = "nse-bench.CATransaction.stack"

    /// This thread's transactions, outermost first.
    private static var stack: [Frame] {
        get { Thread.current.threadDictionary[stackKey] as? [Frame] ?? [] }
        set { Thread.current.threadDictionary[stackKey] = newValue }
    }

    private static let durationKey = "animationDuration"
    private static let timingKey = "animationTimingFunction"
    private static let disableKey = "disableActions"

    /// Begins a transaction, nested in the one open on this thread.
    public class func begin() { stack.append(Frame()) }

    /// Commits the innermost transaction, running its completion block; nothing when none is open.
    public class func commit() {
        guard let frame = stack.popLast() else { return }
        frame.completion?()
    }

    /// Commits what is pending: nothing is, here.
    public class func flush() {}

    /// Takes Core Animation's lock (a no-op: each thread's transactions are its own).
    public class func lock() {}

    /// Gives Core Animation's lock back.
    public class func unlock() {}

    /// The value of `key` in the innermost transaction that set it.
    public class func value(forKey key: String) -> Any? {
        stack.reversed().lazy.compactMap { $0.values[key] }.first
    }

    /// Sets `key` in the innermost transaction (nothing outside one).
    public class func setValue(_ anObject: Any?, forKey key: String) {
        stack.last?.values[key] = anObject
    }

    /// How long animations of this transaction last: 0.25 s unless set.
    public class func animationDuration() -> CFTimeInterval { value(forKey: durationKey) as? CFTimeInterval ?? 0.25 }

    /// Sets the animations' duration.
    public class func setAnimationDuration(_ dur: CFTimeInterval) { setValue(dur, forKey: durationKey) }

    /// The animations' pacing, if set.
    public class func animationTimingFunction() -> CAMediaTimingFunction? {
        value(forKey: timingKey) as? CAMediaTimingFunction
    }

    /// Sets the animations' pacing.
    public class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        setValue(function, forKey: timingKey)
    }

    /// Whether implicit actions are off.
    public class func disableActions() -> Bool { value(forKey: disableKey) as? Bool ?? false }

    /// Turns implicit actions off or on.
    public class func setDisableActions(_ flag: Bool) { setValue(flag, forKey: disableKey) }

    /// The innermost transaction's completion block.
    public class func completionBlock() -> (() -> Void)? { stack.last?.completion }

    /// Sets the block run when the innermost transaction commits; outside any, it runs at once.
    public class func setCompletionBlock(_ block: (() -> Void)?) {
        guard let frame = stack.last else { return block?() ?? () }
        frame.completion = block
    }
}
