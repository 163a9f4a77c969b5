import Foundation
import SDKProfiles

/// What nse-bench reads from an extension's Swift sources without compiling them: which classes
/// subclass `UNNotificationServiceExtension`, and which calls run on time the harness cannot scale or
/// see. A plain text scan (comments and strings are not parsed out): the compiler has the last word.
enum ExtensionSourceScan {
    /// A `class Name: Base` declaration.
    struct ClassDeclaration: Sendable, Hashable {
        var name: String
        var base: String
    }

    /// Why a font asked for by name is not faithful, for either way of writing the call.
    private static let fontByName =
        "UIFont(name:size:) gives a font for any name: iOS gives nil for a font it does not have (a registered "
        + "font is found by its own names, as on iOS); nothing is drawn"

    /// What UIKit's stand-in does, and does not, of what iOS does to an image it draws or re-encodes.
    private static let imageDecoding =
        "nothing is decoded or drawn here; the bitmap iOS decodes into (4 bytes a pixel: a 12-megapixel photo is "
        + "46 MiB, past an extension's 24 MiB) is allocated, for a worker's memory watch to judge (every 10 ms, "
        + "the heap shared by the invocations in flight; none with --extension-processes 0), but the CPU time "
        + "and the output are not the phone's"

    /// What becomes of code nse-bench cannot tie to the invocation that started it (``SimulatedDevice/PhoneDispatch``
    /// names what it carries).
    private static let outsideInvocation =
        "runs where nse-bench cannot tell which simulated phone's invocation it belongs to: a request made there "
        + "through URLSession.shared fails (the run counts them and is NOT VALID) and the folders it asks "
        + "Foundation for are the host's, shared by every phone; a DispatchQueue block, a Task, a "
        + "BlockOperation or Thread(block:) keeps its phone"

    /// Why a folder function qualified with its module is not faithful.
    private static let qualifiedFolder =
        "a folder function qualified with Foundation names Foundation's own, which gives the host's folder, shared "
        + "by every phone and kept between runs; unqualified, it gives the phone's own container"

    /// Why CleverTap's calls other than the viewed event are not faithful.
    private static let cleverTapSendsNothing =
        "CleverTap's recordEvent, profilePush and onUserLogin send nothing here: the events they queue for "
        + "CleverTap's servers are not simulated or timed (its viewed event is)"

