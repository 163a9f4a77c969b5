import Foundation
import NSEBenchTestSupport
import Testing

@testable import NSERuntime

/// Bad input for `--extension PATH`: each a typed error naming the path or class.
@Suite("User extension: finding the sources")
struct UserExtensionSourceTests {
    @Test("an Xcode target folder: Info.plist's $(PRODUCT_MODULE_NAME).Class, sources in subfolders")
    func xcodeTarget() throws {
        let folder = try CompiledExamples.folder(
            ["Sources/Service.swift": CompiledExamples.minimal + "\nclass Other: UNNotificationServiceExtension {}"],
            plist: CompiledExamples.plist(principal: "$(PRODUCT_MODULE_NAME).Other"))
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try UserExtensionSource.locate(folder.path)
        #expect(source.principalClass == "Other")
        #expect(source.sources.map(\.lastPathComponent) == ["Service.swift"])
        #expect(source.swiftVersion == "5")
    }

    @Test("a missing path, a folder without Swift files, Objective-C sources")
    func missing() throws {
        #expect(throws: UserExtensionError.notFound(path: "/nonexistent/Service")) {
            try UserExtensionSource.locate("/nonexistent/Service")
        }
        let empty = try CompiledExamples.folder(["README.md": "no code"])
        defer { try? FileManager.default.removeItem(at: empty) }
        #expect(throws: UserExtensionError.noSwiftSources(path: empty.path)) {
            try UserExtensionSource.locate(empty.path)
        }
        let objc = try CompiledExamples.folder(["NotificationService.m": "@implementation X @end", "A.swift": ""])
        defer { try? FileManager.default.removeItem(at: objc) }
        // Beside Swift sources, Objective-C that declares no extension class is code the Swift calls: refused
        // as such. Alone, it is an Objective-C extension nse-bench cannot translate, named at its line.
        #expect(throws: UserExtensionError.objectiveCSources(path: objc.path, files: ["NotificationService.m"])) {
            try UserExtensionSource.locate(objc.path)
        }
        let alone = try CompiledExamples.folder(["NotificationService.m": "@implementation X @end"])
        defer { try? FileManager.default.removeItem(at: alone) }
        #expect(
            throws: UserExtensionError.objectiveCNotTranslated(
                path: alone.path, file: "NotificationService.m", line: 1,
                reason: "@implementation X, whose @interface with its base class is not in the extension's files "
                    + "(nse-bench translates one class: the principal class)")
        ) {
            try UserExtensionSource.locate(alone.path)
        }
    }

    @Test("an Info.plist of another extension point is refused")
    func wrongPoint() throws {
        let folder = try CompiledExamples.folder(
            ["S.swift": CompiledExamples.minimal],
            plist: CompiledExamples.plist(point: "com.apple.widgetkit-extension", principal: "NotificationService"))
        defer { try? FileManager.default.removeItem(at: folder) }
        let plist = folder.appendingPathComponent("Info.plist").path
        #expect(throws: UserExtensionError.wrongExtensionPoint(plist: plist, found: "com.apple.widgetkit-extension")) {
            try UserExtensionSource.locate(folder.path)
        }
    }

    @Test("an extension point left as Xcode's build setting reference is taken; its class decides")
    func extensionPointAsASettingReference() throws {
        // KOIN's Info.plist: `$(NSExtensionPointIdentifier)`, which Xcode fills in when it builds.
        for reference in ["$(NSExtensionPointIdentifier)", "${NSExtensionPointIdentifier}"] {
            let folder = try CompiledExamples.folder(
                ["S.swift": CompiledExamples.minimal],
                plist: CompiledExamples.plist(point: reference, principal: "$(PRODUCT_MODULE_NAME).NotificationService")
            )
            defer { try? FileManager.default.removeItem(at: folder) }
            #expect(try UserExtensionSource.locate(folder.path).principalClass == "NotificationService")
        }
        // Not a whole reference: another extension point's text, refused as before.
        let folder = try CompiledExamples.folder(
            ["S.swift": CompiledExamples.minimal],
            plist: CompiledExamples.plist(point: "$(PREFIX).widget", principal: "NotificationService"))
        defer { try? FileManager.default.removeItem(at: folder) }
        let plist = folder.appendingPathComponent("Info.plist").path
        #expect(throws: UserExtensionError.wrongExtensionPoint(plist: plist, found: "$(PREFIX).widget")) {
            try UserExtensionSource.locate(folder.path)
        }
    }

    @Test("the principal class may derive from a class of the user's own module, which is never one itself")
    func baseClassFromAModule() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("BaseFromModule-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try TemporaryDirectory.write(
            [
                "Core/Base.swift": """
                import UserNotifications
                open class BaseNotificationService: UNNotificationServiceExtension {}
                open class ChattyService: BaseNotificationService {}
                public class Helper {}
                """,
                "Ext/NotificationService.swift": "import Core\nfinal class NotificationService: ChattyService {}\n",
            ], in: root)
        let ext = root.appendingPathComponent("Ext").path
        let located = try UserExtensionSource.locate(ext, modules: ["Core=\(root.appendingPathComponent("Core").path)"])
        #expect(located.principalClass == "NotificationService")
        // Without the module its base is unknown: no subclass, as before.
        #expect(throws: UserExtensionError.noPrincipalClass(path: ext)) { try UserExtensionSource.locate(ext) }
    }

    @Test("a principal class deriving from a class of a module nse-bench lacks names that module")
    func baseInAMissingModule() throws {
        // Some SDKs' extensions subclass the SDK's class (CleverTap's and Pushwoosh's did, before nse-bench had
        // their modules); before, "no subclass" hid why. A vendor nse-bench has no module of:
        let service =
            "import UserNotifications\nimport AcmePushExtension\nimport CoreData\n"
            + "class NotificationService: AcmeNotificationServiceExtension {}\n"
        let folder = try CompiledExamples.folder(["NotificationService.swift": service])
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = UserExtensionError.baseInMissingModule(
            className: "NotificationService", base: "AcmeNotificationServiceExtension",
            modules: ["AcmePushExtension"],
            path: folder.path)
        #expect(throws: expected) { try UserExtensionSource.locate(folder.path) }
        #expect(throws: expected) { try UserExtensionSource.locate(folder.path, principalClass: "NotificationService") }
        #expect(expected.isUsageError)
        #expect(expected.description.hasSuffix("give its Swift sources with --module AcmePushExtension=PATH"))
        // A helper class of another base, with no module missing: no subclass, as before.
        let plain = try CompiledExamples.folder(["S.swift": "import UserNotifications\nclass Helper: Base {}\n"])
        defer { try? FileManager.default.removeItem(at: plain) }
        #expect(throws: UserExtensionError.noPrincipalClass(path: plain.path)) {
            try UserExtensionSource.locate(plain.path)
        }
    }

    @Test("no subclass, several without --principal-class, a class that is no subclass")
    func principalClass() throws {
        let none = try CompiledExamples.folder(["S.swift": "class Helper {}"])
        defer { try? FileManager.default.removeItem(at: none) }
        #expect(throws: UserExtensionError.noPrincipalClass(path: none.path)) {
            try UserExtensionSource.locate(none.path)
        }

        let two = try CompiledExamples.folder([
            "S.swift": CompiledExamples.minimal + "\nclass Second: UNNotificationServiceExtension {}\nclass Helper {}"
        ])
        defer { try? FileManager.default.removeItem(at: two) }
        #expect(
            throws: UserExtensionError.severalPrincipalClasses(
                path: two.path, classes: ["NotificationService", "Second"])
        ) { try UserExtensionSource.locate(two.path) }
        #expect(try UserExtensionSource.locate(two.path, principalClass: "Second").principalClass == "Second")
        #expect(
            throws: UserExtensionError.notAServiceExtension(
                className: "Helper", path: two.path, subclasses: ["NotificationService", "Second"])
        ) { try UserExtensionSource.locate(two.path, principalClass: "Helper") }
    }

    @Test("a single .swift file is an extension of its own; another file is not")
    func singleFile() throws {
        let folder = try CompiledExamples.folder(["Service.swift": CompiledExamples.minimal, "notes.txt": "x"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try UserExtensionSource.locate(folder.appendingPathComponent("Service.swift").path)
        #expect(source.moduleName == "Service")
        #expect(source.sources.count == 1)
        #expect(throws: UserExtensionError.self) {
            try UserExtensionSource.locate(folder.appendingPathComponent("notes.txt").path)
        }
    }

    @Test("usage errors are exit 64; build and load failures exit 1")
    func exitKinds() {
        #expect(UserExtensionError.noPrincipalClass(path: "x").isUsageError)
        #expect(!UserExtensionError.compileFailed(path: "x", messages: "", missingModules: []).isUsageError)
        #expect(!UserExtensionError.loadFailed(path: "x", reason: "").isUsageError)
    }

    @Test("the bundle's resources: groups flattened, asset catalogs and .lproj kept, sources and settings left out")
    func bundleResources() throws {
        let folder = try CompiledExamples.folder(
            [
                "Service.swift": CompiledExamples.minimal + "\nlet logo: UIImage? = .init(named: \"logo\")\n",
                "Support/config.json": "{}", "Other/config.json": "{}", "Images/badge.png": "x",
                "Assets.xcassets/Teams/logo.imageset/Contents.json": "{}",
                "Assets.xcassets/Teams/logo.imageset/logo@3x.png": "x", "Base/en.lproj/Localizable.strings": "",
                "Service.entitlements": "", "Build.xcconfig": "", "Supporting/Info.plist": "", "Pods/Kit/icon.png": "x",
                "Vendor.framework/Info.plist": "", "build/Debug/App.appex/logo.png": "x", "Other/executable-path": "",
            ],
            plist: CompiledExamples.plist(principal: "NotificationService"))
        defer { try? FileManager.default.removeItem(at: folder) }
        let bundle = try #require(try UserExtensionSource.locate(folder.path).mainBundle, "UIImage(named:) reads it")
        #expect(
            bundle.resources.map(\.bundlePath) == [
                "Assets.xcassets/Teams/logo.imageset/Contents.json", "Assets.xcassets/Teams/logo.imageset/logo@3x.png",
                "en.lproj/Localizable.strings", "badge.png", "config.json",
            ])
        #expect(
            bundle.resources.first { $0.bundlePath == "config.json" }?.file.path.hasSuffix("Other/config.json") == true)
    }

    @Test("Bundle.main: the Info.plist's identifier, else the project's for the target, else a stand-in")
    func mainBundle() throws {
        let reads = CompiledExamples.minimal + "\nlet id = Bundle.main.bundleIdentifier\n"
        let none = try CompiledExamples.folder(["S.swift": CompiledExamples.minimal])
        defer { try? FileManager.default.removeItem(at: none) }
        #expect(try UserExtensionSource.locate(none.path).mainBundle == nil, "only for sources naming Bundle.main")

        let literal = try CompiledExamples.folder(
            ["S.swift": reads],
            plist: CompiledExamples.plist(principal: "NotificationService").replacingOccurrences(
                of: "<dict><key>NSExtension</key>",
                with: "<dict><key>CFBundleIdentifier</key><string>com.acme.nse</string>"
                    + "<key>Greeting</key><string>$(PRODUCT_MODULE_NAME) ${TARGET_NAME} $(UNKNOWN)</string>"
                    + "<key>NSExtension</key>"))
        defer { try? FileManager.default.removeItem(at: literal) }
        let bundle = try #require(try UserExtensionSource.locate(literal.path).mainBundle)
        #expect(bundle.bundleIdentifier == "com.acme.nse" && bundle.identifierSource == .infoPlist)
        let written = try #require(
            try PropertyListSerialization.propertyList(from: bundle.infoPlist, format: nil) as? [String: Any])
        let module = try UserExtensionSource.locate(literal.path).moduleName
        #expect(written["Greeting"] as? String == "\(module) \(literal.lastPathComponent) $(UNKNOWN)")
        #expect(
            (written["NSExtension"] as? [String: Any])?["NSExtensionPrincipalClass"] as? String == "NotificationService"
        )

        let standIn = try CompiledExamples.folder(["S.swift": reads])
        defer { try? FileManager.default.removeItem(at: standIn) }
        let guessed = try #require(try UserExtensionSource.locate(standIn.path).mainBundle)
        #expect(guessed.identifierSource == .standIn)
        #expect(guessed.bundleIdentifier == "com.example.\(try UserExtensionSource.locate(standIn.path).moduleName)")
    }

    @Test("a project's bundle identifiers: quoted or not, placeholders left for the Info.plist's turn")
    func projectIdentifiers() {
        let text = """
            \t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = com.acme.Chat;
            \t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = "com.acme.Chat.NotificationService";
            \t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = "$(inherited).tests";
            \t\t\t\tSWIFT_VERSION = 5.0;
            """
        #expect(
            ExtensionSourceScan.bundleIdentifiers(inProject: text) == [
                "com.acme.Chat", "com.acme.Chat.NotificationService", "$(inherited).tests",
            ])
        #expect(
            ExtensionSourceScan.bundleIdentifiers(inProject: text.replacingOccurrences(of: "\n", with: "\r\n")).count
                == 3, "a project saved with CRLF line ends")
    }

    @Test("which sources read the main bundle, however the line is broken")
    func readsMainBundle() {
        #expect(ExtensionSourceScan.readsMainBundle("let id = Bundle.main.bundleIdentifier!"))
        #expect(ExtensionSourceScan.readsMainBundle("let id = Bundle\n    .main\n    .bundleIdentifier"))
        #expect(ExtensionSourceScan.readsMainBundle("let bundle: Bundle = .main"))
        #expect(!ExtensionSourceScan.readsMainBundle("let b = MyBundle.mainThing; let c = MyBundle(for: X.self)"))
        #expect(
            ExtensionSourceScan.readsMainBundle("let c = Bundle(for: BundleToken.self)"),
            "a class of the extension's is in its bundle, the main one (SwiftGen's BundleToken)")
        #expect(ExtensionSourceScan.readsMainBundle("let t = NSLocalizedString(\"k\", comment: f(1))"))
        #expect(ExtensionSourceScan.readsMainBundle("let t = String(localized: \"k\", bundle: .main)"))
        #expect(
            !ExtensionSourceScan.readsMainBundle(
                "let t = NSLocalizedString(\"k\", tableName: nil,\n    bundle: .module, comment: \"\")"),
            "another bundle's tables")
        #expect(!ExtensionSourceScan.readsMainBundle("let t = String(localized: \"k\", bundle: Self.bundle)"))
    }

    @Test("which package sources read SwiftPM's Bundle.module, and which declare their own")
    func readsModuleBundle() {
        #expect(
            ExtensionSourceScan.readsModuleBundle(
                "let text = Bundle.module.localizedString(forKey: k, value: nil, table: nil)"))
        #expect(ExtensionSourceScan.readsModuleBundle("NSLocalizedString(\"k\", bundle: .module, comment: \"\")"))
        #expect(ExtensionSourceScan.readsModuleBundle("String(localized: \"k\", bundle: .module)"))
        #expect(ExtensionSourceScan.readsModuleBundle("let bundle: Bundle = .module"))
        #expect(!ExtensionSourceScan.readsModuleBundle("let b = Bundle.main; let kind = Kind.modules; x.module"))
        #expect(
            ExtensionSourceScan.declaresModuleBundle(
                "extension Foundation.Bundle {\n    static var module: Bundle { Bundle(for: Token.self) }\n}"))
        #expect(!ExtensionSourceScan.declaresModuleBundle("let text = Bundle.module.bundlePath"))
        #expect(ExtensionSourceScan.readsModuleBundle("let image = UIImage(named: \"logo\", in: .module, with: nil)"))
        #expect(!ExtensionSourceScan.readsModuleBundle("// TODO: use Bundle.module\n/* bundle: .module */ let x = 1"))
        // Each in a body of its own: an extension of Bundle that declares something else, and another type's
        // static `module`.
        let apart = """
            extension Bundle { var appVersion: String { "1" } }
            enum Feature { static let module = "chat" }
            let text = NSLocalizedString("k", bundle: .module, comment: "")
            """
        #expect(!ExtensionSourceScan.declaresModuleBundle(apart))
        #expect(ExtensionSourceScan.readsModuleBundle(apart))
        #expect(
            ExtensionSourceScan.declaresModuleBundle(
                "extension Foundation.Bundle: @unchecked Sendable {\n  struct Inner { }\n  static let module = Bundle.main\n}"
            ))
        #expect(!ExtensionSourceScan.declaresModuleBundle("// extension Bundle { static let module = x }"))
    }

    @Test("a package's target folder given alone is a package target; a plain folder is not")
    func packageTargetsAreTold() throws {
        CompiledExamples.keepManifestsInTestCache()
        let directory = try TemporaryDirectory(prefix: "package-targets")
        defer { directory.remove() }
        let root = directory.url
        try TemporaryDirectory.write(
            [
                "Kit/Package.swift": "// swift-tools-version:5.9\n",
                "Kit/Sources/Kit/Kit.swift": "public let kitBundle = Bundle.module\n",
                "Plain/Plain.swift": "public let plainBundle = Bundle.module\n",
                "Own/Package.swift": "// swift-tools-version:5.9\n",
                "Own/Sources/Own/Own.swift":
                    "#if !SWIFT_PACKAGE\nextension Bundle { static let module = Bundle.main }\n#endif\nlet b = Bundle.module\n",
            ], in: root)
        let package = try ExtensionModule.locate(root.appendingPathComponent("Kit").path)
        let folder = try ExtensionModule.locate(root.appendingPathComponent("Kit/Sources/Kit").path)
        let plain = try ExtensionModule.locate(root.appendingPathComponent("Plain").path)
        let own = try ExtensionModule.locate(root.appendingPathComponent("Own").path)
        #expect(package.isPackageTarget && package.usesPackageResources)
        #expect(folder.isPackageTarget && folder.usesPackageResources)
        #expect(!plain.isPackageTarget && !plain.usesPackageResources, "Bundle.module is SwiftPM's, for packages only")
        #expect(own.isPackageTarget && own.usesPackageResources, "its own accessor is for builds without SwiftPM")
    }

    @Test("a project that sets only the app's identifier does not name the extension's")
    func onlyTheAppsIdentifier() throws {
        let bundle = try ExtensionMainBundle.make(
            moduleName: "M", targetName: "NotificationService", plist: nil,
            projectIdentifiers: ["com.acme.App", "$(APP_ID).NotificationService"])
        #expect(bundle.identifierSource == .standIn)
        let named = try ExtensionMainBundle.make(
            moduleName: "M", targetName: "Rich", plist: nil,
            projectIdentifiers: ["com.acme.App", "com.acme.App.notificationservice"])
        #expect(
            named.bundleIdentifier == "com.acme.App.notificationservice", "the only one naming a notification service")
    }
}
