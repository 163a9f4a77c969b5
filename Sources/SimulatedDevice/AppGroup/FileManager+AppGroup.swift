public import Foundation

extension FileManager {
    /// The App Group shared container of the simulated phone running this code, as iOS's
    /// `containerURL(forSecurityApplicationGroupIdentifier:)` gives it; nil outside an invocation or
    /// when the run has no container. Every group identifier names the run's one container.
    public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? {
        SimulatedPhone.current?.appGroupContainer
    }
}
