import SDKProfiles

/// Objective-C extensions as Xcode's template and the push SDKs' Objective-C guides have apps write them.
enum ObjectiveCExamples {
    /// Xcode's Objective-C header for a Notification Service Extension.
    static let header = """
        //
        //  NotificationService.h
        //  NotificationService
        //

        #import <UserNotifications/UserNotifications.h>

        @interface NotificationService : UNNotificationServiceExtension

        @end
        """

    /// Xcode's Objective-C template's implementation, unchanged: `contentHandler` assigned on line 18,
    /// the title on line 22.
    static let template = """
        //
        //  NotificationService.m
        //  NotificationService
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
            
            // Modify the notification content here...
            self.bestAttemptContent.title = [NSString stringWithFormat:@"%@ [modified]", self.bestAttemptContent.title];
            
            self.contentHandler(self.bestAttemptContent);
        }

        - (void)serviceExtensionTimeWillExpire {
            // Called just before the extension will be terminated by the system.
            // Use this as an opportunity to deliver your "best attempt" at modified content, otherwise the original push payload will be used.
            self.contentHandler(self.bestAttemptContent);
        }

        @end
        """

    /// Xcode's template with `received` in place of its title and handler lines, and `expiring` in place of
    /// its expiry's; the `receivedRequest` property OneSignal's guide adds.
    static func template(importing imports: String, received: String, expiring: String) -> String {
        """
        \(imports)
        #import "NotificationService.h"

        @interface NotificationService ()

        @property (nonatomic, strong) void (^contentHandler)(UNNotificationContent *contentToDeliver);
        @property (nonatomic, strong) UNNotificationRequest *receivedRequest;
        @property (nonatomic, strong) UNMutableNotificationContent *bestAttemptContent;

        @end

        @implementation NotificationService

        - (void)didReceiveNotificationRequest:(UNNotificationRequest *)request
                           withContentHandler:(void (^)(UNNotificationContent * _Nonnull))contentHandler {
            self.receivedRequest = request;
            self.contentHandler = contentHandler;
            self.bestAttemptContent = [request.content mutableCopy];
            \(received)
        }

        - (void)serviceExtensionTimeWillExpire {
            \(expiring)
        }

        @end
        """
    }

    /// A header declaring `NotificationService` a subclass of `base`, importing `imports`.
    static func subclassHeader(of base: String, importing imports: String) -> String {
        """
        \(imports)

        NS_ASSUME_NONNULL_BEGIN

        @interface NotificationService : \(base)

        @property (nonatomic, strong) void (^contentHandler)(UNNotificationContent *contentToDeliver);
        @property (nonatomic, strong) UNMutableNotificationContent *bestAttemptContent;

        @end

        NS_ASSUME_NONNULL_END
        """
    }

    /// The extension's files (header and implementation) as each SDK's Objective-C guide writes them.
    static let guides: [SDKProfile: [String: String]] = [
        // OneSignal's guide before v5 (`OneSignal/OneSignal-iOS-SDK` documentation's Objective-C tab).
        .onesignal: [
            "NotificationService.h": header,
            "NotificationService.m": template(
                importing: "#import <OneSignal/OneSignal.h>",
                received: """
                    // NSLog(@"Running NotificationServiceExtension");
                    [OneSignal didReceiveNotificationExtensionRequest:self.receivedRequest
                                       withMutableNotificationContent:self.bestAttemptContent
                                                   withContentHandler:self.contentHandler];
                    """,
                expiring: """
                    [OneSignal serviceExtensionTimeWillExpireRequest:self.receivedRequest withMutableNotificationContent:self.bestAttemptContent];
                    self.contentHandler(self.bestAttemptContent);
                    """),
        ],
        // Firebase's guide ("Receive messages in an Apple app": the extension's `populateNotificationContent`).
        .firebase: [
            "NotificationService.h": header,
            "NotificationService.m": template(
                importing: "@import FirebaseMessaging;",
                received: """
                    [[FIRMessaging extensionHelper] populateNotificationContent:self.bestAttemptContent
                                                             withContentHandler:contentHandler];
                    """,
                expiring: "self.contentHandler(self.bestAttemptContent);"),
        ],
        // Notifee's guide (React Native's `NotifeeExtensionHelper`).
        .notifee: [
            "NotificationService.h": header,
            "NotificationService.m": template(
                importing: "#import \"NotifeeExtensionHelper.h\"",
                received: """
                    [NotifeeExtensionHelper populateNotificationContent:request
                                                            withContent: self.bestAttemptContent
                                                     withContentHandler:contentHandler];
                    """,
                expiring: "self.contentHandler(self.bestAttemptContent);"),
        ],
        // CleverTap's Objective-C sample: the viewed event, then the SDK's extension.
        .clevertap: [
            "NotificationService.h": subclassHeader(
                of: "CTNotificationServiceExtension",
                importing: "#import <CTNotificationService/CTNotificationService.h>\n#import <CleverTap.h>"),
            "NotificationService.m": """
            #import "NotificationService.h"

            @implementation NotificationService

            - (void)didReceiveNotificationRequest:(UNNotificationRequest *)request withContentHandler:(void (^)(UNNotificationContent * _Nonnull))contentHandler {
              [CleverTap setDebugLevel:2];
              [[CleverTap sharedInstance] recordNotificationViewedEventWithData: request.content.userInfo];
              [super didReceiveNotificationRequest:request withContentHandler:contentHandler];
            }

            @end
            """,
        ],
        // Airship's: the SDK's extension, subclassed with nothing of its own.
        .airship: [
            "NotificationService.h": subclassHeader(
                of: "UANotificationServiceExtension", importing: "@import AirshipServiceExtension;"),
            "NotificationService.m": """
            #import "NotificationService.h"

            @implementation NotificationService

            - (void)serviceExtensionTimeWillExpire {
                [super serviceExtensionTimeWillExpire];
            }

            @end
            """,
        ],
    ]

