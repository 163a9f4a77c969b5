import Foundation
import Testing

@testable import NSERuntime

/// `--module`: finding the user's own modules, the order they compile in, and what cannot be one.
@Suite("User extension: its own modules, found")
struct ExtensionModuleTests {
    /// A folder holding `files` (relative path → text), removed by the caller.
    func folder(_ files: [String: String]) throws -> URL {
        try CompiledExamples.folder(files)
    }

    func badModuleReason(_ specification: String) -> String? {
        do {
            _ = try ExtensionModule.locate(specification)
            return nil
        } catch {
            guard case .badModule(let given, let reason) = error else { return "not badModule: \(error)" }
            #expect(given == specification || specification.hasSuffix(given))
            return reason
        }
    }

    @Test("a folder's module is named by the folder, or by NAME=; its sources and imports are read")
    func folderModule() throws {
        let root = try folder([
            "Models/Push.swift": "import Foundation\nimport Shared\npublic struct Push {}\n",
            "Models/Sub/More.swift": "import UserNotifications\n",
            "Models/notes.txt": "not Swift",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let models = root.appendingPathComponent("Models").path
        let byFolder = try ExtensionModule.locate(models)
        #expect(byFolder.name == "Models")
        #expect(byFolder.sources.map(\.lastPathComponent) == ["Push.swift", "More.swift"])
        #expect(byFolder.imports == ["Foundation", "Shared", "UserNotifications"])
        #expect(byFolder.aliasesFileManager)
        #expect(try ExtensionModule.locate("AppModels=\(models)").name == "AppModels")
        let file = try ExtensionModule.locate("\(models)/Push.swift")
        #expect(file.name == "Push")
        #expect(file.sources.count == 1)
    }

    @Test("a Swift package's folder gives its target folder: the one named, or its only one")
    func packageTarget() throws {
        CompiledExamples.keepManifestsInTestCache()
        let root = try folder([
            "One/Package.swift": "// swift-tools-version:5.9\n",
            "One/Source/JSONKit/JSONKit.swift": "public struct JSON {}\n",
            "Two/Package.swift": "// swift-tools-version:5.9\n",
            "Two/Sources/Core/Core.swift": "public struct Core {}\n",
            "Two/Sources/Extras/Extras.swift": "import Core\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let one = try ExtensionModule.locate(root.appendingPathComponent("One").path)
        #expect(one.name == "JSONKit")
        #expect(one.sources.map(\.lastPathComponent) == ["JSONKit.swift"])
        let two = root.appendingPathComponent("Two").path
        #expect(try ExtensionModule.locate("Extras=\(two)").imports == ["Core"])
        let several = try #require(badModuleReason(two))
        #expect(several.contains("target folders Sources/Core, Sources/Extras: name one with --module NAME=PATH"))
        let missing = try #require(badModuleReason("core=\(two)"))
        #expect(missing.contains("no target folder named exactly core (it has target folders Sources/Core"))
    }

    @Test("bad input: nothing there, no name, no Swift, Objective-C, a name taken twice")
    func badInput() throws {
        let root = try folder([
            "123/A.swift": "", "Empty/readme.txt": "", "Mixed/A.swift": "", "Mixed/B.m": "",
            "Plain/file.txt": "", "Latin/L.swift": "",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(badModuleReason("/no/such/folder")?.contains("nothing at /no/such/folder") == true)
        #expect(badModuleReason("Name=")?.contains("no path after =") == true)
        #expect(badModuleReason(root.appendingPathComponent("123").path)?.contains("no Swift module name") == true)
        #expect(
            badModuleReason("Good-Name=\(root.path)/123")?.contains("\"Good-Name\" is no Swift module name") == true)
        #expect(badModuleReason("\(root.path)/Plain/file.txt")?.contains("neither a folder nor a .swift file") == true)
        #expect(badModuleReason("\(root.path)/Empty") == "no .swift files in \(root.path)/Empty")
        try Data([0x2F, 0x2F, 0x20, 0xE9, 0xFF, 0x0A]).write(to: root.appendingPathComponent("Latin/L.swift"))
        #expect(badModuleReason("\(root.path)/Latin") == "cannot read \(root.path)/Latin/L.swift as UTF-8 text")
        #expect(
            badModuleReason("\(root.path)/Mixed")
                == "Objective-C or C sources (B.m): nse-bench compiles Swift modules only")
        let twice = try ExtensionModule.locate("\(root.path)/123/A.swift")
        #expect(
            throws: UserExtensionError.badModule(
                specification: twice.path, reason: "a second module named A (the first is \(twice.path))")
        ) { try ExtensionModule.buildOrder([twice, twice]) }
    }

    func module(_ name: String, imports: [String]) -> ExtensionModule {
        ExtensionModule(
            name: name, path: "/\(name)", root: URL(fileURLWithPath: "/\(name)"), sources: [], imports: imports,
            aliasesFileManager: true)
    }

    @Test("each module compiles after the ones it imports; modules that import each other are refused")
    func buildOrder() throws {
        let ordered = try ExtensionModule.buildOrder([
            module("Feature", imports: ["Foundation", "Networking", "Models"]),
            module("Networking", imports: ["Models"]),
            module("Models", imports: ["Foundation"]),
        ])
        #expect(ordered.map(\.name) == ["Models", "Networking", "Feature"])
        do {
            _ = try ExtensionModule.buildOrder([module("A", imports: ["B"]), module("B", imports: ["A"])])
            Issue.record("a cycle was ordered")
        } catch {
            #expect(error.description.contains("modules that import each other (A, B)"))
            #expect(error.isUsageError)
        }
    }
}