    /// Calls whose time the harness neither measures nor scales, or whose result a phone would give
    /// otherwise, with why.
    static let untimedCalls: [(pattern: String, why: String)] = [
        ("asyncAfter(", "DispatchQueue.asyncAfter waits in real time: --time-scale does not shorten it"),
        ("Thread.sleep", "Thread.sleep waits in real time: --time-scale does not shorten it"),
        ("Task.sleep", "Task.sleep waits in real time: --time-scale does not shorten it"),
        ("usleep(", "usleep waits in real time: --time-scale does not shorten it"),
        (".debounce(", "debounce waits in real time on its scheduler: --time-scale does not shorten it"),
        (".throttle(", "throttle waits in real time on its scheduler: --time-scale does not shorten it"),
        (".delay(for:", "Combine's delay waits in real time on its scheduler: --time-scale does not shorten it"),
        (".timeout(", "Combine's timeout waits in real time on its scheduler: --time-scale does not shorten it"),
        ("Timer.publish(", "Combine's Timer.publish fires in real time: --time-scale does not shorten it"),
        ("URLSessionConfiguration.background", "background sessions are not simulated"),
        (
            "didReceive challenge:",
            "authentication challenges (server trust, client certificates, HTTP auth) never come: the simulated "
                + "network answers without them, so this handler is not called"
        ),
        (
            layerClassPattern,
            "a view's layerClass is made by name on iOS; on Linux (no Objective-C runtime) a layer class of the "
                + "app's own is made as the nearest of CALayer, CAShapeLayer and CAGradientLayer it inherits from, "
                + "and its own initializer does not run (Core Animation's own classes are made as they are)"
        ),
        (
            "webSocketTask(",
            "WebSockets are not simulated: the task fails once resumed (its sends, receives and pings hear a "
                + "URLError), nothing is sent, and the session's delegate hears nothing of it"
        ),
        (
            "ubiquityIdentityToken",
            "iCloud is not simulated: ubiquityIdentityToken is nil, as on a phone signed out of iCloud"
        ),
        (
            "waitsForConnectivity",
            "waitsForConnectivity is not simulated: a request the phone's network refuses (cellular, expensive, "
                + "Low Data Mode) fails at once, where iOS would wait until the resource timeout"
        ),
        (
            "exportDeliveryMetricsToBigQuery",
            "Firebase's delivery metric for BigQuery is not simulated: nothing is stored or sent"
        ),
        (
            ".donate",
            "an Intents donation completes at once: its call to the system (Siri's suggestions) is not timed"
        ),
        (
            "INImage(url:",
            "an INImage's URL is not fetched: whatever iOS fetches for the notification's image is not timed"
        ),
        (
            "reportNewIncomingVoIPPushPayload",
            "CallKit's report completes at once: the app's side of the call is not simulated"
        ),
        (
            "pngData(",
            "UIImage's pngData() gives the image's own bytes: \(imageDecoding)"
        ),
        (
            "jpegData(",
            "UIImage's jpegData() gives the image's own bytes: \(imageDecoding)"
        ),
        (
            "UIImagePNGRepresentation(",
            "UIImagePNGRepresentation gives the image's own bytes: \(imageDecoding)"
        ),
        (
            "UIImageJPEGRepresentation(",
            "UIImageJPEGRepresentation gives the image's own bytes: \(imageDecoding)"
        ),
        (
            ".draw(in:",
            "drawing a UIImage: \(imageDecoding)"
        ),
        ("UIFont(name:", fontByName),
        ("UIFont.init(name:", fontByName),
        (
            "struct FontConvertible",
            "SwiftGen's font accessors find a font registered from the bundle as on iOS, but one missing from the "
                + "extension's bundle (a font only the app's target holds) gives a font here, where its accessor's "
                + "fatalError crashes the extension on iOS"
        ),
        (
            "UIGraphicsImageRenderer",
            "a UIGraphicsImageRenderer's image is blank at the size asked: what it draws, and the CPU time it "
                + "takes, are not simulated"
        ),
        (
            "UIGraphicsBeginImageContext",
            "an image context's image is blank at the size asked: what it draws, and the CPU time it takes, are not "
                + "simulated"
        ),
        (
            "CGImageSourceCreateThumbnailAtIndex(",
            "ImageIO's thumbnail is blank at its size: decoding and scaling, their CPU time and transient memory, "
                + "are not simulated (the thumbnail's own bitmap is allocated, 4 bytes a pixel); embedded "
                + "thumbnails are not read"
        ),
        (
            "AVAssetImageGenerator",
            "a video frame is blank at the size iOS would give it: decoding it, its CPU time and transient memory, "
                + "are not simulated (the frame's bitmap is allocated, 4 bytes a pixel)"
        ),
        (
            "Asset(url:",
            "an asset reads its file's moov box (duration, tracks) when first asked; an http(s) URL is downloaded "
                + "whole on the phone, timed, where iOS reads only the byte ranges it needs"
        ),
        (
            "WidgetCenter",
            "WidgetCenter's calls complete at once: the app's widgets and the system's timeline reloads are not "
                + "simulated"
        ),
        (
            "as? CGFloat",
            "a number read from a Foundation dictionary (an ImageIO property, decoded JSON) as? CGFloat is nil on "
                + "Linux, where NSNumber does not bridge to CGFloat; iOS gives the number: read it as Double or Int"
        ),
        (
            "CGImageDestinationFinalize(",
            "ImageIO's encoder writes the image's own bytes (a thumbnail's blank PNG), whatever the type and "
                + "quality: \(imageDecoding)"
        ),
        (
            "reparingThumbnail(",
            "a UIImage thumbnail is blank at the size asked: iOS's decoding and scaling, their CPU time and memory, "
                + "are not simulated"
        ),
        (
            "NSFileCoordinator",
            "file coordination takes turns per folder (a flock(2) shared by readers, exclusive to a writer) between "
                + "the run's threads and worker processes, coarser than iOS's per item; file presenters are told "
                + "nothing"
        ),
        (
            "UNUserNotificationCenter.current()",
            "the notification center's calls complete at once, off the calling thread: the round trip to iOS's "
                + "notification daemon is not timed; each simulated phone is new, so none has delivered "
                + "notifications, and what is added (categories, requests, the badge) is kept, not shown"
        ),
        (
            "@objc",
            "Objective-C attributes are dropped as the extension compiles (Linux has no Objective-C runtime): "
                + "the class is found by its Swift name; selectors and key-value observing are not there"
        ),
        (
            "compression_decode_buffer(",
            "Compression's buffers run here for COMPRESSION_ZLIB only (raw DEFLATE, through zlib; its CPU time "
                + "is this machine's); LZFSE, LZ4, LZMA, Brotli and LZBITMAP are not simulated: their calls return "
                + "0, as a failure does"
        ),
        (
            "compression_encode_buffer(",
            "Compression's buffers run here for COMPRESSION_ZLIB only (raw DEFLATE, through zlib; its CPU time "
                + "is this machine's); LZFSE, LZ4, LZMA, Brotli and LZBITMAP are not simulated: their calls return "
                + "0, as a failure does"
        ),
        (
            "SecItemCopyMatching(",
            "a keychain read answers from the run's keychain (--keychain) at once: securityd's round trip is not "
                + "timed; the phones are locked, so an item readable only when unlocked is refused"
        ),
        (
            "CCCrypt(",
            "CommonCrypto's AES runs over OpenSSL on this machine's CPU, not a phone's; DES, 3DES, CAST, RC4, RC2 and "
                + "Blowfish return kCCUnimplemented, where iOS runs them"
        ),
        (
            "SecKeyCreateDecryptedData(",
            "RSA runs over OpenSSL on this machine's CPU: a phone's RSA time is not modelled; RSA-OAEP with AES-GCM, "
                + "signatures and EC keys are not simulated"
        ),
        ("Foundation.NSTemporaryDirectory(", qualifiedFolder),
        ("Foundation.NSHomeDirectory(", qualifiedFolder),
        ("Foundation.NSSearchPathForDirectoriesInDomains(", qualifiedFolder),
        (".recordEvent(", cleverTapSendsNothing),
        (".profilePush(", cleverTapSendsNothing),
        (".onUserLogin(", cleverTapSendsNothing),
        (
            "trackMetric(deliveryID:",
            "Customer.io's trackMetric sends nothing here: its call to Customer.io's CDP host is not simulated or timed"
        ),
        ("pthread_create(", "a thread made with pthread_create \(outsideInvocation)"),
        (
            "DispatchQueue.main.sync",
            "a block given to DispatchQueue.main.sync from another thread \(outsideInvocation)"
        ),
        (
            "updating(from:",
            "updating(from:) keeps the content's fields: how iOS restyles a communication notification is not "
                + "simulated"
        ),
    ]

