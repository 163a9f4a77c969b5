import Foundation
import NSEBenchTestSupport
import Testing

@testable import NSERuntime

// Nested in ProjectModulesTests, whose suite is serialized: both run SwiftPM and compile modules, each
// holding a thread of the pool while it waits, and run side by side they left the timing tests beside
// them (InvocationCohortTests) without one for 30 s.
extension ProjectModulesTests {
    /// A Swift package's manifest, read as SwiftPM reads it (`swift package dump-package`): a target's own
    /// path, what it excludes, its defines for an iPhone's release build, its resources' rules and the
    /// packages it depends on by path.
    @Suite("User extension: Swift package manifests", .timeLimit(.minutes(3)))
    struct PackageManifestTests {
        /// The package `Kit` (its target `Kit` at `Code/`, as `path: "Code"` sets it) and its path dependency.
        static func package() throws -> TemporaryDirectory {
            CompiledExamples.keepManifestsInTestCache()
            let directory = try TemporaryDirectory(prefix: "package-manifest")
            try TemporaryDirectory.write(
                [
                    "Kit/Package.swift": """
                    // swift-tools-version:5.9
                    import PackageDescription
                    let package = Package(
                        name: "Kit",
                        products: [.library(name: "KitLibrary", targets: ["Kit"])],
                        dependencies: [
                            .package(path: "../Helpers"), .package(url: "https://github.com/example/Remote.git", from: "1.0.0"),
                        ],
                        targets: [
                            .target(
                                name: "Kit", dependencies: [.product(name: "Helpers", package: "Helpers"), .product(name: "RemoteKit", package: "remote"), "Remote"], path: "Code",
                                exclude: ["Legacy", "Notes.txt"], resources: [.process("Text"), .copy("Raw"), .embedInCode("Seed")],
                                swiftSettings: [
                                    .define("KIT"), .define("ON_IPHONE", .when(platforms: [.iOS])),
                                    .define("ON_MAC", .when(platforms: [.macOS])), .define("IN_DEBUG", .when(configuration: .debug)),
                                    .unsafeFlags(["-DFLAGGED", "-D", "SPACED", "-Onone", "-Xcc", "-DCLANG_ONLY", "-Xcc", "-DWITH_VALUE=1"]),
                                ]),
                            .testTarget(name: "KitTests", dependencies: ["Kit"]),
                        ]
                    )
                    """,
                    // Swift files outside a target's own folder are not its: `Sources/` holds none here.
                    "Kit/Code/Kit.swift": """
                    import Helpers
                    #if KIT && ON_IPHONE && !ON_MAC && !IN_DEBUG && SWIFT_PACKAGE && FLAGGED && SPACED && !CLANG_ONLY
                    let settings = "set \\(PackageResources.seed_v1_json.count)"
                    #else
                    let settings = "unset"
                    #endif
                    public enum Kit {
                        public static func title(_ text: String) -> String {
                            let greeting = NSLocalizedString("greeting", bundle: .module, comment: "")
                            let raw = Bundle.module.url(forResource: "Raw/inner/data", withExtension: "txt")
                                .map { try! String(contentsOf: $0, encoding: .utf8) } ?? "no raw"
                            return "\\(Helpers.mark)\\(text) \\(greeting) \\(raw) \\(settings)"
                        }
                    }
                    """,
                    "Kit/Code/Legacy/Old.swift": "let broken: Int = \"excluded, never compiled\"\n",
                    "Kit/Code/Notes.txt": "excluded\n",
                    "Kit/Code/Seed/seed.v1.json": "[1,2]",
                    "Kit/Code/Text/en.lproj/Localizable.strings": "\"greeting\" = \"hello\";\n",
                    "Kit/Code/Text/flat.json": "{}\n",
                    "Kit/Code/Raw/inner/data.txt": "raw",
                    "Kit/Code/Undeclared.txt": "not a resource\n",
                    "Kit/Tests/KitTests/KitTests.swift": "import Kit\n",
                    "Helpers/Package.swift":
                        "// swift-tools-version:5.9\nimport PackageDescription\n"
                        + "let package = Package(name: \"Helpers\", products: [.library(name: \"Helpers\", targets: [\"Helpers\"])], "
                        + "targets: [.target(name: \"Helpers\", path: \"Sources\")])\n",
                    // home-assistant/iOS's shape: `path: "Sources"`, the files straight in it.
                    "Helpers/Sources/Helpers.swift": "public enum Helpers { public static let mark = \"* \" }\n",
                    "Helpers/Sources/Nested/More.swift": "enum More {}\n",
                ], in: directory.url)
            return directory
        }

