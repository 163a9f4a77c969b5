// An app's extension that is Airship's, as Airship's documentation has apps write it: a subclass with
// nothing of its own. Airship reads the media from `com.urbanairship.media_attachment`, where the run's
// generated payloads put it, and on expiry shows the original notification.
import AirshipServiceExtension

class NotificationService: UANotificationServiceExtension {}
