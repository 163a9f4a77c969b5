//
//  NotificationService.h
//  MediaDownloadObjectiveC
//

#import <UserNotifications/UserNotifications.h>

@interface NotificationService : UNNotificationServiceExtension

@end
