import Foundation
import SDKProfiles
import Testing

@testable import NSERuntime

/// Objective-C extensions translated to Swift: what is translated, into what, and what is refused where.
@Suite("Objective-C extensions translated")
struct ObjectiveCTranslationTests {
    /// The translation of `files` (name → text) in a folder of their own.
    static func translate(_ files: [String: String]) throws -> Result<
        ObjectiveCTranslation, ObjectiveCTranslation.Refusal
    > {
        let folder = try CompiledExamples.folder(files)
        defer { try? FileManager.default.removeItem(at: folder) }
        let urls = files.keys.sorted().map { folder.appendingPathComponent($0) }
        return ObjectiveCTranslation.translate(
            urls.filter { $0.pathExtension == "m" }, headers: urls.filter { $0.pathExtension == "h" }, root: folder)
    }

    /// The refusal of the template with `line` in place of its title line, whose line (22) it names.
    static func refusalOfTemplateWith(_ line: String) throws -> ObjectiveCTranslation.Refusal? {
        let changed = ObjectiveCExamples.template.replacingOccurrences(
            of:
                "self.bestAttemptContent.title = [NSString stringWithFormat:@\"%@ [modified]\", self.bestAttemptContent.title];",
            with: line)
        #expect(changed != ObjectiveCExamples.template)
        let result = try Self.translate([
            "NotificationService.h": ObjectiveCExamples.header, "NotificationService.m": changed,
        ])
        guard case .failure(let refusal) = result else { return nil }
        return refusal
    }

