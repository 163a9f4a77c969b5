// Apple's UserNotifications API for Notification Service Extensions, on Linux.
