// Apple's Combine on Linux, for the app modules an iOS extension shares (view models, stores) that
// `import Combine`: the commonly used subset, with Apple's names, signatures and semantics.
//
// Provided:
//   Core: Publisher, Subscriber, Subscription, Cancellable, AnyCancellable, CombineIdentifier,
//     Subscribers.Demand, Subscribers.Completion, Subscribers.Sink, Subscribers.Assign, AnySubscriber,
//     AnyPublisher, Subscriptions.empty, ConnectablePublisher (autoconnect).
//   Subjects: Subject, PassthroughSubject, CurrentValueSubject (thread-safe, demand honoured; a new
//     subscriber gets the current value before any value sent after it subscribed).
//   Observation: ObservableObject (the default objectWillChange), ObservableObjectPublisher, @Published,
//     assign(to: &$property).
//   Publishers: Just, Empty, Fail, Future, Deferred, Publishers.Sequence (`[1, 2].publisher`),
//     Result.Publisher, Optional.Publisher, Record (Record.Recording).
//   Operators: map, tryMap, compactMap, filter, tryFilter, removeDuplicates, scan, reduce, collect, count,
//     first, first(where:), last, dropFirst, drop(while:), prefix, prefix(while:), ignoreOutput, replaceNil,
//     replaceEmpty, replaceError, catch, mapError, setFailureType, flatMap, switchToLatest, MergeMany,
//     merge (Merge ... Merge8, `merge(with:)` with up to 7 others), combineLatest and zip with up to 3 others
//     (CombineLatest ... CombineLatest4, Zip ... Zip4, each with its `transform` overload), handleEvents,
//     receive(on:), subscribe(on:), debounce, throttle, delay, timeout(_:scheduler:options:customError:), prepend,
//     append, sink, assign(to:on:), values (AsyncPublisher, AsyncThrowingPublisher), decode(type:decoder:),
//     encode(encoder:) (TopLevelDecoder, TopLevelEncoder: JSON and property-list coders), retry,
//     assertNoFailure (stops the process on a failure, as Apple's), share,
//     print(_:to:), collect(_:), contains, contains(where:), allSatisfy, min, max, min(by:), max(by:),
//     output(at:), output(in:), last(where:).
//   Schedulers: Scheduler, SchedulerTimeIntervalConvertible, DispatchQueue, RunLoop, OperationQueue,
//     ImmediateScheduler. `RunLoop.main`'s work and timers run on the main queue (``MainRunLoop``).
//   Foundation: NotificationCenter.Publisher, Timer.TimerPublisher, URLSession's dataTaskPublisher (the
//     simulated phone's session, as a user's module names it `URLSession`).
//
// Not provided: multicast/makeConnectable, breakpoint, try* variants beyond tryMap and tryFilter,
// Publishers.MapKeyPath (`.map(\.name)` compiles, as a closure), KVO publishers, Record's Codable conformance,
// and Apple's operator specialisations (Just's and Sequence's operators return the generic Publishers types
// here).
//
// Where this differs from Apple's: operators that join several upstreams (merge, combineLatest, zip,
// flatMap, switchToLatest) request unlimited values from their upstreams and buffer what downstream has
// not yet demanded, rather than passing demand upstream; downstream still receives no more than it asked for.
// Timed operators (debounce, throttle, delay, timeout, Timer.publish) wait in real time on their schedulers:
// nse-bench's --time-scale does not shorten them, and its source scan names such calls `not faithful:`.

/// A namespace for the types that publishers return from operators, as Apple's.
public enum Publishers {}

/// A namespace for types that act as subscribers, as Apple's.
public enum Subscribers {}
