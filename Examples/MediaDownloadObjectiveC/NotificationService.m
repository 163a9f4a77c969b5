//
//  NotificationService.m
//  MediaDownloadObjectiveC: a rich-media Notification Service Extension as Objective-C apps write one.
//
//  Downloads `media_url` with NSURLSession's shared session, moves the temporary file to a name with the
//  URL's extension (a .tmp file is not an attachment), attaches it and delivers. On expiry it delivers
//  its best attempt: the text without the image.
//

#import "NotificationService.h"

@interface NotificationService ()

@property (nonatomic, strong) void (^contentHandler)(UNNotificationContent *contentToDeliver);
@property (nonatomic, strong) UNMutableNotificationContent *bestAttemptContent;

@end

@implementation NotificationService

- (void)didReceiveNotificationRequest:(UNNotificationRequest *)request withContentHandler:(void (^)(UNNotificationContent * _Nonnull))contentHandler {
    self.contentHandler = contentHandler;
    self.bestAttemptContent = [request.content mutableCopy];

    NSString *mediaURLString = request.content.userInfo[@"media_url"];
    NSURL *mediaURL = [NSURL URLWithString:mediaURLString];
    if (!mediaURL) {
        self.contentHandler(self.bestAttemptContent);
        return;
    }

    NSURLSession *session = [NSURLSession sharedSession];
    NSURLSessionDownloadTask *task = [session downloadTaskWithURL:mediaURL completionHandler:^(NSURL * _Nullable location, NSURLResponse * _Nullable response, NSError * _Nullable error) {
        if (error != nil || location == nil) {
            NSLog(@"media download failed");
            self.contentHandler(self.bestAttemptContent);
            return;
        }
        NSString *fileExtension = mediaURL.pathExtension;
        if (fileExtension.length == 0) {
            fileExtension = @"jpg";
        }
        NSString *fileName = [[NSUUID UUID].UUIDString stringByAppendingPathExtension:fileExtension];
        NSURL *fileURL = [NSURL fileURLWithPath:[NSTemporaryDirectory() stringByAppendingPathComponent:fileName]];

        NSError *moveError = nil;
        if (![[NSFileManager defaultManager] moveItemAtURL:location toURL:fileURL error:&moveError]) {
            NSLog(@"moving the download failed");
            self.contentHandler(self.bestAttemptContent);
            return;
        }
        UNNotificationAttachment *attachment = [UNNotificationAttachment attachmentWithIdentifier:@"media" URL:fileURL options:nil error:nil];
        if (attachment) {
            self.bestAttemptContent.attachments = @[attachment];
        }
        self.contentHandler(self.bestAttemptContent);
    }];
    [task resume];
}

- (void)serviceExtensionTimeWillExpire {
    // Called just before the extension will be terminated by the system.
    // Use this as an opportunity to deliver your "best attempt" at modified content, otherwise the original push payload will be used.
    self.contentHandler(self.bestAttemptContent);
}

@end
