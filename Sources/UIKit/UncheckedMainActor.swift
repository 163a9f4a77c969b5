/// Runs main-actor code on the calling thread without checking which thread that is: the one way a layer
/// (Core Animation's, not isolated) reaches its view (UIKit's, `@MainActor`).
///
/// Why unchecked: Swift 5 mode extension code makes and lays out views on any thread (UIKit's
/// `@preconcurrency` isolation lets it compile, as iOS's SDK does), and iOS runs it. A checked hop
/// (`MainActor.assumeIsolated`) would stop such code where iOS runs it; an asynchronous one would lay out
/// after the caller expects. The views' state is the caller's to keep on one thread at a time, as on iOS.
enum UncheckedMainActor {
    /// Runs `body` now, on this thread.
    static func run(_ body: @MainActor () -> Void) {
        withoutActuallyEscaping(body) { escapable in
            // A main-actor function and a plain one have the same representation; only the static check
            // differs.
            unsafeBitCast(escapable, to: (() -> Void).self)()
        }
    }
}
