import Foundation
import SimulatedDevice
import UserNotifications

extension InvocationSession {
    /// Performs effects collected under the lock, in order.
    ///
    /// - Parameter callingHere: whether this thread may make a never-blocking extension's calls itself:
    ///   true where the invocation's own work runs (its start, its extension's call), false on a timer's
    ///   thread, whose calls go to the invocation's executor (``ExtensionCalls``).
    func perform(_ effects: [Effect], callingHere: Bool = false) {
        for effect in effects {
            switch effect {
            case .callDidReceive:
                calls.run(for: input.extensionFactory, here: callingHere, executor: workExecutor) { [self] in
                    runDidReceive()
                }
            case .callExpiry(let reference):
                let phone = state.withLock { $0.phone }
                calls.run(for: input.extensionFactory, here: callingHere, executor: workExecutor) {
                    let call = { reference.instance.serviceExtensionTimeWillExpire() }
                    if let phone { phone.bind(call) } else { call() }
                }
            case .cancel(let tasks):
                for task in tasks { task.cancel() }
            case .removeTemporaryFiles(let files):
                // A file that cannot be removed goes with the run's directory: nothing depends on it.
                _ = temporaryFiles.remove(files)
            case .removeContainer(let container):
                // Likewise: what cannot be removed goes with the run's directory.
                container.remove()
            case .trace(let event):
                environment.trace?(event)
            case .complete(let record, let completion):
                completion?(record)
            }
        }
    }

    /// Where the extension's calls run (``ExtensionCalls``): creates the extension, hands a host-aware
    /// one its context, and calls `didReceive`, and the deferred expiry call if the deadline came first.
    private func runDidReceive() {
        guard let context = state.withLock({ $0.isComplete ? nil : $0.context }) else { return }
        // The phone a user's extension sees: its URLSession requests, App Group container, keychain and own
        // container. None for a built-in that reaches the network through its context alone.
        let phone =
            input.extensionFactory.usesPhone
            ? SimulatedPhone(
                network: InvocationNetwork(context: context),
                appGroupContainer: environment.sharedContainer?.directory, timeScale: settings.timeScale,
                invocationID: input.id, marker: environment.threadMarker, callbackThreads: calls,
                keychain: environment.keychain, container: temporaryFiles.container(invocation: input.id),
                apiHost: input.apiHost) : nil
        // Made on its phone: what its initializer and stored properties ask for (`let folder =
        // FileManager.default.temporaryDirectory`, a session) is that phone's, and a crash there is its own.
        let factory = input.extensionFactory
        var made: UNNotificationServiceExtension?
        if let phone { phone.bind { made = factory.make() } }
        let instance = made ?? factory.make()
        if let hostAware = instance as? any HostAwareExtension {
            hostAware.invocationContext = context
        }
        let reference = ExtensionReference(instance: instance)
        let entry = state.withLock { state -> (proceed: Bool, expiry: Bool, now: UInt64) in
            guard !state.isComplete else { return (false, false, 0) }
            state.instance = reference
            state.phone = phone
            state.didReceiveEntered = true
            defer { state.expiryDeferred = false }
            return (true, state.expiryDeferred, clock.now())
        }
        guard entry.proceed else { return }
        let expiry: [Effect] = entry.expiry ? [event(.expiryCalled, at: entry.now), .callExpiry(reference)] : []
        // A user's extension's expiry call goes to another thread now (its didReceive may block); a
        // built-in's is made on this thread, so after its didReceive, which it never precedes on a phone.
        let expiryFirst = input.extensionFactory.callsMayBlock
        perform([event(.didReceiveCalled, at: entry.now)] + (expiryFirst ? expiry : []), callingHere: true)
        // A local function, not a closure in a `let`: that one would escape, a heap context per invocation.
        func callDidReceive() { instance.didReceive(request) { [self] content in handlerCalled(content) } }
        if let phone { phone.bind(callDidReceive) } else { callDidReceive() }
        if !expiryFirst { perform(expiry, callingHere: true) }
        didReceiveReturned()
    }
}
