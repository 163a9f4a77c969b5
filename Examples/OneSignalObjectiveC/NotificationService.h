//
//  NotificationService.h
//  OneSignalObjectiveC: an Objective-C extension as OneSignal's Objective-C guide writes it.
//

#import <UserNotifications/UserNotifications.h>

@interface NotificationService : UNNotificationServiceExtension

@end
