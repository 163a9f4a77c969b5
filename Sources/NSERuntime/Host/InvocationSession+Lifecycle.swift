import NSEBenchCore

extension InvocationSession {
    /// Turns a lifecycle action into state changes and effects.
    ///
    /// - Parameter processEnds: whether the event that produced `action` ends the process (a kill, a crash,
    ///   a budget spent before the start): a finish then completes at once, with no wind-down.
    func apply(
        _ action: InvocationLifecycle.Action, processEnds: Bool, _ now: UInt64, _ state: inout State
    ) -> [Effect] {
        switch action {
        case .none:
            return []
        case .callDidReceive:
            return [.callDidReceive]
        case .recordViolation(let violation):
            return [event(.violation(violation), at: now)]
        case .deliver(let outcome):
            state.deadlineTimer?.cancel()
            state.deadlineTimer = nil
            return traceOutcome(outcome, now, &state) + afterOutcomeFixed(now, &state)
        case .callServiceExtensionTimeWillExpire(let graceEndsAt):
            state.graceTimer = environment.timers.schedule(at: Nanoseconds.count(graceEndsAt)) { [self] in
                graceFired()
            }
            guard state.didReceiveEntered, let instance = state.instance else {
                state.expiryDeferred = true
                return []
            }
            return [event(.expiryCalled, at: now), .callExpiry(instance)]
        case .finish(let outcome, let timer):
            cancel(timer, &state)
            let effects = traceOutcome(outcome, now, &state)
            if processEnds || state.workReturned { return effects + complete(now, &state) }
            return effects + startWindDown(now, &state)
        }
    }

    /// After an honoured delivery: finish now if the work has already returned (a handler called later from
    /// the extension's own queue), otherwise give the work its wind-down.
    private func afterOutcomeFixed(_ now: UInt64, _ state: inout State) -> [Effect] {
        guard state.workReturned else { return startWindDown(now, &state) }
        return apply(state.lifecycle.extensionReturned(at: Nanoseconds.duration(now)), processEnds: false, now, &state)
    }

    /// `didReceive` or a tracked task returned: if that was the last of the work, the lifecycle hears it, and
    /// an invocation whose outcome was already final completes.
    func workMaybeReturned(_ now: UInt64, _ state: inout State) -> [Effect] {
        guard !state.isComplete, state.workReturned else { return [] }
        if state.lifecycle.isFinished { return complete(now, &state) }
        return apply(state.lifecycle.extensionReturned(at: Nanoseconds.duration(now)), processEnds: false, now, &state)
    }

    private func startWindDown(_ now: UInt64, _ state: inout State) -> [Effect] {
        guard state.windDownTimer == nil else { return [] }
        guard settings.windDown > 0 else { return endWindDown(now, &state) }
        let (end, overflow) = now.addingReportingOverflow(settings.windDown)
        state.windDownTimer = environment.timers.schedule(at: overflow ? .max : end) { [self] in windDownFired() }
        return []
    }

    /// The wind-down is over: the process is treated as suspended, its remaining work abandoned.
    func endWindDown(_ now: UInt64, _ state: inout State) -> [Effect] {
        var effects: [Effect] = []
        if !state.lifecycle.isFinished {
            // Delivered, work still running: the system has the content and stops listening.
            _ = state.lifecycle.extensionReturned(at: Nanoseconds.duration(now))
        }
        if !state.workReturned {
            state.workAbandoned = true
            effects.append(event(.workAbandoned, at: now))
        }
        return effects + complete(now, &state)
    }

    /// Ends the invocation: cancels its timers and work, drops the extension and hands out the record.
    func complete(_ now: UInt64, _ state: inout State) -> [Effect] {
        guard !state.isComplete else { return [] }
        state.isComplete = true
        for timer in [state.deadlineTimer, state.graceTimer, state.windDownTimer, state.coldStartTimer] {
            timer?.cancel()
        }
        state.coldStartTimer = nil
        state.deadlineTimer = nil
        state.graceTimer = nil
        state.windDownTimer = nil
        let tasks = state.work.removeAll()
        let record = makeRecord(now, state)
        let completion = state.completion
        let files = state.context?.temporaryFilePaths ?? []
        let container = state.phone?.container
        state.completion = nil
        state.instance = nil
        state.phone = nil
        state.context = nil
        return [.cancel(tasks), .removeTemporaryFiles(files)] + (container.map { [.removeContainer($0)] } ?? []) + [
            event(.completed(record.outcome), at: now), .complete(record, completion),
        ]
    }

    private func traceOutcome(_ outcome: InvocationOutcome, _ now: UInt64, _ state: inout State) -> [Effect] {
        guard !state.outcomeTraced else { return [] }
        state.outcomeTraced = true
        return [event(.outcomeFixed(outcome), at: now)]
    }

    private func cancel(_ timer: InvocationLifecycle.TimerKind?, _ state: inout State) {
        switch timer {
        case .deadline:
            state.deadlineTimer?.cancel()
            state.deadlineTimer = nil
        case .grace:
            state.graceTimer?.cancel()
            state.graceTimer = nil
        case nil:
            break
        }
    }
}
