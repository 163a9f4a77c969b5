/// A data delegate's answer to `didReceive response` that has not come: what a `cancel()` of its task does
/// meanwhile (answers `.cancel` for it, through the delegate queue).
///
/// Held by the completion handler the delegate was given; the task's driver holds it weakly, so a delegate
/// that drops that handler unanswered keeps nothing alive through it (its task, session and phone are let
/// go once no one else holds them).
final class PendingAnswer: Sendable {
    /// Ends the task as a `.cancel` answer would.
    let cancel: @Sendable () -> Void

    init(cancel: @escaping @Sendable () -> Void) { self.cancel = cancel }
}