        @Test func theManifestGivesTargetsPathsExclusionsDefinesResourcesAndDependencies() throws {
            let directory = try Self.package()
            defer { directory.remove() }
            let folder = directory.url.appendingPathComponent("Kit")
            let manifest = try PackageManifestReader.manifest(ofPackageAt: folder).get()
            #expect(manifest.name == "Kit")
            #expect(manifest.targets.map(\.name) == ["Kit", "KitTests"])
            #expect(manifest.targets.map(\.isCompilable) == [true, false])
            #expect(manifest.products == [PackageManifest.Product(name: "KitLibrary", targets: ["Kit"])])
            #expect(manifest.pathDependencies == [directory.url.appendingPathComponent("Helpers").standardizedFileURL])
            let kit = try #require(manifest.target(named: "Kit"))
            #expect(
                kit.defines == ["KIT", "ON_IPHONE", "FLAGGED", "SPACED"],
                "not macOS's, not debug's; unsafeFlags' own -D, not clang's")
            #expect(
                manifest.embeddedFiles(of: kit, among: UserExtensionSource.allFiles(under: manifest.folder(of: kit)))
                    .map(\.lastPathComponent) == ["seed.v1.json"])
            #expect(kit.dependencies == ["Helpers", "RemoteKit", "Remote"])
            #expect(
                manifest.remoteSource(ofProduct: "Remote")?.location == "https://github.com/example/Remote.git",
                "a bare name no target has: the product of the dependency of that name")
            #expect(manifest.remoteSource(ofProduct: "RemoteKit")?.location == "https://github.com/example/Remote.git")
            #expect(manifest.remoteSource(ofProduct: "RemoteKit")?.target == "Kit")
            #expect(manifest.remoteSource(ofProduct: "Helpers") == nil, "a local package's")
            let code = folder.appendingPathComponent("Code").standardizedFileURL
            #expect(manifest.folder(of: kit) == code)
            let files = UserExtensionSource.allFiles(under: code)
            #expect(
                manifest.members(of: kit, among: files).map { UserExtensionSource.relative($0, to: code) }.sorted() == [
                    "Kit.swift", "Undeclared.txt",
                ], "neither excluded nor a declared resource")
            let placed = manifest.resourcePlacements(of: kit, among: files).map(\.bundlePath).sorted()
            #expect(placed == ["Raw/inner/data.txt", "en.lproj/Localizable.strings", "flat.json"], "\(placed)")
        }

        @Test func aModuleFromThePackageCompilesAsSwiftPMBuildsItAndRunsInTheExtension() async throws {
            let directory = try Self.package()
            defer { directory.remove() }
            let kit = try ExtensionModule.locate(directory.url.appendingPathComponent("Kit").path)
            #expect(kit.name == "Kit" && kit.isPackageTarget && kit.usesPackageResources && kit.manifestProblem == nil)
            #expect(kit.sources.map(\.lastPathComponent) == ["Kit.swift"], "Legacy/ is excluded")
            #expect(kit.conditions == ["SWIFT_PACKAGE", "KIT", "ON_IPHONE", "FLAGGED", "SPACED"])
            let helpers = try ExtensionModule.locate(directory.url.appendingPathComponent("Helpers").path)
            #expect(helpers.root.lastPathComponent == "Sources")
            #expect(helpers.sources.map(\.lastPathComponent) == ["Helpers.swift", "More.swift"])
            let service = try CompiledExamples.folder([
                "Service.swift": """
                import UserNotifications
                import Kit
                class NotificationService: UNNotificationServiceExtension {
                    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                        let content = request.content.mutableCopy() as! UNMutableNotificationContent
                        content.title = Kit.title(content.title)
                        contentHandler(content)
                    }
                }
                """
            ])
            defer { try? FileManager.default.removeItem(at: service) }
            let title = try await CompiledExamples.deliveredTitle(
                ofExtensionAt: service, forTitle: "news",
                modules: [
                    directory.url.appendingPathComponent("Helpers").path,
                    directory.url.appendingPathComponent("Kit").path,
                ])
            #expect(
                title == "* news hello raw set 5", "seed.v1.json's 5 bytes, embedded as PackageResources.seed_v1_json")
        }

        @Test func aManifestThatDoesNotReadIsNamedAndItsTargetFoundByItsFolder() throws {
            CompiledExamples.keepManifestsInTestCache()
            let directory = try TemporaryDirectory(prefix: "package-manifest-broken")
            defer { directory.remove() }
            try TemporaryDirectory.write(
                [
                    "Broken/Package.swift":
                        "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(\n",
                    "Broken/Sources/Broken/Broken.swift": "public enum Broken {}\n",
                    "Service/Service.swift": """
                    import UserNotifications
                    import Broken
                    class NotificationService: UNNotificationServiceExtension {}
                    """,
                ], in: directory.url)
            let folder = directory.url.appendingPathComponent("Broken")
            guard case .failure(let failure) = PackageManifestReader.manifest(ofPackageAt: folder) else {
                Issue.record("a manifest cut short was read")
                return
            }
            #expect(failure.reason.hasPrefix("swift package dump-package failed: "), "\(failure.reason)")
            let module = try ExtensionModule.locate(folder.path)
            #expect(module.name == "Broken" && module.isPackageTarget)
            #expect(module.manifestProblem == failure.description)
            let source = try UserExtensionSource.locate(
                directory.url.appendingPathComponent("Service").path, modules: [folder.path])
            #expect(
                source.projectNotes == [
                    "not read: \(failure.description); its targets were found by their folders (Sources/NAME), every Swift "
                        + "file in them compiled, none of its settings applied"
                ])
        }

        @Test func whatSwiftPMGaveIsKeptInTheCacheReadFromItAndACutFileReplaced() throws {
            let directory = try Self.package()
            defer { directory.remove() }
            try TemporaryDirectory.write(
                ["Broken/Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\nlet package = 1 +\n"],
                in: directory.url)
            func environment(_ cache: String) -> [String: String] {
                var environment = ProcessInfo.processInfo.environment
                environment["NSE_BENCH_CACHE"] = directory.url.appendingPathComponent(cache).path
                return environment
            }
            func kept(_ cache: String) throws -> [String] {
                try FileManager.default.contentsOfDirectory(
                    atPath: directory.url.appendingPathComponent("\(cache)/manifests").path
                ).filter { $0 != "scratch" }.sorted()
            }
            let kit = directory.url.appendingPathComponent("Kit")
            let broken = directory.url.appendingPathComponent("Broken")
            let read = try PackageManifestReader.manifest(ofPackageAt: kit, environment: environment("a")).get()
            guard
                case .failure(let failure) = PackageManifestReader.manifest(
                    ofPackageAt: broken, environment: environment("a"))
            else {
                Issue.record("a manifest that does not compile was read")
                return
            }
            #expect(failure.reason.contains("Package.swift:4:1: error:"), "the manifest's own error: \(failure.reason)")
            let files = try kept("a")
            #expect(
                files.count == 2 && files.contains { $0.hasSuffix(".json") }
                    && files.contains { $0.hasSuffix(".failed") })
            // Another process (another cache folder here, unread in this one) reads what was kept, not SwiftPM:
            // the JSON with a target renamed reads renamed, the failure with its text changed changes.
            let a = directory.url.appendingPathComponent("a/manifests")
            let b = directory.url.appendingPathComponent("b/manifests")
            try FileManager.default.createDirectory(at: b, withIntermediateDirectories: true)
            for name in files {
                let text = try String(contentsOf: a.appendingPathComponent(name), encoding: .utf8)
                try text.replacingOccurrences(of: "\"Kit\"", with: "\"Kat\"")
                    .replacingOccurrences(of: "dump-package failed", with: "KEPT")
                    .write(to: b.appendingPathComponent(name), atomically: true, encoding: .utf8)
            }
            let again = try PackageManifestReader.manifest(ofPackageAt: kit, environment: environment("b")).get()
            #expect(again.targets.map(\.name) == read.targets.map { $0.name == "Kit" ? "Kat" : $0.name })
            guard
                case .failure(let keptFailure) = PackageManifestReader.manifest(
                    ofPackageAt: broken, environment: environment("b"))
            else {
                Issue.record("the kept failure was not read")
                return
            }
            #expect(keptFailure.reason.hasPrefix("swift package KEPT: "))
            // A file cut short (a full disk) is read again and replaced.
            let c = directory.url.appendingPathComponent("c/manifests")
            try FileManager.default.createDirectory(at: c, withIntermediateDirectories: true)
            let json = try #require(files.first { $0.hasSuffix(".json") })
            try Data("{\"name\": \"Ki".utf8).write(to: c.appendingPathComponent(json))
            #expect(try PackageManifestReader.manifest(ofPackageAt: kit, environment: environment("c")).get() == read)
            #expect(
                try Data(contentsOf: c.appendingPathComponent(json)) == Data(contentsOf: a.appendingPathComponent(json))
            )
        }

        @Test func anEmbeddedFilesNameIsMadeAnIdentifierAsSwiftPMMakesIt() {
            #expect(ExtensionEntryFile.c99Identifier("seed.v1.json") == "seed_v1_json")
            #expect(ExtensionEntryFile.c99Identifier("1x.json") == "_x_json", "a leading digit replaced, not prefixed")
            #expect(ExtensionEntryFile.c99Identifier("cafe\u{301}.json") == "caf\u{E9}_json", "composed, letters kept")
            #expect(ExtensionEntryFile.c99Identifier("a-b c.txt") == "a_b_c_txt")
        }

        @Test func swiftPMsReasonIsTheManifestsOwnErrorNotTheCommandItRan() {
            let messages = """
                error: 'pk': Invalid manifest (compiled with: ["/opt/swift/usr/bin/swiftc", "-vfsoverlay", "/tmp/x"])
                /tmp/pk/Package.swift:3:15: error: cannot find 'Pakage' in scope
                1 | import PackageDescription
                """
            #expect(
                PackageManifestReader.firstError(in: messages)
                    == "/tmp/pk/Package.swift:3:15: error: cannot find 'Pakage' in scope")
            #expect(
                PackageManifestReader.firstError(in: "warning: x\n<unknown>:0: error: cannot write module cache\n")
                    == "<unknown>:0: error: cannot write module cache")
        }

        @Test func jsonOfAShapeThisReaderDoesNotKnowIsRefusedNotReadAsEmpty() {
            let folder = URL(fileURLWithPath: "/tmp/package")
            let shapes = [
                #"{"name": "P", "targets": []}"#,
                #"{"name": "P", "toolsVersion": {"_version": "5.8.0"}, "targets": [{"name": "T", "type": "regular", "settings": [{"tool": "swift", "name": "define", "value": ["X"]}]}]}"#,
                #"{"name": "P", "toolsVersion": {"_version": "5.5.0"}, "targets": [], "dependencies": [{"local": [{"path": "../D"}]}]}"#,
                #"{"name": "P", "toolsVersion": {"_version": "6.0.0"}, "targets": [{"name": "T", "type": "regular", "dependencies": [{"somethingNew": ["X"]}]}]}"#,
            ]
            for json in shapes {
                #expect(throws: PackageManifest.FormatError.self, "\(json)") {
                    try PackageManifest(json: Data(json.utf8), folder: folder)
                }
            }
        }

        @Test func whatSwiftPMLeavesOutOfATargetsSourcesIsNotCompiled() throws {
            CompiledExamples.keepManifestsInTestCache()
            let directory = try TemporaryDirectory(prefix: "package-manifest-members")
            defer { directory.remove() }
            try TemporaryDirectory.write(
                [
                    "Package.swift":
                        "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Root\", "
                        + "defaultLocalization: \"fr\", targets: [.target(name: \"Root\", path: \".\", "
                        + "resources: [.copy(\"Templates\"), .process(\"Greeting.strings\", localization: .default)])])\n",
                    // For a toolchain to come: this one reads Package.swift; neither compiles into the target.
                    "Package@swift-99.0.swift": "import PackageDescription\n",
                    "Root.swift": "public enum Root {}\n",
                    "Templates/Thing.swift": "let copied: Int = \"a resource, not a source\"\n",
                    "Root.docc/Resources/code-01.swift": "import SwiftUI\n",
                    "Greeting.strings": "\"hi\" = \"salut\";\n",
                ], in: directory.url)
            let module = try ExtensionModule.locate(directory.url.path)
            #expect(module.sources.map(\.lastPathComponent) == ["Root.swift"])
            let placed = try #require(module.resourcePlacements).map(\.bundlePath).sorted()
            #expect(placed == ["Templates/Thing.swift", "fr.lproj/Greeting.strings"], "\(placed)")
        }

        @Test func aTargetFolderGivenAloneIsAPackageTargetOnlyWhereTheManifestSaysSo() throws {
            CompiledExamples.keepManifestsInTestCache()
            let directory = try TemporaryDirectory(prefix: "package-manifest-folders")
            defer { directory.remove() }
            try TemporaryDirectory.write(
                [
                    // A tool's manifest at the repository's root, whose only target is not the app's shared code.
                    "Package.swift":
                        "// swift-tools-version:5.9\nimport PackageDescription\n"
                        + "let package = Package(name: \"Tools\", targets: [.executableTarget(name: \"Tool\"), "
                        + ".target(name: \"ToolKit\")])\n",
                    "Sources/Tool/main.swift": "print(1)\n",
                    "Sources/ToolKit/ToolKit.swift": "public enum ToolKit {}\n",
                    "Sources/Shared/Shared.swift": "public let bundle = Bundle.module\n",
                ], in: directory.url)
            let kit = try ExtensionModule.locate(directory.url.appendingPathComponent("Sources/ToolKit").path)
            #expect(kit.isPackageTarget)
            let tool = try ExtensionModule.locate(directory.url.appendingPathComponent("Sources/Tool").path)
            #expect(!tool.isPackageTarget, "an executable's target, whose module no extension imports")
            let shared = try ExtensionModule.locate(directory.url.appendingPathComponent("Sources/Shared").path)
            #expect(!shared.isPackageTarget && !shared.usesPackageResources, "not a target of the manifest beside it")
        }

        @Test func aNameThatIsNoTargetIsRefusedNamingTheTargetsAndTheProduct() throws {
            let directory = try Self.package()
            defer { directory.remove() }
            let kit = directory.url.appendingPathComponent("Kit").path
            do {
                _ = try ExtensionModule.locate("KitLibrary=\(kit)")
                Issue.record("a product's name was taken for a target's")
            } catch {
                guard case .badModule(_, let reason) = error else {
                    Issue.record("\(error)")
                    return
                }
                #expect(
                    reason
                        == "the Swift package Kit's manifest has no target named KitLibrary (it has targets Kit); its "
                        + "product KitLibrary is made of Kit: name the module your code imports")
            }
        }
    }
}
