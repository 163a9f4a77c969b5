// WidgetKit on Linux, as far as a Notification Service Extension reaches it: an extension that refreshes
// its app's widgets when a push arrives (`WidgetCenter.shared.reloadAllTimelines()`). The calls complete at
// once: the app's widgets and the system's timeline reloads are not simulated, and the run names each call
// `not faithful:`.
@_exported public import Foundation

/// The sizes a widget comes in, as WidgetKit's.
public enum WidgetFamily: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case systemSmall, systemMedium, systemLarge, systemExtraLarge, accessoryCircular, accessoryRectangular,
        accessoryInline

    public var description: String {
        switch self {
        case .systemSmall: "systemSmall"
        case .systemMedium: "systemMedium"
        case .systemLarge: "systemLarge"
        case .systemExtraLarge: "systemExtraLarge"
        case .accessoryCircular: "accessoryCircular"
        case .accessoryRectangular: "accessoryRectangular"
        case .accessoryInline: "accessoryInline"
        }
    }
}

/// A widget the user placed: its kind and family.
public struct WidgetInfo: Sendable, Hashable {
    /// The widget's kind, as its configuration names it.
    public let kind: String
    /// Its size.
    public let family: WidgetFamily
}

/// The app's widgets, as WidgetKit's center: reloads complete at once, and no widget is placed (the
/// configurations are empty), as on a phone whose user added none.
public final class WidgetCenter: Sendable {
    /// The one center.
    public static let shared = WidgetCenter()

    private init() {}

    /// Asks the system to reload every widget's timeline: completes at once.
    public func reloadAllTimelines() {}

    /// Asks the system to reload the timelines of widgets of `kind`: completes at once.
    public func reloadTimelines(ofKind kind: String) {}

    /// Asks the system to rebuild its widget recommendations: completes at once.
    public func invalidateConfigurationRecommendations() {}

    /// The widgets the user placed: none. `@preconcurrency`, as Apple's: a Swift 6 caller's closure that
    /// captures what is not `Sendable` compiles with a warning, not an error.
    @preconcurrency
    public func getCurrentConfigurations(
        _ completion: @escaping @Sendable (Result<[WidgetInfo], any Error>) -> Void
    ) {
        completion(.success([]))
    }

    /// The widgets the user placed: none.
    public func currentConfigurations() async throws -> [WidgetInfo] { [] }
}
