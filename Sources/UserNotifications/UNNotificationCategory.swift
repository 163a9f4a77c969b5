public import Foundation

/// What an action does when chosen, as UserNotifications' options.
public struct UNNotificationActionOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt

    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Only on an unlocked device.
    public static let authenticationRequired = UNNotificationActionOptions(rawValue: 1 << 0)
    /// Shown as destructive.
    public static let destructive = UNNotificationActionOptions(rawValue: 1 << 1)
    /// Opens the app.
    public static let foreground = UNNotificationActionOptions(rawValue: 1 << 2)
}

/// How a category's notifications are handled, as UserNotifications' options.
public struct UNNotificationCategoryOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt

    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The app hears of a dismissal.
    public static let customDismissAction = UNNotificationCategoryOptions(rawValue: 1 << 0)
    /// Shown in CarPlay.
    public static let allowInCarPlay = UNNotificationCategoryOptions(rawValue: 1 << 1)
    /// The title shows when previews are hidden.
    public static let hiddenPreviewsShowTitle = UNNotificationCategoryOptions(rawValue: 1 << 2)
    /// The subtitle shows when previews are hidden.
    public static let hiddenPreviewsShowSubtitle = UNNotificationCategoryOptions(rawValue: 1 << 3)
    /// Siri may announce it.
    public static let allowAnnouncement = UNNotificationCategoryOptions(rawValue: 1 << 4)
}

/// An action's icon (iOS 15): an SF Symbol's or a template image's name. Nothing is drawn here.
open class UNNotificationActionIcon: NSObject, @unchecked Sendable {
    // @unchecked: immutable, its one stored property a `let` String.

    /// The image's name.
    public let name: String

    /// An icon of the SF Symbol `systemImageName`.
    public init(systemImageName: String) { name = systemImageName }

    /// An icon of the template image `templateImageName` in the app's bundle.
    public init(templateImageName: String) { name = templateImageName }
}

/// A button on a notification, as UserNotifications' action: kept with its category, not shown here.
open class UNNotificationAction: NSObject, NSCopying, @unchecked Sendable {
    // @unchecked: immutable, every stored property a `let` of a Sendable type (the class is open, as Apple's).

    /// What the app hears when it is chosen.
    public let identifier: String
    /// The button's title.
    public let title: String
    /// What it does when chosen.
    public let options: UNNotificationActionOptions
    /// Its icon, if any.
    public let icon: UNNotificationActionIcon?

    /// An action.
    public init(identifier: String, title: String, options: UNNotificationActionOptions = []) {
        (self.identifier, self.title, self.options, self.icon) = (identifier, title, options, nil)
    }

    /// An action with an icon (iOS 15).
    public init(
        identifier: String, title: String, options: UNNotificationActionOptions = [], icon: UNNotificationActionIcon?
    ) {
        (self.identifier, self.title, self.options, self.icon) = (identifier, title, options, icon)
    }

    /// The action itself: it is immutable.
    open func copy(with zone: NSZone? = nil) -> Any { self }
}

/// An action whose button opens a text field (a reply), as UserNotifications' action.
open class UNTextInputNotificationAction: UNNotificationAction, @unchecked Sendable {
    // @unchecked: as its superclass, with two more `let` Strings.

    /// The send button's title.
    public let textInputButtonTitle: String
    /// The field's placeholder.
    public let textInputPlaceholder: String

    /// A text input action.
    public init(
        identifier: String, title: String, options: UNNotificationActionOptions = [], textInputButtonTitle: String,
        textInputPlaceholder: String
    ) {
        (self.textInputButtonTitle, self.textInputPlaceholder) = (textInputButtonTitle, textInputPlaceholder)
        super.init(identifier: identifier, title: title, options: options)
    }

    /// A text input action with an icon (iOS 15).
    public init(
        identifier: String, title: String, options: UNNotificationActionOptions = [], icon: UNNotificationActionIcon?,
        textInputButtonTitle: String, textInputPlaceholder: String
    ) {
        (self.textInputButtonTitle, self.textInputPlaceholder) = (textInputButtonTitle, textInputPlaceholder)
        super.init(identifier: identifier, title: title, options: options, icon: icon)
    }
}

/// A kind of notification and its actions, as UserNotifications' category: kept by the notification
/// center (``UNUserNotificationCenter/setNotificationCategories(_:)``), not shown here.
open class UNNotificationCategory: NSObject, NSCopying, @unchecked Sendable {
    // @unchecked: immutable, every stored property a `let` of a Sendable type (the class is open, as Apple's).

    /// The identifier a notification's `categoryIdentifier` names.
    public let identifier: String
    /// Its actions, in order.
    public let actions: [UNNotificationAction]
    /// Siri intents it handles.
    public let intentIdentifiers: [String]
    /// How its notifications are handled.
    public let options: UNNotificationCategoryOptions
    /// The body shown when previews are hidden.
    public let hiddenPreviewsBodyPlaceholder: String
    /// The summary of a group of its notifications.
    public let categorySummaryFormat: String

    /// A category.
    public init(
        identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
        options: UNNotificationCategoryOptions = []
    ) {
        (self.identifier, self.actions, self.intentIdentifiers, self.options) =
            (identifier, actions, intentIdentifiers, options)
        (hiddenPreviewsBodyPlaceholder, categorySummaryFormat) = ("", "")
    }

    /// A category with a placeholder for hidden previews.
    public init(
        identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
        hiddenPreviewsBodyPlaceholder: String, options: UNNotificationCategoryOptions = []
    ) {
        (self.identifier, self.actions, self.intentIdentifiers, self.options) =
            (identifier, actions, intentIdentifiers, options)
        (self.hiddenPreviewsBodyPlaceholder, categorySummaryFormat) = (hiddenPreviewsBodyPlaceholder, "")
    }

    /// A category with a placeholder for hidden previews and a summary format.
    public init(
        identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
        hiddenPreviewsBodyPlaceholder: String?, categorySummaryFormat: String?,
        options: UNNotificationCategoryOptions = []
    ) {
        (self.identifier, self.actions, self.intentIdentifiers, self.options) =
            (identifier, actions, intentIdentifiers, options)
        self.hiddenPreviewsBodyPlaceholder = hiddenPreviewsBodyPlaceholder ?? ""
        self.categorySummaryFormat = categorySummaryFormat ?? ""
    }

    /// The category itself: it is immutable.
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// Equal when their identifiers are, as a `Set` of categories keeps one of each.
    open override func isEqual(_ object: Any?) -> Bool {
        (object as? UNNotificationCategory)?.identifier == identifier
    }

    open override var hash: Int { identifier.hashValue }
}
