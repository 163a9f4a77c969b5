import Foundation
import FoundationNetworking
import Synchronization

extension TransferDriver {
    /// Sends `first` on `phone`'s network and follows the redirects its answers ask for, as URLSession
    /// does (``HTTPRedirect``); returns the last answer and the URL it answered. Each hop is a request of
    /// its own (the invocation's record counts it, and its download phase spans them all); a redirect's
    /// body is removed once the next request is decided. The session's delegate, if it has one, is
    /// asked before each hop and may rewrite the request or keep the redirect as the task's response.
    /// The resource timeout covers the whole chain; the request timeout applies to each hop.
    func load(
        _ first: PhoneRequest, following task: URLSessionTask, on phone: SimulatedPhone
    ) async -> (PhoneResponse, URL) {
        var sent = first
        var current = request
        let start = first.resourceTimeout == nil ? 0 : phone.network.now()
        var followed = 0
        while true {
            let response = await phone.network.load(sent)
            let location = HTTPRedirect.location(in: response.headerFields)
            guard response.failure == nil,
                let redirect = HTTPRedirect(
                    status: response.status, location: location, from: sent.url, method: sent.method)
            else { return (response, sent.url) }
            guard followed < HTTPRedirect.limit else {
                discardBody(of: response, on: phone)
                let reason =
                    "too many HTTP redirects: \(HTTPRedirect.limit) followed from \(first.url.absoluteString), and "
                    + "\(sent.url.absoluteString) asked for another"
                return (PhoneResponse(status: 0, failure: .tooManyRedirects(reason)), sent.url)
            }
            var next = redirect.request(from: sent)
            var nextRequest = redirect.request(from: current)
            if let question = redirects?.question {
                let asked = completion(from: response, url: sent.url).response
                guard let asked,
                    let answer = await ask(question, task: task, response: asked, proposed: nextRequest, on: phone)
                else { return (response, sent.url) }  // kept: the redirect is the task's response
                // Made again from what the delegate gave, which may differ in any field (URLRequest's `==`
                // on Linux does not compare header fields); an upload's body, which the request does not
                // hold, goes with it when the method stays.
                if let prepare = redirects?.prepare {
                    var answered = prepare(answer)
                    if answer.httpBody == nil, answered.method == next.method { answered.body = next.body }
                    next = answered
                }
                nextRequest = answer
            }
            discardBody(of: response, on: phone)
            if let limit = first.resourceTimeout {
                let elapsed = phone.network.now() &- start
                guard elapsed < limit else {
                    let reason =
                        "the resource timeout (\(limit / 1_000_000) ms on the run's clock) passed while following "
                        + "redirects from \(first.url.absoluteString)"
                    return (PhoneResponse(status: 0, failure: .timedOut(reason)), sent.url)
                }
                next.resourceTimeout = limit - elapsed
            }
            followed += 1
            redirected(to: nextRequest)
            sent = next
            current = nextRequest
        }
    }

    /// Removes a redirect's body, which no one reads.
    private func discardBody(of response: PhoneResponse, on phone: SimulatedPhone) {
        if let file = response.fileURL { phone.network.removeBody(file) }
    }

    /// Asks `question` on the delegate queue, with the phone bound; nil when the delegate keeps the
    /// redirect, or when the transfer is cancelled while it is asked.
    private func ask(
        _ question: @escaping RedirectQuestion, task: URLSessionTask, response: HTTPURLResponse,
        proposed: URLRequest, on phone: SimulatedPhone
    ) async -> URLRequest? {
        let answer = RedirectAnswer()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<URLRequest?, Never>) in
                answer.await(continuation)
                callbacks.run {
                    phone.bind { question(task, response, proposed) { answer.give($0) } }
                }
            }
        } onCancel: {
            answer.give(nil)
        }
    }
}

/// The delegate's answer to one redirect question, taken once: a second call of its completion handler,
/// or one after the transfer was cancelled, is ignored (URLSession's would crash the process).
private final class RedirectAnswer: Sendable {
    private enum State {
        case waiting(CheckedContinuation<URLRequest?, Never>?)
        case answered(URLRequest?)
        case done
    }

    private let state = Mutex(State.waiting(nil))

    /// Resumes `continuation` with the answer: at once when it came already.
    func await(_ continuation: CheckedContinuation<URLRequest?, Never>) {
        let early = state.withLock { state -> URLRequest?? in
            guard case .answered(let request) = state else {
                state = .waiting(continuation)
                return nil
            }
            state = .done
            return .some(request)
        }
        if let early { continuation.resume(returning: early) }
    }

    /// Gives the answer; only the first counts.
    func give(_ request: URLRequest?) {
        let waiting = state.withLock { state -> CheckedContinuation<URLRequest?, Never>? in
            switch state {
            case .waiting(let continuation?):
                state = .done
                return continuation
            case .waiting(nil):
                state = .answered(request)
                return nil
            case .answered, .done:
                return nil
            }
        }
        waiting?.resume(returning: request)
    }
}
