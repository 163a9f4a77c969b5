import Foundation
import FoundationNetworking
import Synchronization

extension TransferDriver {
    /// Sends `first` on `phone`'s network and follows the redirects its answers ask for, as URLSession
    /// does (``HTTPRedirect``); returns the last answer and the URL it answered. Each hop is a request of
    /// its own (the invocation's record counts it, and its download phase spans them all); a redirect's
    /// body is removed once the next request is decided. The session's delegate, if it has one, is
    /// asked before each hop and may rewrite the request or keep the redirect as the task's response.
    /// The resource timeout covers the whole chain but for the time its requests waited inside the
    /// harness (as a single request's does); the request timeout applies to each hop.
    func load(
        _ first: PhoneRequest, following task: URLSessionTask, on phone: SimulatedPhone
    ) async -> (PhoneResponse, URL) {
        var sent = first
        var current = request
        let start = first.resourceTimeout == nil ? 0 : phone.network.now()
        var harnessWait: UInt64 = 0
        var followed = 0
        while true {
            let response = await phone.network.load(sent)
            harnessWait &+= response.harnessWait
            guard let redirect = response.redirect(from: sent) else { return (response, sent.url) }
            guard followed < HTTPRedirect.limit else {
                discardBody(of: response, on: phone)
                let reason =
                    "too many HTTP redirects: \(HTTPRedirect.limit) followed from \(first.url.absoluteString), and "
                    + "\(sent.url.absoluteString) asked for another"
                return (failed(.tooManyRedirects(reason), after: sent, on: phone), sent.url)
            }
            var next = redirect.request(from: sent)
            var nextRequest = redirect.request(from: current)
            if let question = redirects?.question {
                guard let asked = completion(from: response, url: sent.url).response else {
                    return (response, sent.url)
                }
                switch await ask(question, task: task, response: asked, proposed: nextRequest, on: phone) {
                case .keep: return (response, sent.url)  // the redirect is the task's response
                case .cancelled:
                    discardBody(of: response, on: phone)
                    return (failed(.cancelled, after: sent, on: phone), sent.url)
                case .follow(let answer):
                    // Made again from what the delegate gave, which may differ in any field (URLRequest's
                    // `==` on Linux does not compare header fields); an upload's body, which the request
                    // does not hold, goes with it when the method stays.
                    if let prepare = redirects?.prepare {
                        var answered = prepare(answer)
                        if answer.httpBody == nil, answered.method == next.method { answered.body = next.body }
                        answered.redirectedFrom = next.redirectedFrom
                        next = answered
                    }
                    nextRequest = answer
                }
            }
            discardBody(of: response, on: phone)
            if let limit = first.resourceTimeout {
                let wall = phone.network.now() &- start
                let elapsed = wall - min(harnessWait, wall)
                guard elapsed < limit else {
                    let reason =
                        "the resource timeout (\(limit / 1_000_000) ms on the run's clock) passed while following "
                        + "redirects from \(first.url.absoluteString)"
                    return (failed(.timedOut(reason), after: sent, on: phone), sent.url)
                }
                next.resourceTimeout = limit - elapsed
            }
            followed += 1
            redirected(to: nextRequest)
            sent = next
            current = nextRequest
        }
    }

    /// The task's failure where no request failed, told to the host for the record.
    private func failed(
        _ failure: PhoneNetworkFailure, after request: PhoneRequest, on phone: SimulatedPhone
    ) -> PhoneResponse {
        phone.network.taskFailed(failure, after: request)
        return PhoneResponse(status: 0, failure: failure)
    }

    /// Removes a redirect's body, which no one reads.
    private func discardBody(of response: PhoneResponse, on phone: SimulatedPhone) {
        if let file = response.fileURL { phone.network.removeBody(file) }
    }

    /// What a delegate asked about a redirect decided.
    enum RedirectDecision: Sendable {
        /// Send this request next.
        case follow(URLRequest)
        /// End the task with the redirect's own response.
        case keep
        /// The transfer was cancelled before the delegate answered.
        case cancelled
    }

    /// Asks `question` on the delegate queue, with the phone bound, unless the transfer is cancelled
    /// first.
    private func ask(
        _ question: @escaping RedirectQuestion, task: URLSessionTask, response: HTTPURLResponse,
        proposed: URLRequest, on phone: SimulatedPhone
    ) async -> RedirectDecision {
        let answer = RedirectAnswer()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<RedirectDecision, Never>) in
                answer.await(continuation)
                callbacks.run {
                    guard answer.isOpen else { return }  // cancelled before the delegate's turn came
                    phone.bind { question(task, response, proposed) { answer.give($0.map { .follow($0) } ?? .keep) } }
                }
            }
        } onCancel: {
            answer.give(.cancelled)
        }
    }
}

/// The delegate's answer to one redirect question, taken once: a second call of its completion handler,
/// or one after the transfer was cancelled, is ignored (URLSession's would crash the process).
private final class RedirectAnswer: Sendable {
    private enum State {
        case waiting(CheckedContinuation<TransferDriver.RedirectDecision, Never>?)
        case answered(TransferDriver.RedirectDecision)
        case done
    }

    private let state = Mutex(State.waiting(nil))

    /// Whether no answer has come yet.
    var isOpen: Bool {
        state.withLock { state in
            if case .waiting = state { return true }
            return false
        }
    }

    /// Resumes `continuation` with the answer: at once when it came already.
    func await(_ continuation: CheckedContinuation<TransferDriver.RedirectDecision, Never>) {
        let early = state.withLock { state -> TransferDriver.RedirectDecision? in
            guard case .answered(let decision) = state else {
                state = .waiting(continuation)
                return nil
            }
            state = .done
            return decision
        }
        if let early { continuation.resume(returning: early) }
    }

    /// Gives the answer; only the first counts.
    func give(_ decision: TransferDriver.RedirectDecision) {
        let waiting = state.withLock { state -> CheckedContinuation<TransferDriver.RedirectDecision, Never>? in
            switch state {
            case .waiting(let continuation?):
                state = .done
                return continuation
            case .waiting(nil):
                state = .answered(decision)
                return nil
            case .answered, .done:
                return nil
            }
        }
        waiting?.resume(returning: decision)
    }
}