    /// Every `class Name: Base` in `text`, with its first inherited type.
    static func classes(in text: String) -> [ClassDeclaration] {
        let bytes = Array(text.utf8)
        var declarations: [ClassDeclaration] = []
        var index = 0
        while let keyword = find("class", in: bytes, from: index) {
            index = keyword + 5
            let before = keyword == 0 ? UInt8(ascii: " ") : bytes[keyword - 1]
            guard !isIdentifier(before), index < bytes.count, bytes[index] == UInt8(ascii: " ") else { continue }
            var cursor = skipSpaces(bytes, index)
            let name = identifier(bytes, &cursor, dotted: false)
            guard !name.isEmpty else { continue }
            cursor = skipSpaces(bytes, cursor)
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "<") {
                while cursor < bytes.count, bytes[cursor] != UInt8(ascii: ">") { cursor += 1 }
                cursor = skipSpaces(bytes, cursor + 1)
            }
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: ":") else { continue }
            cursor = skipSpaces(bytes, cursor + 1)
            let base = identifier(bytes, &cursor, dotted: true)
            if !base.isEmpty { declarations.append(ClassDeclaration(name: name, base: base)) }
            index = cursor
        }
        return declarations
    }

    private static func find(_ word: String, in bytes: [UInt8], from start: Int) -> Int? {
        let needle = Array(word.utf8)
        guard bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
        for offset in start...(bytes.count - needle.count) where bytes[offset] == needle[0] {
            if bytes[offset..<offset + needle.count].elementsEqual(needle) { return offset }
        }
        return nil
    }

    private static func isIdentifier(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }

    private static func skipSpaces(_ bytes: [UInt8], _ start: Int) -> Int {
        var cursor = start
        while cursor < bytes.count, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n")].contains(bytes[cursor])
        {
            cursor += 1
        }
        return cursor
    }

    private static func identifier(_ bytes: [UInt8], _ cursor: inout Int, dotted: Bool) -> String {
        let start = cursor
        while cursor < bytes.count, isIdentifier(bytes[cursor]) || (dotted && bytes[cursor] == UInt8(ascii: ".")) {
            cursor += 1
        }
        return String(decoding: bytes[start..<cursor], as: UTF8.self)
    }

    /// `UNNotificationServiceExtension`, and the push SDKs' subclasses of it that an app's
    /// `NotificationService` subclasses as they are (``SDKProfile/serviceExtensionClass``).
    static let serviceExtensionBases: Set<String> = Set(
        ["UNNotificationServiceExtension"] + SDKProfile.allCases.compactMap(\.serviceExtensionClass))

    /// The modules `text` imports: `import X`, `@preconcurrency import X`, `public import X`,
    /// `import class X.Y`, `import X.Y` (as `X`), in order, each once.
    static func importedModules(in text: String) -> [String] {
        let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"]
        var modules: [String] = []
        for line in text.split(separator: "\n") {
            var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
            while let first = words.first,
                first.hasPrefix("@") || ["public", "internal", "package", "private", "fileprivate"].contains(first)
            {
                words = words.dropFirst()
            }
            guard words.first == "import", var name = words.dropFirst().first else { continue }
            if kinds.contains(name), let qualified = words.dropFirst(2).first { name = qualified }
            let module = String(name.prefix { $0 != "." && $0 != ";" })
            if !module.isEmpty, !modules.contains(module) { modules.append(module) }
        }
        return modules
    }

    /// The classes that derive from `UNNotificationServiceExtension`, directly or through each other
    /// or through one of `bases` (classes of the user's own modules that derive from it), sorted by name.
    static func serviceExtensionSubclasses(
        in declarations: [ClassDeclaration], derivingAlsoFrom bases: Set<String> = []
    ) -> [String] {
        var found: Set<String> = []
        var grew = true
        while grew {
            grew = false
            for declaration in declarations where !found.contains(declaration.name) {
                let base = declaration.base.split(separator: ".").last.map(String.init) ?? declaration.base
                if serviceExtensionBases.contains(base) || bases.contains(base) || found.contains(base) {
                    found.insert(declaration.name)
                    grew = true
                }
            }
        }
        return found.sorted()
    }

    /// A view's layer class declared: noted unless it is one of Core Animation's own.
    private static let layerClassPattern = "var layerClass"

    /// Whether a `layerClass` declaration (its line and the two after it) returns one of Core Animation's own
    /// classes, which nse-bench makes as they are.
    private static func returnsCoreAnimationClass(_ lines: ArraySlice<Substring>) -> Bool {
        lines.contains { line in
            ["CALayer.self", "CAShapeLayer.self", "CAGradientLayer.self"].contains { line.contains($0) }
        }
    }

    /// `file:line: why` for each untimed call in `text`, skipping lines that are comments.
    static func untimedCalls(in text: String, file: String) -> [String] {
        var notes: [String] = []
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: ConditionalCompilation.isLineEnd)
        for (index, line) in lines.enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("//") || trimmed.hasPrefix("*") { continue }
            if line.contains(#/\bclass\s+\w+\s*:\s*(Foundation\.)?Operation\b/#) {
                notes.append("\(file):\(index + 1): an Operation subclass's main() \(outsideInvocation)")
            }
            if observesOnAQueue(lines[index..<min(index + 3, lines.count)]) {
                notes.append(
                    "\(file):\(index + 1): a NotificationCenter observer's block given an OperationQueue "
                        + "\(outsideInvocation) (one given no queue runs as the code that posts)")
            }
            for call in untimedCalls where line.contains(call.pattern) {
                // `.recordEvent(` and the like are CleverTap's only in a file that imports its SDK.
                if call.why == cleverTapSendsNothing, !importedModules(in: text).contains("CleverTapSDK") { continue }
                if call.pattern == layerClassPattern,
                    returnsCoreAnimationClass(lines[index..<min(index + 3, lines.count)])
                {
                    continue
                }
                notes.append("\(file):\(index + 1): \(call.why)")
            }
            if keepsFolderInStatic(lines[index..<min(index + 6, lines.count)]) {
                notes.append("\(file):\(index + 1): \(folderInStatic)")
            }
        }
        return notes
    }

    /// Whether `lines` start a `NotificationCenter` block observer (`addObserver(forName:object:queue:using:)`)
    /// given a queue (not `queue: nil`, which runs the block as the code that posts).
    private static func observesOnAQueue(_ lines: ArraySlice<Substring>) -> Bool {
        guard let first = lines.first, first.contains("addObserver(") else { return false }
        let call = lines.joined(separator: " ")
        guard call.contains(#/addObserver\(\s*forName\s*:/#), let queue = call.firstMatch(of: #/queue\s*:\s*([.\w]+)/#)
        else { return false }
        return queue.output.1 != "nil"
    }

    /// Why a folder path kept in a static is not faithful.
    static let folderInStatic =
        "a folder kept in a static is the first phone's own container, which is removed when that invocation "
        + "ends: later phones' writes there fail or land where nothing removes them, where a phone's process "
        + "keeps one container for all its pushes (worker processes share statics across phones)"

    /// What names one of the extension's own folders (``SimulatedDevice/PhoneFolders``).
    private static let folderCalls = [
        "temporaryDirectory", "NSTemporaryDirectory(", "NSHomeDirectory(", "NSSearchPathForDirectoriesInDomains",
        "documentDirectory", "documentsDirectory", "cachesDirectory", "libraryDirectory",
        "applicationSupportDirectory", "homeDirectory",
    ]

    /// Whether `lines` start with a `static let` or `static var` whose value names one of the extension's own
    /// folders: on its line, or in the closure it opens there (`static let folder: URL = {`, the next lines).
    private static func keepsFolderInStatic(_ lines: ArraySlice<Substring>) -> Bool {
        guard let first = lines.first, first.contains("static let ") || first.contains("static var "),
            let equals = first.firstIndex(of: "=")
        else { return false }
        let value = first[equals...]
        if folderCalls.contains(where: { value.contains($0) }) { return true }
        guard value.trimmingCharacters(in: .whitespaces).hasSuffix("{") else { return false }
        return lines.dropFirst().prefix { !$0.contains("}()") }.contains { line in
            folderCalls.contains(where: { line.contains($0) })
        }
    }

    /// A Swift module name for a folder or file name: letters, digits and underscores, not starting
    /// with a digit (Xcode's `PRODUCT_MODULE_NAME` rule).
    static func moduleName(for name: String) -> String {
        var scalars = name.unicodeScalars.map { scalar -> Character in
            (scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar))) ? Character(scalar) : "_"
        }
        if let first = scalars.first, first.isNumber { scalars.insert("_", at: 0) }
        let result = String(scalars)
        return result.isEmpty ? "UserExtension" : result
    }

    /// Whether Swift source `text` reads the main bundle: `Bundle.main` (spaces or a line break around the
    /// dot allowed), `Bundle(for:)`, `: Bundle = .main`, `(named:` (`UIImage(named:`, `.init(named:`, `UIColor(named:`), or
    /// `String(localized:` and `NSLocalizedString(`, which read the bundle's resources. A mention in a comment counts too: it costs only the folder.
    /// A localizing call that names another bundle (`bundle: .module`) does not read the main one.
    static func readsMainBundle(_ text: String) -> Bool {
        text.range(of: #"\bBundle\s*\.\s*main\b"#, options: .regularExpression) != nil
            // `Bundle(for: SomeClass.self)` of a class in the extension is its bundle, the main one (SwiftGen's
            // `BundleToken`).
            || text.range(of: #"\bBundle\s*\(\s*for\s*:"#, options: .regularExpression) != nil
            || text.range(of: #"\(\s*named\s*:"#, options: .regularExpression) != nil
            || localizesFromMainBundle(text)
            || text.range(of: #":\s*Bundle\s*=\s*\.main\b"#, options: .regularExpression) != nil
    }

    /// Whether a `NSLocalizedString(` or `String(localized:` call of `text` names no bundle of its own
    /// (the main bundle's tables), or names `.main`.
    private static func localizesFromMainBundle(_ text: String) -> Bool {
        var searchStart = text.startIndex
        while let match = text.range(
            of: #"\bNSLocalizedString\s*\(|\(\s*localized\s*:"#, options: .regularExpression,
            range: searchStart..<text.endIndex)
        {
            searchStart = match.upperBound
            // The call's arguments: to the parenthesis that closes the one matched (strings not told apart).
            let arguments = enclosed(in: text, after: match.upperBound, opening: "(", closing: ")")
            guard let bundle = arguments.range(of: #"\bbundle\s*:\s*"#, options: .regularExpression) else {
                return true
            }
            let named = arguments[bundle.upperBound...]
            if named.hasPrefix(".main")
                || named.range(of: #"^Bundle\s*\.\s*main\b"#, options: .regularExpression) != nil
            {
                return true
            }
        }
        return false
    }

    /// The text of `text` from `start` (just after an `opening` character) to the `closing` one that
    /// closes it, nested pairs counted (strings not told apart); to the end where none closes it.
    private static func enclosed(
        in text: String, after start: String.Index, opening: Character, closing: Character
    ) -> Substring {
        var depth = 1
        var end = start
        while end < text.endIndex {
            if text[end] == opening {
                depth += 1
            } else if text[end] == closing {
                depth -= 1
                if depth == 0 { break }
            }
            end = text.index(after: end)
        }
        return text[start..<end]
    }

    /// Whether Swift source `text` reads the resource bundle SwiftPM generates for a package target:
    /// `Bundle.module`, `bundle: .module` (`NSLocalizedString`, `String(localized:bundle:)`, `Image(_:bundle:)`),
    /// `in: .module` (`UIImage(named:in:with:)`) or `: Bundle = .module`; comments do not count.
    static func readsModuleBundle(_ text: String) -> Bool {
        let code = ProjectModules.withoutComments(text)
        return code.range(of: #"\bBundle\s*\.\s*module\b"#, options: .regularExpression) != nil
            || code.range(of: #"\b(bundle|in)\s*:\s*\.module\b"#, options: .regularExpression) != nil
            || code.range(of: #":\s*Bundle\s*=\s*\.module\b"#, options: .regularExpression) != nil
    }

    /// Whether Swift source `text` declares `Bundle.module` itself: a `static let` or `static var module`
    /// in the body of an `extension Bundle` (or `Foundation.Bundle`), as code built both with and without
    /// SwiftPM does for the build that lacks it; comments do not count.
    static func declaresModuleBundle(_ text: String) -> Bool {
        let code = ProjectModules.withoutComments(text)
        var searchStart = code.startIndex
        while let match = code.range(
            of: #"\bextension\s+(Foundation\s*\.\s*)?Bundle\b[^{]*\{"#, options: .regularExpression,
            range: searchStart..<code.endIndex)
        {
            // The extension's body: to the brace that closes the one the match ends with.
            let body = enclosed(in: code, after: match.upperBound, opening: "{", closing: "}")
            if body.range(of: #"\bstatic\s+(let|var)\s+module\b"#, options: .regularExpression) != nil { return true }
            searchStart = match.upperBound
        }
        return false
    }

    /// The string literal `text` assigns to `property` (`mediaUrlKey = "url"`, `self.mediaUrlKey = "url"`), the
    /// first outside a comment line; nil when none is assigned a literal.
    static func assignedString(to property: String, in text: String) -> String? {
        for line in text.split(whereSeparator: ConditionalCompilation.isLineEnd)
        where !line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("//") {
            for match in line.matches(of: #/(?:^|[^A-Za-z0-9_])([A-Za-z_][A-Za-z0-9_]*)\s*=\s*"([^"\\\n]+)"/#)
            where match.output.1 == property {
                return String(match.output.2)
            }
        }
        return nil
    }

    /// Every `PRODUCT_BUNDLE_IDENTIFIER = ...;` an Xcode project's `project.pbxproj` sets, quotes removed.
    static func bundleIdentifiers(inProject text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).compactMap { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("PRODUCT_BUNDLE_IDENTIFIER = "), trimmed.hasSuffix(";") else { return nil }
            let value = trimmed.dropFirst("PRODUCT_BUNDLE_IDENTIFIER = ".count).dropLast()
            return value.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
    }

    /// The string keys `text` subscripts with (`userInfo["image"]`, `data["url"]`), in order, each once:
    /// where an extension's code reads its payload. Comment lines, `Bundle`'s Info.plist and the environment are skipped.
    static func subscriptKeys(in text: String) -> [String] {
        var keys: [String] = []
        let lines = text.split(whereSeparator: ConditionalCompilation.isLineEnd)
        for line in lines where !line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("//") {
            for match in line.matches(of: #/\[\s*"([^"\\\n]+)"\s*\]/#) {
                // The app's Info.plist and the process's environment are no payload.
                let before = line[..<match.range.lowerBound].reversed().drop { $0 == " " }
                if notPayload.contains(where: { before.starts(with: $0.reversed()) }) { continue }
                let key = String(match.output.1)
                if !keys.contains(key) { keys.append(key) }
            }
        }
        return keys
    }

    /// What a subscript that reads no payload key ends with.
    private static let notPayload = [
        "infoDictionary?", "infoDictionary!", "infoDictionary", "InfoDictionary?", "InfoDictionary!",
        "InfoDictionary", "environment",
    ]

    /// Whether an Xcode project turns bare-slash regex literals off (`SWIFT_ENABLE_BARE_SLASH_REGEX = NO;`);
    /// Xcode's own default is on, so Swift 5 mode code written in Xcode may use `/.../` literals.
    static func disablesBareSlashRegex(inProject text: String) -> Bool {
        text.contains("SWIFT_ENABLE_BARE_SLASH_REGEX = NO;")
    }

    /// The Swift language mode an Xcode project sets (`SWIFT_VERSION = 5.0;` → "5"), nil when none.
    static func swiftVersion(inProject text: String) -> String? {
        guard let range = text.range(of: #"SWIFT_VERSION = ([0-9]+)"#, options: .regularExpression) else {
            return nil
        }
        return String(text[range].split(separator: " ").last ?? "")
    }
}