    @Test func xcodesTemplateBecomesTheSwiftTemplateWithItsLines() throws {
        let translation = try Self.translate([
            "NotificationService.h": ObjectiveCExamples.header, "NotificationService.m": ObjectiveCExamples.template,
        ]).get()
        #expect(translation.className == "NotificationService")
        #expect(translation.base == "UNNotificationServiceExtension")
        #expect(translation.files == ["NotificationService.h", "NotificationService.m"])
        #expect(translation.sdks.isEmpty)
        let swift = translation.swiftText
        #expect(swift.contains("class NotificationService: UNNotificationServiceExtension {"))
        #expect(swift.contains("var contentHandler: ((UNNotificationContent) -> Void)!"))
        #expect(swift.contains("var bestAttemptContent: UNMutableNotificationContent!"))
        #expect(
            swift.contains(
                "override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: "
                    + "@escaping @Sendable (UNNotificationContent) -> Void)"))
        #expect(
            swift.contains("self.bestAttemptContent = (request.content.mutableCopy() as! UNMutableNotificationContent)")
        )
        #expect(
            swift.contains(
                "self.bestAttemptContent?.title = String(format: \"%@ [modified]\", (self.bestAttemptContent?.title ?? \"(null)\"))"
            ))
        #expect(swift.contains("override func serviceExtensionTimeWillExpire() {"))
        // Each statement at its Objective-C line.
        let lines = swift.split(separator: "\n").map(String.init)
        let assignment = try #require(lines.firstIndex { $0.contains("self.contentHandler = contentHandler") })
        #expect(lines[assignment - 1].hasPrefix("#sourceLocation(file: \""))
        #expect(lines[assignment - 1].hasSuffix("NotificationService.m\", line: 18)"))
        let title = try #require(lines.firstIndex { $0.contains(".title = String(format:") })
        #expect(lines[title - 1].hasSuffix("line: 22)"))
    }

    @Test(arguments: [
        (
            SDKProfile.onesignal,
            "OneSignal.didReceiveNotificationExtensionRequest((self.receivedRequest)!, with: (self.bestAttemptContent)!, withContentHandler: self.contentHandler)"
        ),
        (
            .firebase,
            "Messaging.serviceExtension().populateNotificationContent((self.bestAttemptContent)!, withContentHandler: contentHandler)"
        ),
        (
            .notifee,
            "NotifeeExtensionHelper.populateNotificationContent(request, with: (self.bestAttemptContent)!, withContentHandler: contentHandler)"
        ),
        (.clevertap, "CleverTap.sharedInstance()?.recordNotificationViewedEvent(withData: request.content.userInfo)"),
        (.airship, "super.serviceExtensionTimeWillExpire()"),
    ])
    func eachSDKsGuideBecomesItsSwiftCall(sdk: SDKProfile, call: String) throws {
        let files = try #require(ObjectiveCExamples.guides[sdk])
        let translation = try Self.translate(files).get()
        #expect(translation.sdks.first == sdk)
        #expect(translation.swiftText.contains(call), "\(translation.swiftText)")
        for module in sdk.moduleNames.prefix(1) where sdk != .onesignal {
            #expect(translation.swiftText.contains("import \(module)\n"), "\(sdk)")
        }
    }

    /// A subclass of a push SDK's class keeps the SDK's own properties: the header's redeclared ones are
    /// not the translation's. CleverTap's are private properties of its Objective-C class, which the
    /// redeclared ones' accessors override, so the subclass reads CleverTap's own (the stand-in's, a copy of
    /// the best attempt); setting them, or a property of the copy, is refused, as is reading an SDK's that
    /// nse-bench does not expose (Airship's) or one the subclass does not redeclare.
    @Test func aPushSDKsSubclassReadsWhatTheSDKKeepsAndSetsNothingOfIt() throws {
        let files = try #require(ObjectiveCExamples.guides[.clevertap])
        let plain = try Self.translate(files).get()
        #expect(plain.base == "CTNotificationServiceExtension")
        #expect(!plain.swiftText.contains("var contentHandler"))
        #expect(plain.swiftText.contains("CleverTap.setDebugLevel(2)"))
        let header = try #require(files["NotificationService.h"])
        func withExpiry(_ statement: String, header: String = header) throws -> Result<
            ObjectiveCTranslation, ObjectiveCTranslation.Refusal
        > {
            let implementation = try #require(files["NotificationService.m"]).replacingOccurrences(
                of: "@end", with: "- (void)serviceExtensionTimeWillExpire {\n    \(statement)\n}\n\n@end")
            return try Self.translate(["NotificationService.h": header, "NotificationService.m": implementation])
        }
        let reading = try withExpiry("self.contentHandler(self.bestAttemptContent);").get()
        #expect(reading.swiftText.contains("self.objectiveCContentHandler(self.objectiveCBestAttemptContent)"))
        let refusals: [(statement: String, header: String, reason: String)] = [
            (
                "self.bestAttemptContent.title = @\"x\";", header,
                "an assignment to `self.objectiveCBestAttemptContent.title`"
            ),
            ("self.contentHandler = nil;", header, "an assignment to `self.objectiveCContentHandler`"),
            (
                "(self.bestAttemptContent).title = @\"x\";", header,
                "an assignment to `(self.objectiveCBestAttemptContent).title`"
            ),
            (
                "[OneSignal didReceiveNotificationExtensionRequest:nil withMutableNotificationContent:self.bestAttemptContent];",
                header, "`self.objectiveCBestAttemptContent` passed to didReceiveNotificationExtensionRequest:"
            ),
            (
                "self.contentHandler(self.bestAttemptContent);",
                header.replacingOccurrences(of: "(nonatomic, strong) void", with: "(nonatomic, readonly) void"),
                "self.contentHandler in a subclass of CTNotificationServiceExtension"
            ),
            (
                "self.contentHandler(self.bestAttemptContent);",
                header.replacingOccurrences(
                    of: "CTNotificationServiceExtension", with: "UANotificationServiceExtension"),
                "self.contentHandler in a subclass of UANotificationServiceExtension"
            ),
            (
                "self.contentHandler(self.bestAttemptContent);",
                header.replacingOccurrences(
                    of:
                        "@property (nonatomic, strong) void (^contentHandler)(UNNotificationContent *contentToDeliver);",
                    with: ""),
                "self.contentHandler in a subclass of CTNotificationServiceExtension"
            ),
        ]
        for (statement, header, reason) in refusals {
            guard case .failure(let refusal) = try withExpiry(statement, header: header) else {
                Issue.record("translated: \(statement)")
                continue
            }
            #expect(refusal.file == "NotificationService.m")
            #expect(refusal.line == 12, "\(refusal)")
            #expect(refusal.reason.contains(reason), "\(refusal.reason)")
        }
    }

    /// An override that does nothing (an expiry left empty) is one that does nothing in Swift too.
    @Test func anEmptyMethodIsAnEmptyOverride() throws {
        let translation = try Self.translate([
            "NotificationService.h": ObjectiveCExamples.header,
            "NotificationService.m": ObjectiveCExamples.template.replacingOccurrences(
                of: "- (void)serviceExtensionTimeWillExpire {",
                with: "- (void)serviceExtensionTimeWillExpire { }\n- (void)unused {"
            ).replacingOccurrences(of: "- (void)unused {", with: "/*").replacingOccurrences(
                of: "}\n\n@end", with: "*/\n@end"),
        ]).get()
        #expect(
            translation.swiftText.contains("override func serviceExtensionTimeWillExpire() {\n    }\n"),
            "\(translation.swiftText)")
    }

    /// An argument's own text is never read as a placeholder of the call's spelling.
    @Test func aStringArgumentHoldingAPlaceholderStaysAsWritten() throws {
        let translation = try Self.translate([
            "NotificationService.h": ObjectiveCExamples.header,
            "NotificationService.m": ObjectiveCExamples.template.replacingOccurrences(
                of: "%@ [modified]", with: "$1 $r $* %@"),
        ]).get()
        #expect(
            translation.swiftText.contains(
                "String(format: \"$1 $r $* %@\", (self.bestAttemptContent?.title ?? \"(null)\"))"))
    }

    /// Expects the template with `statement` in place of its title line refused at that line (22) of its
    /// `.m`, for a reason naming `named`.
    static func expectRefusalOfTemplateWith(
        _ statement: String, named: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let refusal = try #require(try refusalOfTemplateWith(statement), sourceLocation: sourceLocation)
        #expect(refusal.file == "NotificationService.m", sourceLocation: sourceLocation)
        #expect(refusal.line == 22, "\(refusal)", sourceLocation: sourceLocation)
        #expect(refusal.reason.contains(named), "\(refusal.reason)", sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        ("[self enableLogging];", "the message enableLogging to `self`"),
        ("CFRelease(x);", "`CFRelease`, which nse-bench does not know"),
        ("self.bestAttemptContent.title = @{};", "`@{`"),
        ("for (;;) {}", "`for`"),
        ("self.bestAttemptContent = (UNMutableNotificationContent *)request.content;", "a cast"),
        (
            "if (self.bestAttemptContent == self.contentHandler) return;",
            "a comparison of a UNMutableNotificationContent and a block"
        ),
        (
            "[super serviceExtensionTimeWillExpire];",
            "[super serviceExtensionTimeWillExpire] from didReceiveNotificationRequest:withContentHandler:"
        ),
        ("request.content.title = @\"x\";", "an assignment to `request.content.title`"),
        ("self.missing = nil;", "self.missing, a property NotificationService does not declare"),
        ("self.bestAttemptContent;", "alone, which does nothing"),
        ("NSMutableArray *urls = nil;", "a local variable `NSMutableArray *urls`"),
        ("NSString *url, *type;", "several variables in one declaration"),
        ("BOOL done;", "the BOOL done declared without a value"),
        ("static NSString *key = nil;", "a local variable (declared `static`)"),
        ("goto fail;", "`goto`"),
    ])
    func aStatementOutsideTheSubsetIsRefusedAtItsLine(statement: String, named: String) throws {
        try Self.expectRefusalOfTemplateWith(statement, named: named)
    }

    /// The translation of the template with `line` in place of its title line.
    static func translationOfTemplateWith(_ line: String) throws -> ObjectiveCTranslation {
        try Self.translate([
            "NotificationService.h": ObjectiveCExamples.header,
            "NotificationService.m": ObjectiveCExamples.template.replacingOccurrences(
                of:
                    "self.bestAttemptContent.title = [NSString stringWithFormat:@\"%@ [modified]\", self.bestAttemptContent.title];",
                with: line),
        ]).get()
    }

    /// Examples/MediaDownloadObjectiveC: locals (optionals, as an Objective-C object may be nil), a
    /// dictionary's value cast to the variable's class, a message to what may be nil, a block whose capture
    /// list copies what it reads, `error:&moveError` and `error:nil`, and the block's end at its own line.
    @Test func aMediaDownloadTranslatesWithItsLocalsBlockAndErrors() throws {
        let folder = CompiledExamples.examples.appendingPathComponent("MediaDownloadObjectiveC")
        let files = try ["NotificationService.h", "NotificationService.m"].reduce(into: [String: String]()) {
            $0[$1] = try String(contentsOf: folder.appendingPathComponent($1), encoding: .utf8)
        }
        let swift = try Self.translate(files).get().swiftText
        for expected in [
            "var mediaURLString: String? = (request.content.userInfo[\"media_url\"] as? String)",
            "var mediaURL: URL? = (mediaURLString as String?).flatMap { string in URL(string: string) }",
            "if (mediaURL == nil) {",
            "var task: URLSessionDownloadTask? = session?.downloadTask(with: (mediaURL)!, completionHandler: "
                + "{ [mediaURL] location, response, error in",
            "var fileExtension: String? = mediaURL?.pathExtension",
            "if (((fileExtension).map { objectiveCReceiver in NSString(string: objectiveCReceiver).length } ?? 0) == 0) {",
            "var fileName: String? = NSString(string: UUID().uuidString).appendingPathExtension((fileExtension)!)",
            "({ () -> Bool in do { try FileManager.default.moveItem(at: (location)!, to: (fileURL)!); return true } catch let "
                + "objectiveCError { moveError = objectiveCError; return false } }())",
            "var attachment: UNNotificationAttachment? = (try? UNNotificationAttachment(identifier: \"media\", "
                + "url: (fileURL)!, options: nil))",
            "self.bestAttemptContent?.attachments = [(attachment)!]",
            "task?.resume()",
        ] {
            #expect(swift.contains(expected), "\(expected)\n\(swift)")
        }
        // The block's `}` at the line of the Objective-C's `}];`.
        let lines = swift.split(separator: "\n").map(String.init)
        let end = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "})" })
        let objectiveCLine = try #require(files["NotificationService.m"]).split(
            separator: "\n", omittingEmptySubsequences: false
        )
        .firstIndex { $0.trimmingCharacters(in: .whitespaces) == "}];" }
        #expect(lines[end - 1].hasSuffix("line: \((objectiveCLine ?? 0) + 1))"), "\(lines[end - 1])")
    }

    @Test(arguments: [
        (
            "NSString *type = nil; NSString *ext = [type isEqualToString:@\"image/png\"] ? @\"png\" : @\"jpg\";",
            "var ext: String? = (((type).map { objectiveCReceiver in ({ (string: String, other: String?) in other.map { other in string.utf16.elementsEqual(other.utf16) } ?? false }(objectiveCReceiver, \"image/png\")) } ?? false) ? \"png\" : \"jpg\")"
        ),
        ("if (0) { return; }", "if (0 != 0) {"),
        (
            "if (!self.bestAttemptContent.title.length) return;",
            "if (((self.bestAttemptContent?.title).map { objectiveCReceiver in NSString(string: objectiveCReceiver).length } ?? 0) == 0) {"
        ),
        (
            "NSDictionary *aps = request.content.userInfo[@\"aps\"];",
            "var aps: [AnyHashable: Any]? = (request.content.userInfo[\"aps\"] as? [AnyHashable: Any])"
        ),
        ("NSString *text = nil; self.bestAttemptContent.title = text;", "self.bestAttemptContent?.title = (text)!"),
        (
            "NSURLResponse *response = nil; NSString *type = response.MIMEType;",
            "var type: String? = response?.mimeType"
        ),
        (
            "NSURL *url = nil; BOOL gone = [[NSFileManager defaultManager] removeItemAtURL:url error:nil];",
            "var gone: Bool = ((try? FileManager.default.removeItem(at: (url)!)) != nil)"
        ),
        ("NSError *error; { NSError *error = nil; }", "var error: Error?\n"),
        (
            "NSString *folder = NSSearchPathForDirectoriesInDomains(NSCachesDirectory, NSUserDomainMask, YES).firstObject;",
            "var folder: String? = NSSearchPathForDirectoriesInDomains(.cachesDirectory, .userDomainMask, true).first"
        ),
        ("NSURL *url = nil; NSString *path = [url path];", "var path: String? = url?.path"),
        (
            "NSMutableDictionary *none = nil; [none setObject:[NSData dataWithContentsOfURL:[NSURL URLWithString:@\"http://x\"]] forKey:@\"k\"];",
            "({ () -> Void in let objectiveCArgument0 = ((try? Data(contentsOf: ((\"http://x\" as String?).flatMap { string in URL(string: string) })!)))!; let objectiveCArgument1 = \"k\"; _ = none?.setObject(objectiveCArgument0, forKey: objectiveCArgument1) }())"
        ),
        (
            "NSString *image = request.content.userInfo[@\"aps\"][@\"image\"];",
            "var image: String? = (((request.content.userInfo[\"aps\"] as? [AnyHashable: Any])).flatMap { objectiveCReceiver in objectiveCReceiver[\"image\"] } as? String)"
        ),
        (
            "#warning remove before release\nself.bestAttemptContent.title = @\"t\";",
            "self.bestAttemptContent?.title = \"t\""
        ),
    ])
    func aStatementWithLocalsBecomesItsSwift(statement: String, swift: String) throws {
        let translation = try Self.translationOfTemplateWith(statement)
        #expect(translation.swiftText.contains(swift), "\(translation.swiftText)")
    }

    /// A property may be of any class a local may (a download task the expiry cancels).
    @Test func aPropertyMayHoldADownloadTask() throws {
        let template = ObjectiveCExamples.template.replacingOccurrences(
            of: "@property (nonatomic, strong) UNMutableNotificationContent *bestAttemptContent;",
            with:
                "@property (nonatomic, strong) UNMutableNotificationContent *bestAttemptContent;\n@property (nonatomic, strong) NSURLSessionDownloadTask *task;"
        ).replacingOccurrences(
            of: "self.contentHandler(self.bestAttemptContent);\n}\n\n@end",
            with: "[self.task cancel];\n    self.contentHandler(self.bestAttemptContent);\n}\n\n@end")
        #expect(template != ObjectiveCExamples.template)
        let swift = try Self.translate([
            "NotificationService.h": ObjectiveCExamples.header, "NotificationService.m": template,
        ])
        .get().swiftText
        #expect(swift.contains("var task: URLSessionDownloadTask!"), "\(swift)")
        #expect(swift.contains("self.task?.cancel()"), "\(swift)")
    }

    /// The tutorials' methods of the class's own: each a Swift method named by its selector's parts, its
    /// parameters optionals it may set, a block parameter an implicitly unwrapped closure taking optionals;
    /// a `__block` variable shared with the block (not in its capture list), `weakSelf` captured weak.
    @Test func methodsOfItsOwnAndBlockAndWeakVariablesTranslate() throws {
        let swift = try Self.translate([
            "NotificationService.h": ObjectiveCExamples.header, "NotificationService.m": ObjectiveCExamples.tutorial,
        ]).get().swiftText
        for expected in [
            "func fileExtensionForMediaType(_ type: String?) -> String? {",
            "var type: String? = type",
            "return (\".\" + (ext)!)",
            "func loadAttachmentForUrlString(_ urlString: String?, withType type: String?, completionHandler "
                + "completionHandler: ((UNNotificationAttachment?) -> Void)!) {",
            "var completionHandler: ((UNNotificationAttachment?) -> Void)! = completionHandler",
            "var attachment: UNNotificationAttachment? = nil",
            "var fileExt: String? = self.fileExtensionForMediaType(type)",
            "completionHandler!(attachment)",
            "weak var weakSelf: NotificationService? = self",
            "self.loadAttachmentForUrlString(attachmentUrlString, withType: \"image\", completionHandler: { [weak weakSelf] attachment in",
            "weakSelf?.bestAttemptContent?.attachments = [(attachment)!]",
            "(weakSelf?.contentHandler)!((weakSelf?.bestAttemptContent)!)",
            "error = objectiveCError",
        ] {
            #expect(swift.contains(expected), "\(expected)\n\(swift)")
        }
        // The download's block shares `attachment` (`__block`) and copies the rest.
        let block = try #require(
            swift.split(separator: "\n").first {
                $0.contains("completionHandler: { [") && $0.contains("temporaryFileLocation")
            })
        #expect(!block.contains("attachment,") && !block.contains("attachment]"), "\(block)")
        #expect(block.contains("completionHandler") && block.contains("fileExt"), "\(block)")
    }

    /// What a method of the class's own may not be, refused at its line.
    @Test(arguments: [
        ("+ (id)alloc {\n    return nil;\n}", "+alloc, a class method NSObject already has"),
        ("- (void)dealloc {\n}", "dealloc, a method NSObject or UNNotificationServiceExtension already has"),
        ("- (id)initWithName:(NSString *)name {\n    return nil;\n}", "initWithName:, a method NSObject"),
        ("- (UNMutableNotificationContent *)bestAttemptContent {\n    return nil;\n}", "an accessor of the property"),
        (
            "- (NSMutableArray *)items {\n    return nil;\n}",
            "items takes or returns a type nse-bench does not translate"
        ),
        ("- (void)log:(int)level {\n}", "log: takes or returns a type"),
    ])
    func aMethodOfItsOwnThatSwiftWouldReadOtherwiseIsRefused(method: String, named: String) throws {
        let implementation = ObjectiveCExamples.template.replacingOccurrences(
            of: "- (void)serviceExtensionTimeWillExpire {",
            with: method + "\n\n- (void)serviceExtensionTimeWillExpire {")
        #expect(implementation != ObjectiveCExamples.template)
        guard
            case .failure(let refusal) = try Self.translate([
                "NotificationService.h": ObjectiveCExamples.header, "NotificationService.m": implementation,
            ])
        else {
            Issue.record("\(method) was translated")
            return
        }
        #expect(refusal.line == 27, "\(refusal)")
        #expect(refusal.reason.contains(named), "\(refusal.reason)")
    }

    /// What a block or a local may not do in Swift as it does in Objective-C, refused at its line.
    @Test(arguments: [
        (
            "NSString *label = @\"a\"; [[[NSURLSession sharedSession] dataTaskWithURL:[NSURL URLWithString:@\"http://x\"] "
                + "completionHandler:^(NSData *data, NSURLResponse *response, NSError *error) { label = @\"b\"; }] resume];",
            "an assignment to `label`, a variable of the code around the block"
        ),
        (
            "NSError *failure = nil; [[[NSURLSession sharedSession] dataTaskWithURL:[NSURL URLWithString:@\"http://x\"] "
                + "completionHandler:^(NSData *data, NSURLResponse *response, NSError *error) { [[NSFileManager defaultManager] "
                + "removeItemAtURL:[NSURL fileURLWithPath:@\"/x\"] error:&failure]; }] resume];",
            "`&failure`, a variable of the code around the block"
        ),
        (
            "[[[NSURLSession sharedSession] downloadTaskWithURL:[NSURL URLWithString:@\"http://x\"] "
                + "completionHandler:^(NSData *data, NSURLResponse *response, NSError *error) { }] resume];",
            "a block of (NSData, NSURLResponse, NSError) passed to downloadTaskWithURL:completionHandler:, whose block takes (NSURL, NSURLResponse, NSError)"
        ),
        ("NSURL *file = [NSURL fileURLWithPath:nil];", "nil passed to fileURLWithPath:"),
        ("NSURL *url = @\"http://x\";", "a NSString (`\"http://x\"`) set where a NSURL is kept"),
        ("NSString *a = @\"x\"; NSString *a = @\"y\";", "a declared twice in one block"),
        ("__weak NSString *text = self;", "a `__weak` variable of NSString"),
        ("__weak typeof(request) weakRequest = request;", "typeof(request), which nse-bench translates for self only"),
        ("NSString *s = @\"x\"; [s writeToFile:@\"/x\" atomically:YES];", "the message writeToFile:atomically: to `s`"),
        ("self.contentHandler = ^(UNNotificationContent *content) { };", "a block literal kept in a variable"),
        ("BOOL gone = [[NSFileManager defaultManager] removeItemAtURL:nil error:&self];", "an address (`&`)"),
        ("NSString *type = YES ? @\"a\" : NO;", "a conditional of a NSString and a BOOL"),
    ])
    func whatABlockOrALocalMayNotDoIsRefused(statement: String, named: String) throws {
        try Self.expectRefusalOfTemplateWith(statement, named: named)
    }

    @Test func theTemplatesOwnStatementsStillTranslateBesideIfAndReturn() throws {
        let translation = try Self.translate([
            "NotificationService.h": ObjectiveCExamples.header,
            "NotificationService.m": ObjectiveCExamples.template.replacingOccurrences(
                of: "self.contentHandler(self.bestAttemptContent);\n}",
                with: """
                    if (!self.bestAttemptContent || self.contentHandler == nil) { return; }
                    #pragma mark - otherwise
                    else self.bestAttemptContent.body = @"b";
                    if (self.bestAttemptContent)
                    #pragma mark - governed by the if
                        self.bestAttemptContent.subtitle = @"s";
                    NSLog(@"delivering %@", self.bestAttemptContent.title);
                    self.contentHandler(self.bestAttemptContent);
                    }
                    """),
        ]).get()
        let swift = translation.swiftText
        #expect(swift.contains("if ((self.bestAttemptContent == nil) || (self.contentHandler == nil)) {"), "\(swift)")
        #expect(swift.contains("return\n"))
        #expect(swift.contains("} else {"))
        #expect(swift.contains("self.bestAttemptContent?.body = \"b\""))
        // The statement after a `#pragma` under an `if` is the if's.
        let lines = swift.split(separator: "\n").map(String.init)
        let governed = try #require(lines.firstIndex { $0.contains("self.bestAttemptContent?.subtitle = \"s\"") })
        #expect(lines[governed - 2].hasSuffix("if (self.bestAttemptContent != nil) {"), "\(swift)")
        // `%@` of nil prints `(null)`, as Objective-C's does.
        #expect(swift.contains("NSLog(\"delivering %@\", (self.bestAttemptContent?.title ?? \"(null)\"))"))
    }

    /// The header `header` with an implementation importing it: `body` inside `@implementation`.
    static func withImplementation(_ header: String, body: String = "") -> [String: String] {
        [
            "NotificationService.h": header,
            "NotificationService.m":
                "#import \"NotificationService.h\"\n@implementation NotificationService\n\(body)@end\n",
        ]
    }

    @Test func declarationsOutsideTheSubsetAreRefusedByName() throws {
        let header = ObjectiveCExamples.header
        let cases: [(files: [String: String], file: String, line: Int, reason: String)] = [
            (
                Self.withImplementation(header + "\n@interface NotificationService (Logging)\n@end\n"),
                "NotificationService.h", 11, "a category of NotificationService"
            ),
            (Self.withImplementation("#define KEY @\"k\"\n" + header), "NotificationService.h", 1, "`#define`"),
            (
                Self.withImplementation(
                    header.replacingOccurrences(of: "UNNotificationServiceExtension", with: "QGNotificationService")),
                "NotificationService.h", 8, "derives from QGNotificationService"
            ),
            (["NotificationService.m": "@implementation X\n@end\n"], "NotificationService.m", 1, "@implementation X"),
            (
                [
                    "NotificationService.h": header,
                    "NotificationService.m":
                        ObjectiveCExamples.template.replacingOccurrences(
                            of: "- (void)serviceExtensionTimeWillExpire {", with: "- (void)log:(int)level {"),
                ],
                "NotificationService.m", 27, "log: takes or returns a type nse-bench does not translate"
            ),
            (
                [
                    "NotificationService.h": header,
                    "NotificationService.m":
                        ObjectiveCExamples.template.replacingOccurrences(
                            of: "@implementation NotificationService",
                            with: "@implementation NotificationService { int count; }"),
                ],
                "NotificationService.m", 15, "instance variables"
            ),
            (Self.withImplementation(header + "\n/* not closed"), "NotificationService.h", 11, "does not end"),
            (
                ["NotificationService.h": header, "NotificationService.m": "#import \"NotificationService.h\"\n"],
                "NotificationService.h", 8, "no @implementation"
            ),
            (
                Self.withImplementation(header + "\n@interface Helper : UNNotificationServiceExtension\n@end\n"),
                "NotificationService.h", 11, "a second class, Helper"
            ),
            // A second header of the same class with another base (a leftover, imported too).
            (
                [
                    "NotificationService.h": header,
                    "Old.h": header.replacingOccurrences(
                        of: "UNNotificationServiceExtension", with: "UANotificationServiceExtension"),
                    "NotificationService.m":
                        "#import \"NotificationService.h\"\n#import \"Old.h\"\n@implementation NotificationService\n@end\n",
                ],
                "Old.h", 8, "NotificationService declared twice, deriving from UNNotificationServiceExtension and from "
            ),
            (
                Self.withImplementation(
                    header.replacingOccurrences(
                        of: "@end",
                        with: "@property (nonatomic, weak) UNNotificationRequest *request;\n@end")),
                "NotificationService.h", 10, "the property attribute `weak`"
            ),
            (
                Self.withImplementation(
                    header.replacingOccurrences(
                        of: "@end",
                        with: "@property (nonatomic, copy) UNMutableNotificationContent *bestAttemptContent;\n@end")),
                "NotificationService.h", 10, "copies its UNMutableNotificationContent"
            ),
        ]
        for (files, file, line, reason) in cases {
            guard case .failure(let refusal) = try Self.translate(files) else {
                Issue.record("translated: \(files)")
                continue
            }
            #expect(refusal.file == file, "\(refusal)")
            #expect(refusal.line == line, "\(refusal)")
            #expect(refusal.reason.contains(reason), "\(refusal.reason)")
        }
    }

    /// What C reads otherwise than Swift would, refused where it is.
    @Test(arguments: [
        ("if (1 == nil) { return; }", "`1` compared with nil"),
        ("if (self.bestAttemptContent.title.length == NO) { return; }", "a comparison of an integer and a BOOL"),
        ("if (!self.bestAttemptContent == nil) { return; }", "compared with nil"),
        ("self.bestAttemptContent.title = @\"a\\012b\";", "the escape `\\0`"),
        ("self.bestAttemptContent.title = @\"\\x41\";", "the escape `\\x`"),
        ("NSLog(\"plain\");", "a C string"),
        ("[CleverTap setDebugLevel:010];", "the number 010"),
    ])
    func whatCReadsOtherwiseIsRefused(statement: String, named: String) throws {
        try Self.expectRefusalOfTemplateWith(statement, named: named)
    }

    /// What a real file holds beside the subset and changes nothing: `#pragma mark` (between declarations and
    /// in a body), a protocol a class extension adopts, a block property taking nothing, a string property
    /// copied, escapes Swift reads alike, names Swift reserves, and headers nothing imports (not read, as the
    /// compiler would not read them).
    @Test func whatChangesNothingIsTranslatedOrLeftUnread() throws {
        let translation = try Self.translate([
            "NotificationService.h": ObjectiveCExamples.header.replacingOccurrences(
                of: "@end",
                with: "#pragma mark - State\n@property (copy) NSString *label;\n@property void (^done)(void);\n@end"),
            "Unrelated.h": "@interface Vendor : NSObject\n- (int)count;\n@end\n",
            "NotificationService.m": ObjectiveCExamples.template
                .replacingOccurrences(
                    of: "@implementation NotificationService",
                    with: "@implementation NotificationService\n#pragma mark -"
                )
                .replacingOccurrences(of: "(UNNotificationRequest *)request", with: "(UNNotificationRequest *)in")
                .replacingOccurrences(of: "[request.content mutableCopy]", with: "[in.content mutableCopy]")
                .replacingOccurrences(of: "%@ [modified]", with: "%@\\t\\\"x\\\"\\n\\0")
                .replacingOccurrences(
                    of: "@interface NotificationService ()", with: "@interface NotificationService () <NSObject>"
                )
                .replacingOccurrences(
                    of: "    // Modify the notification content here...",
                    with: "#pragma mark - Modify\n    self.bestAttemptContent.launchImageName = @\"Launch\";"),
        ]).get()
        let swift = translation.swiftText
        #expect(translation.files == ["NotificationService.h", "NotificationService.m"])
        #expect(swift.contains("var label: String!"))
        #expect(swift.contains("var done: (() -> Void)!"))
        #expect(swift.contains("override func didReceive(_ `in`: UNNotificationRequest"), "\(swift)")
        #expect(swift.contains("(`in`.content.mutableCopy() as! UNMutableNotificationContent)"))
        #expect(
            swift.contains("String(format: \"%@\\t\\\"x\\\"\\n\\0\", (self.bestAttemptContent?.title ?? \"(null)\"))"))
        #expect(swift.contains("class NotificationService: UNNotificationServiceExtension {"))
        #expect(swift.contains("self.bestAttemptContent?.launchImageName = \"Launch\""))
    }

    @Test func theLexerDropsCommentsAndKeepsLinesAndDirectives() throws {
        let tokens = try ObjectiveCLexer.tokens(
            "#import <A/A.h>\n/* a\n b */ x = @\"s // not a comment\"; // c\n#if \\\n  X\ny"
        ).get()
        #expect(tokens.map(\.text) == ["#import <A/A.h>", "x", "=", "s // not a comment", ";", "#if   X", "y"])
        #expect(tokens.map(\.line) == [1, 3, 3, 3, 3, 4, 6])
        #expect(tokens[3].kind == .string)
        #expect(tokens[5].kind == .directive)
        // A string continued on the next line: the tokens after it keep their lines; a C string is apart.
        let continued = try ObjectiveCLexer.tokens("x = @\"a\\\nb\";\ny \"c\"").get()
        #expect(continued.map(\.line) == [1, 1, 1, 2, 3, 3])
        #expect(continued.last?.kind == .cString)
    }
}