    /// The media download of the tutorials many Objective-C extensions were written from: a method of the
    /// class's own that downloads and calls back with the attachment (a `__block` variable the download's
    /// block sets, the block's own `error` passed as `&error`), another that names the file's extension, and
    /// `__weak typeof(self) weakSelf` in the block that delivers.
    static let tutorial = """
        #import "NotificationService.h"

        @interface NotificationService ()

        @property (nonatomic, strong) void (^contentHandler)(UNNotificationContent *contentToDeliver);
        @property (nonatomic, strong) UNMutableNotificationContent *bestAttemptContent;

        @end

        @implementation NotificationService

        - (void)didReceiveNotificationRequest:(UNNotificationRequest *)request withContentHandler:(void (^)(UNNotificationContent * _Nonnull))contentHandler {
            self.contentHandler = contentHandler;
            self.bestAttemptContent = [request.content mutableCopy];

            NSDictionary *userInfo = request.content.userInfo;
            NSString *attachmentUrlString = [userInfo objectForKey:@"media_url"];
            if (attachmentUrlString == nil) {
                self.contentHandler(self.bestAttemptContent);
                return;
            }
            __weak typeof(self) weakSelf = self;
            [self loadAttachmentForUrlString:attachmentUrlString
                                    withType:@"image"
                           completionHandler:^(UNNotificationAttachment *attachment) {
                               if (attachment) {
                                   weakSelf.bestAttemptContent.attachments = @[attachment];
                               }
                               weakSelf.contentHandler(weakSelf.bestAttemptContent);
                           }];
        }

        - (NSString *)fileExtensionForMediaType:(NSString *)type {
            NSString *ext = type;
            if ([type isEqualToString:@"image"]) {
                ext = @"jpg";
            }
            if ([type isEqualToString:@"video"]) {
                ext = @"mp4";
            }
            return [@"." stringByAppendingString:ext];
        }

        - (void)loadAttachmentForUrlString:(NSString *)urlString withType:(NSString *)type
                         completionHandler:(void(^)(UNNotificationAttachment *))completionHandler  {
            __block UNNotificationAttachment *attachment = nil;
            NSURL *attachmentURL = [NSURL URLWithString:urlString];
            NSString *fileExt = [self fileExtensionForMediaType:type];

            NSURLSession *session = [NSURLSession sessionWithConfiguration:[NSURLSessionConfiguration defaultSessionConfiguration]];
            [[session downloadTaskWithURL:attachmentURL
                        completionHandler:^(NSURL *temporaryFileLocation, NSURLResponse *response, NSError *error) {
                            if (error != nil) {
                                NSLog(@"%@", error.localizedDescription);
                            } else {
                                NSFileManager *fileManager = [NSFileManager defaultManager];
                                NSURL *localURL = [NSURL fileURLWithPath:[temporaryFileLocation.path stringByAppendingString:fileExt]];
                                [fileManager moveItemAtURL:temporaryFileLocation toURL:localURL error:&error];

                                NSError *attachmentError = nil;
                                attachment = [UNNotificationAttachment attachmentWithIdentifier:@"" URL:localURL options:nil error:&attachmentError];
                                if (attachmentError) {
                                    NSLog(@"%@", attachmentError.localizedDescription);
                                }
                            }
                            completionHandler(attachment);
                        }] resume];
        }

        - (void)serviceExtensionTimeWillExpire {
            self.contentHandler(self.bestAttemptContent);
        }

        @end
        """
}
