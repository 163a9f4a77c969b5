import Foundation
import NSEBenchCore
import NSEBenchTestSupport
import SDKProfiles
import Testing

@testable import NSERuntime

/// Objective-C extensions, located, compiled and run as `--extension PATH` runs them.
@Suite("User extensions in Objective-C", .timeLimit(.minutes(3)))
struct UserExtensionObjectiveCTests {
    @Test func aGuidesFolderIsLocatedAsItsTranslatedClassAndSDK() throws {
        let files = try #require(ObjectiveCExamples.guides[.onesignal])
        let folder = try CompiledExamples.folder(files, plist: CompiledExamples.plist(principal: "NotificationService"))
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try UserExtensionSource.locate(folder.path)
        #expect(source.principalClass == "NotificationService")
        #expect(source.sources.isEmpty)
        #expect(source.objectiveCFiles == ["NotificationService.h", "NotificationService.m"])
        #expect(source.sdk == .onesignal)
        #expect(source.mediaField == MediaField(sdk: .onesignal))
        #expect(
            source.projectNotes.contains {
                $0.hasPrefix("not faithful: NotificationService.h, NotificationService.m run translated to Swift")
            })
    }

    @Test func whatIsNotTranslatedExitsAsBadInputNamingFileAndLine() throws {
        let folder = try CompiledExamples.folder([
            "NotificationService.h": ObjectiveCExamples.header,
            "NotificationService.m": ObjectiveCExamples.template.replacingOccurrences(
                of: "self.contentHandler(self.bestAttemptContent);\n}", with: "[self log];\n}"),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            _ = try UserExtensionSource.locate(folder.path)
            Issue.record("an untranslatable extension was located")
        } catch {
            guard case .objectiveCNotTranslated(let path, let file, let line, let reason) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(path == folder.path)
            #expect(file == "NotificationService.m")
            #expect(line == 24)
            #expect(reason.contains("the message log to `self`"))
            #expect(error.isUsageError)
            #expect(error.description.contains("NotificationService.m:24: the message log"))
        }
        // C and C++ are refused as before, Objective-C beside them or not.
        let c = try CompiledExamples.folder([
            "NotificationService.h": ObjectiveCExamples.header, "NotificationService.m": ObjectiveCExamples.template,
            "Vendor/crc.c": "int crc(void) { return 0; }\n",
        ])
        defer { try? FileManager.default.removeItem(at: c) }
        #expect(throws: UserExtensionError.objectiveCSources(path: c.path, files: ["Vendor/crc.c"])) {
            try UserExtensionSource.locate(c.path)
        }
    }

    /// A translation the compiler rejects names the user's `.m` file and line, not the generated Swift.
    @Test func aCompileErrorPointsIntoTheObjectiveCFile() async throws {
        let folder = try CompiledExamples.folder([
            "NotificationService.h": ObjectiveCExamples.header,
            "NotificationService.m": ObjectiveCExamples.template.replacingOccurrences(
                of: "self.contentHandler = contentHandler;",
                with: "self.contentHandler = contentHandler; [NSURL fileURLWithPath:request];"),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            _ = try await CompiledExamples.offThePool {
                try UserExtensionLoader.load(folder.path, builder: try CompiledExamples.builder())
            }
            Issue.record("a request passed as a path compiled")
        } catch let error as UserExtensionError {
            guard case .compileFailed(_, let messages, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(
                messages.contains(folder.appendingPathComponent("NotificationService.m").path + ":18:"), "\(messages)")
            #expect(!messages.contains(ObjectiveCTranslation.fileName), "\(messages)")
        }
    }

    /// What the Objective-C means, kept at run time: a block reads the locals as they were when it was made
    /// (a later change is not its), a message to nil (a local, a property never set) answers nil or NO, and a
    /// failed call sets the error passed as `&moveError` (or the block's own parameter) and answers NO.
    @Test func aBlockCopiesItsLocalsAndNilAnswersNilAsInObjectiveC() async throws {
        let implementation = """
            #import "NotificationService.h"

            @interface NotificationService ()
            @property (nonatomic, strong) void (^contentHandler)(UNNotificationContent *contentToDeliver);
            @property (nonatomic, strong) UNMutableNotificationContent *bestAttemptContent;
            @property (nonatomic, strong) NSURLSessionDataTask *earlier;
            @end

            @implementation NotificationService

            - (void)didReceiveNotificationRequest:(UNNotificationRequest *)request withContentHandler:(void (^)(UNNotificationContent * _Nonnull))contentHandler {
                self.contentHandler = contentHandler;
                self.bestAttemptContent = [request.content mutableCopy];
                [self.earlier cancel];
                NSString *missing = request.content.userInfo[@"no_such_key"];
                NSURL *none = [NSURL URLWithString:missing];
                BOOL same = [missing isEqualToString:@"x"];
                NSError *moveError = nil;
                BOOL moved = [[NSFileManager defaultManager] moveItemAtURL:[NSURL fileURLWithPath:@"/nonexistent/a"] toURL:[NSURL fileURLWithPath:@"/nonexistent/b"] error:&moveError];
                NSString *label = @"copied when made";
                NSURLSessionDataTask *task = [[NSURLSession sharedSession] dataTaskWithURL:[NSURL URLWithString:@"http://127.0.0.1:8080/media/1KB.jpg"] completionHandler:^(NSData *data, NSURLResponse *response, NSError *error) {
                    NSString *nilMessages = (none == nil && !same && none.path == nil) ? @"nil answers nil" : @"a message to nil answered";
                    NSString *failure = (!moved && moveError != nil) ? @"error set" : @"error not set";
                    if ([[NSFileManager defaultManager] removeItemAtURL:[NSURL fileURLWithPath:@"/nonexistent/c"] error:&error]) {
                        failure = @"removed what is not there";
                    }
                    if (error == nil) {
                        failure = @"the block's own error not set";
                    }
                    self.bestAttemptContent.title = [NSString stringWithFormat:@"%@, %@, %@", label, nilMessages, failure];
                    self.contentHandler(self.bestAttemptContent);
                }];
                label = @"changed later";
                [task resume];
            }

            @end
            """
        let factory = try await CompiledExamples.factory(of: [
            "NotificationService.h": ObjectiveCExamples.header, "NotificationService.m": implementation,
        ])
        let harness = try HostHarness { _ in .respond(.init(after: second, contentType: "image/jpeg")) }
        defer { harness.remove() }
        let task = harness.start(harness.input(TestPayloads.plain(title: "Sale"), extension: factory))
        // Bounded: a translation that never asks must fail here, not hang until the suite's time limit.
        let asked = await eventually(within: .seconds(20), every: .milliseconds(5)) {
            !harness.downloader.requests.isEmpty
        }
        #expect(asked, "the block's request was never made")
        harness.clock.advance(by: second)
        let record = await task.value
        #expect(record.visible.title == "copied when made, nil answers nil, error set")
    }

    /// The tutorials' download, in methods of the class's own (``ObjectiveCExamples/tutorial``): downloaded
    /// through the run's downloader, moved, attached and delivered through `weakSelf`.
    @Test func theTutorialsMethodsOfItsOwnDownloadAndAttach() async throws {
        let factory = try await CompiledExamples.factory(of: [
            "NotificationService.h": ObjectiveCExamples.header, "NotificationService.m": ObjectiveCExamples.tutorial,
        ])
        let harness = try HostHarness { _ in .respond(.init(after: second, contentType: "image/jpeg")) }
        defer { harness.remove() }
        let task = harness.start(
            harness.input(TestPayloads.plain(mediaURL: TestPayloads.mediaURL), extension: factory))
        let asked = await eventually(within: .seconds(20), every: .milliseconds(5)) {
            !harness.downloader.requests.isEmpty
        }
        #expect(asked, "the download was never asked for")
        #expect(harness.downloader.requests.first?.url == TestPayloads.mediaURL)
        harness.clock.advance(by: second)
        let record = await task.value
        #expect(record.outcome == .enriched)
        #expect(record.visible.attachments.first?.url?.pathExtension == "jpg")
        #expect(record.phases.download.map { $0.end - $0.start } == second)
    }

    /// A category of actions registered as Objective-C extensions register one: `[[NSArray alloc]
    /// initWithObjects:...]` ends its list at the first nil, as Objective-C reads it (a variable that is nil at
    /// run time too), `@[]`, the options' constants and `[NSSet setWithObjects:category, nil]`.
    @Test func aCategoryOfActionsIsRegisteredAndAListEndsAtItsFirstNil() async throws {
        let registration = """
            UNNotificationAction *like = [UNNotificationAction actionWithIdentifier:@"like" title:@"Like" options:UNNotificationActionOptionNone];
            UNTextInputNotificationAction *reply = [UNTextInputNotificationAction actionWithIdentifier:@"reply" title:@"Reply" options:UNNotificationActionOptionForeground textInputButtonTitle:@"Send" textInputPlaceholder:@"..."];
            NSString *missing = nil;
            NSArray *actions = [[NSArray alloc] initWithObjects:like, reply, nil];
            NSArray *identifiers = [NSArray arrayWithObjects:@"a", missing, @"b", nil];
            UNNotificationCategory *category = [UNNotificationCategory categoryWithIdentifier:@"chat" actions:actions intentIdentifiers:identifiers options:UNNotificationCategoryOptionCustomDismissAction];
            NSSet *categories = [NSSet setWithObjects:category, nil];
            [[UNUserNotificationCenter currentNotificationCenter] setNotificationCategories:categories];
            self.bestAttemptContent.categoryIdentifier = @"chat";
            self.bestAttemptContent.title = [NSString stringWithFormat:@"%ld actions, %ld identifiers", actions.count, identifiers.count];
            """
        #expect(try await Self.deliveredTitle(ofTemplateWith: registration) == "2 actions, 1 identifiers")
    }

    /// The title the template delivers for a push titled "Sale", with `statements` in place of its title line.
    static func deliveredTitle(ofTemplateWith statements: String) async throws -> String {
        let folder = try CompiledExamples.folder([
            "NotificationService.h": ObjectiveCExamples.header,
            "NotificationService.m": ObjectiveCExamples.template.replacingOccurrences(
                of:
                    "self.bestAttemptContent.title = [NSString stringWithFormat:@\"%@ [modified]\", self.bestAttemptContent.title];",
                with: statements),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        return try await CompiledExamples.deliveredTitle(ofExtensionAt: folder, forTitle: "Sale")
    }

    /// A class method of the class's own (`+`), called by the class's name and through `self` in another.
    @Test func aClassMethodOfItsOwnIsAStaticMethod() async throws {
        let implementation = ObjectiveCExamples.template.replacingOccurrences(
            of:
                "self.bestAttemptContent.title = [NSString stringWithFormat:@\"%@ [modified]\", self.bestAttemptContent.title];",
            with: "self.bestAttemptContent.title = [NotificationService titleFor:self.bestAttemptContent.title];"
        ).replacingOccurrences(
            of: "- (void)serviceExtensionTimeWillExpire {",
            with: """
                + (NSString *)marker {
                    return @"[class method]";
                }

                + (NSString *)titleFor:(NSString *)title {
                    return [NSString stringWithFormat:@"%@ %@", title, [self marker]];
                }

                - (void)serviceExtensionTimeWillExpire {
                """)
        let folder = try CompiledExamples.folder([
            "NotificationService.h": ObjectiveCExamples.header, "NotificationService.m": implementation,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(
            try await CompiledExamples.deliveredTitle(ofExtensionAt: folder, forTitle: "Sale") == "Sale [class method]")
    }

    /// An `NSMutableDictionary` is Foundation's class, as in Objective-C: a change through one variable is
    /// seen through another (Swift's dictionary, a value, would not see it), and it sets the content's userInfo.
    @Test func aMutableDictionaryIsOneObjectThroughEveryVariable() async throws {
        let statements = """
            NSMutableDictionary *info = [request.content.userInfo mutableCopy];
            NSMutableDictionary *same = info;
            [same setObject:@"seen through another variable" forKey:@"note"];
            [info removeObjectForKey:@"nothing"];
            self.bestAttemptContent.userInfo = info;
            self.bestAttemptContent.title = self.bestAttemptContent.userInfo[@"note"];
            """
        #expect(try await Self.deliveredTitle(ofTemplateWith: statements) == "seen through another variable")
    }

    /// The template's title, and again after an edit of the `.m`: the edit is a new build, not the cached one.
    @Test func xcodesObjectiveCTemplateModifiesTheTitleAndAnEditRebuildsIt() async throws {
        let folder = try CompiledExamples.folder([
            "NotificationService.h": ObjectiveCExamples.header, "NotificationService.m": ObjectiveCExamples.template,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try await CompiledExamples.deliveredTitle(ofExtensionAt: folder, forTitle: "Sale") == "Sale [modified]")
        try ObjectiveCExamples.template.replacingOccurrences(of: "[modified]", with: "[edited]").write(
            to: folder.appendingPathComponent("NotificationService.m"), atomically: true, encoding: .utf8)
        #expect(try await CompiledExamples.deliveredTitle(ofExtensionAt: folder, forTitle: "Sale") == "Sale [edited]")
    }
}

extension UserExtensionPushSDKTests {
    /// Each SDK's Objective-C guide, translated, runs the helper its Swift form runs: the media is
    /// downloaded from where the SDK reads it and attached.
    @Test(arguments: [SDKProfile.onesignal, .firebase, .notifee, .clevertap, .airship])
    func anObjectiveCGuidesExtensionRunsTheSDKsHelper(sdk: SDKProfile) async throws {
        let files = try #require(ObjectiveCExamples.guides[sdk])
        let (record, requests) = try await run(files: files, sdk: sdk)
        #expect(record.outcome == .enriched, "\(sdk): \(record.outcome) \(record.stageErrors)")
        #expect(record.visible.attachments.count == 1, "\(sdk)")
        #expect(requests.contains { $0.url == TestPayloads.mediaURL }, "\(sdk): \(requests.map(\.url))")
    }
}

extension SDKProfileExpiryTests {
    /// CleverTap's Objective-C sample's expiry, `self.contentHandler(self.bestAttemptContent)` over the
    /// redeclared properties, delivers CleverTap's own best attempt at the deadline, as CleverTap's expiry does.
    @Test func cleverTapsObjectiveCSubclassDeliversTheSDKsBestAttemptAtTheDeadline() async throws {
        var files = try #require(ObjectiveCExamples.guides[.clevertap])
        files["NotificationService.m"] = files["NotificationService.m"]?.replacingOccurrences(
            of: "@end",
            with:
                "- (void)serviceExtensionTimeWillExpire {\n    self.contentHandler(self.bestAttemptContent);\n}\n\n@end"
        )
        let factory = try await CompiledExamples.factory(of: files)
        let harness = try HostHarness { request in
            request.url.path.hasPrefix("/media/") ? .hang : .respond(.init(after: 0, contentType: "application/json"))
        }
        defer { harness.remove() }
        let task = harness.start(
            harness.input(
                TestPayloads.plain(title: "Sale", mediaURL: TestPayloads.mediaURL, for: "clevertap"), extension: factory
            ))
        await harness.downloader.waitForRequests(1)
        harness.clock.advance(to: Self.deadline)
        // Bounded: an expiry that delivers nothing must fail here, not hang until the suite's time limit.
        let delivered = await eventually(within: .seconds(20), every: .milliseconds(5)) {
            harness.events.kinds.contains(.handlerCalled)
        }
        #expect(delivered, "the expiry called no handler")
        for step in [31, 32, 35] as [UInt64] {
            harness.clock.advance(to: step * second)
            try await Task.sleep(for: .milliseconds(50))
        }
        let record = await task.value
        #expect(record.outcome == .expiredOriginal, "its best attempt is the content as it arrived")
        #expect(record.visible.title == "Sale")
        #expect(record.times.delivered == Self.deadline, "delivered by the expiry call itself")
        #expect(record.crashReason == nil)
    }
}
