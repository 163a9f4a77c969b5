import NSEBenchCore
import UserNotifications

extension InvocationSession {
    /// The extension called its content handler.
    ///
    /// The lifecycle decides whether the call is honoured. For an honoured call whose content is shown, the
    /// attachments move into the attachment store first, under the lock, so that a concurrent second call
    /// cannot overtake it; the ``Enrichments/attachment`` enrichment counts only files that made it.
    func handlerCalled(_ content: UNNotificationContent) {
        let snapshot = (content.copy() as? UNNotificationContent) ?? content
        let effects = state.withLock { state -> [Effect] in
            guard !state.isComplete else { return [] }
            let now = clock.now()
            let time = Nanoseconds.duration(now)
            var effects = [event(.handlerCalled, at: now)]
            if state.crashPending {
                state.crashPending = false
                state.injectedCrashStruck = true
                let action = state.lifecycle.crashed(at: time, reason: CrashInjection.reason)
                return effects + apply(action, processEnds: true, now, &state)
            }
            // Whether the call is honoured and shown does not depend on the enrichment: find out on a copy.
            var trial = state.lifecycle
            let shows = Self.showsContent(
                trial.contentDelivered(at: time, hasAlertText: snapshot.hasAlertText, enrichment: .nothingRequested))
            let stored = shows ? storeAttachments(of: snapshot, context: state.context) : []
            let delivered = inspector.delivered(
                title: snapshot.title, subtitle: snapshot.subtitle, body: snapshot.body,
                storedAttachments: stored.count)
            let action = state.lifecycle.contentDelivered(
                at: time, hasAlertText: snapshot.hasAlertText,
                enrichment: EnrichmentResult(requested: inspector.requested, delivered: delivered))
            if shows {
                state.shown = VisibleNotification(
                    kind: .partial, title: snapshot.title, subtitle: snapshot.subtitle, body: snapshot.body,
                    attachments: stored)
                state.deliverSpan = PhaseSpan(start: now, end: clock.now())
            }
            effects += apply(action, processEnds: false, now, &state)
            return effects
        }
        perform(effects)
    }

    /// Whether an action of an honoured call puts the extension's content on screen.
    private static func showsContent(_ action: InvocationLifecycle.Action) -> Bool {
        switch action {
        case .deliver(let outcome), .finish(let outcome, _):
            outcome == .enriched || outcome == .degraded || outcome == .expiredBestAttempt
        default:
            false
        }
    }

    /// Moves each attachment's file into the store; a file that cannot be moved is reported as an
    /// ``InvocationStage/attach`` error and left out, as iOS leaves out an attachment it cannot move.
    private func storeAttachments(of content: UNNotificationContent, context: InvocationContext?)
        -> [StoredAttachment]
    {
        var stored: [StoredAttachment] = []
        for attachment in content.attachments {
            do {
                stored.append(
                    try environment.attachmentStore.store(
                        path: attachment.path, invocation: input.id, identifier: attachment.identifier))
                // Gone from where the extension left it: an unlink at the end would find nothing (one
                // system call of 16 per invocation against a server that closes each connection).
                context?.temporaryFileTaken(attachment.path)
            } catch {
                measurements.recordError(.attach, error.description)
            }
        }
        return stored
    }
}

extension CrashInjection {
    /// The crash reason an injected crash records.
    static let reason = "injected crash"
}
