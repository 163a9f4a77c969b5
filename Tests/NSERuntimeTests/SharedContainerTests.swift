import Foundation
import Testing

@testable import NSERuntime

/// The App Group analogue: a private directory with a private key file, and every way reading it fails.
@Suite("Shared container")
struct SharedContainerTests {
    static let key = [UInt8]((0..<32).map { UInt8($0 * 7 % 256) })

    /// A fresh parent directory for one test; the test removes it with ``removeParent(_:)``.
    private static func makeParent() throws -> URL {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent(
            "nse-bench-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        return parent
    }

    private static func removeParent(_ parent: URL) {
        try? FileManager.default.removeItem(at: parent)
    }

    private static func mode(of url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return try #require(attributes[.posixPermissions] as? NSNumber).intValue & 0o7777
    }

    @Test("the directory is 0700, the key file 0600, and the key reads back")
    func createAndLoad() throws {
        let parent = try Self.makeParent()
        defer { Self.removeParent(parent) }
        let container = try SharedContainer(creatingIn: parent, key: Self.key)
        #expect(container.directory.deletingLastPathComponent().standardizedFileURL == parent.standardizedFileURL)
        #expect(container.keyFile.lastPathComponent == "payload.key")
        #expect(try Self.mode(of: container.directory) == 0o700)
        #expect(try Self.mode(of: container.keyFile) == 0o600)
        #expect(try container.loadKey() == Self.key)
        #expect(try SharedContainer(directory: container.directory).loadKey() == Self.key)
    }

    @Test("an App Group folder is copied in, subfolders and all, beside the key, and Preferences is made")
    func copiesAnAppGroupFolder() throws {
        let parent = try Self.makeParent()
        defer { Self.removeParent(parent) }
        let source = parent.appendingPathComponent("group", isDirectory: true)
        let preferences = source.appendingPathComponent("Library/Preferences", isDirectory: true)
        try FileManager.default.createDirectory(at: preferences, withIntermediateDirectories: true)
        try Data("plist".utf8).write(to: preferences.appendingPathComponent("group.com.example.plist"))
        try Data("{}".utf8).write(to: source.appendingPathComponent("config.json"))
        let container = try SharedContainer(creatingIn: parent, key: Self.key)
        try container.copyContents(of: source)
        let copied = container.preferencesDirectory.appendingPathComponent("group.com.example.plist")
        #expect(try String(contentsOf: copied, encoding: .utf8) == "plist")
        #expect(FileManager.default.fileExists(atPath: container.directory.appendingPathComponent("config.json").path))
        #expect(try container.loadKey() == Self.key, "the run's key is still there")

        let bare = try SharedContainer(creatingIn: parent, key: Self.key)
        try bare.copyContents(of: parent.appendingPathComponent("group/Library/Preferences"))
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: bare.preferencesDirectory.path, isDirectory: &isDirectory))
        #expect(isDirectory.boolValue, "made when the folder had none")
    }

    @Test("what is copied is the owner's to write, as an app's container is; links and the work folder are refused")
    func copiedFilesAreWritableAndLinksRefused() throws {
        let parent = try Self.makeParent()
        defer { Self.removeParent(parent) }
        let source = parent.appendingPathComponent("group", isDirectory: true)
        let library = source.appendingPathComponent("Library", isDirectory: true)
        try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: library.appendingPathComponent("data.db"))
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o444], ofItemAtPath: library.appendingPathComponent("data.db").path)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: library.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: library.path) }
        let container = try SharedContainer(creatingIn: parent, key: Self.key)
        try container.copyContents(of: source)
        #expect(try Self.mode(of: container.directory.appendingPathComponent("Library")) & 0o700 == 0o700)
        #expect(try Self.mode(of: container.directory.appendingPathComponent("Library/data.db")) & 0o600 == 0o600)
        #expect(
            FileManager.default.fileExists(atPath: container.preferencesDirectory.path), "made inside a read-only copy")

        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: library.path)
        try FileManager.default.createSymbolicLink(
            atPath: library.appendingPathComponent("elsewhere").path, withDestinationPath: "/tmp")
        #expect(SharedContainer.appGroupProblem(in: source)?.contains("Library/elsewhere is a symbolic link") == true)
        // Given through a link to it, the folder is still looked through.
        let alias = parent.appendingPathComponent("alias")
        try FileManager.default.createSymbolicLink(atPath: alias.path, withDestinationPath: source.path)
        #expect(SharedContainer.appGroupProblem(in: alias)?.contains("Library/elsewhere is a symbolic link") == true)
        #expect(
            SharedContainer.appGroupProblem(in: parent, workFolder: container.directory)?.contains("copied into itself")
                == true)
    }

    @Test("an App Group folder holding payload.key is refused, naming it; a missing folder names the folder")
    func refusesAKeyInTheAppGroupFolder() throws {
        let parent = try Self.makeParent()
        defer { Self.removeParent(parent) }
        let source = parent.appendingPathComponent("group", isDirectory: true)
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        try Data(Self.key).write(to: source.appendingPathComponent("payload.key"))
        let container = try SharedContainer(creatingIn: parent, key: Self.key)
        #expect {
            try container.copyContents(of: source)
        } throws: { error in
            "\(error)".contains(source.appendingPathComponent("payload.key").path)
                && "\(error)".contains("--payload-key")
        }
        #expect {
            try container.copyContents(of: parent.appendingPathComponent("absent"))
        } throws: { error in
            "\(error)".contains("absent")
        }
    }

    @Test("each run gets its own directory")
    func distinctDirectories() throws {
        let parent = try Self.makeParent()
        defer { Self.removeParent(parent) }
        let first = try SharedContainer(creatingIn: parent, key: Self.key)
        let second = try SharedContainer(creatingIn: parent, key: Self.key)
        #expect(first.directory != second.directory)
    }

    @Test("remove deletes the directory")
    func remove() throws {
        let parent = try Self.makeParent()
        defer { Self.removeParent(parent) }
        let container = try SharedContainer(creatingIn: parent, key: Self.key)
        try container.remove()
        #expect(!FileManager.default.fileExists(atPath: container.directory.path))
        #expect(throws: SharedContainerError.self) { try container.remove() }
    }

    @Test("a key that is not 32 bytes is refused and nothing is created")
    func invalidKey() throws {
        let parent = try Self.makeParent()
        defer { Self.removeParent(parent) }
        #expect(throws: SharedContainerError.invalidKeyLength(byteCount: 16)) {
            try SharedContainer(creatingIn: parent, key: [UInt8](repeating: 0, count: 16))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).isEmpty)
    }

    @Test("a missing parent is a file-system error naming the path")
    func missingParent() throws {
        let parent = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)")
        let error = try #require(throws: SharedContainerError.self) {
            try SharedContainer(creatingIn: parent, key: Self.key)
        }
        guard case .fileSystem(let operation, let path, _) = error else {
            Issue.record("expected fileSystem, got \(error)")
            return
        }
        #expect(operation == "create the directory")
        #expect(path.hasPrefix(parent.path))
    }

    @Test("a missing key file")
    func missingKey() throws {
        let parent = try Self.makeParent()
        defer { Self.removeParent(parent) }
        let container = try SharedContainer(creatingIn: parent, key: Self.key)
        try FileManager.default.removeItem(at: container.keyFile)
        #expect(throws: SharedContainerError.keyFileMissing(path: container.keyFile.path)) {
            try container.loadKey()
        }
    }

    @Test("a key file of the wrong size names the size", arguments: [0, 31, 33, 64])
    func wrongSize(_ size: Int) throws {
        let parent = try Self.makeParent()
        defer { Self.removeParent(parent) }
        let container = try SharedContainer(creatingIn: parent, key: Self.key)
        try Data(repeating: 1, count: size).write(to: container.keyFile)
        let error = SharedContainerError.wrongKeySize(path: container.keyFile.path, byteCount: size)
        #expect(throws: error) { try container.loadKey() }
        #expect(error.description.contains("holds \(size) bytes"))
    }

    @Test("a key file others can use is refused, naming its mode", arguments: [0o644, 0o640, 0o604, 0o660, 0o602])
    func tooOpen(_ mode: Int) throws {
        let parent = try Self.makeParent()
        defer { Self.removeParent(parent) }
        let container = try SharedContainer(creatingIn: parent, key: Self.key)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: container.keyFile.path)
        let error = SharedContainerError.keyFileTooOpen(path: container.keyFile.path, mode: mode)
        #expect(throws: error) { try container.loadKey() }
        #expect(error.description.contains("mode 0" + String(mode, radix: 8)))
        #expect(error.description.contains("chmod 600"))
    }

    @Test("a read-only key file is fine")
    func readOnly() throws {
        let parent = try Self.makeParent()
        defer { Self.removeParent(parent) }
        let container = try SharedContainer(creatingIn: parent, key: Self.key)
        try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: container.keyFile.path)
        #expect(try container.loadKey() == Self.key)
    }
}
