/// Intents' framework imports UserNotifications' headers (its communication intents provide notification
/// content, `UNNotificationContentProviding`), and a framework's Clang module exports what it imports, so on
/// iOS an extension importing only Intents names `UNNotificationServiceExtension`. The stand-in does the
/// same (Expensify's extension, which imports Intents and Airship's module, compiles unchanged).
@_exported public import UserNotifications
