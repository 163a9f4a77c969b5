import Foundation
import NSEBenchTestSupport
import Testing

@testable import SimulatedDevice

/// A phone's own container: nothing made until the extension asks, then made as iOS makes it, removed
/// whole at the invocation's end, and never made again after that.
@Suite("Phone container")
struct PhoneContainerTests {
    let scratch: OwnedTemporaryDirectory
    init() throws { scratch = try OwnedTemporaryDirectory(prefix: "nse-bench-phone-container") }

    private var rootPath: String { scratch.url.appendingPathComponent("Containers/7").path }
    private func exists(_ relative: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: rootPath + "/" + relative, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }

    @Test func nothingIsMadeOrRemovedWhenTheExtensionNeverAsks() throws {
        let container = PhoneContainer(rootPath: rootPath)
        #expect(container.remove() == nil)
        #expect(!exists(""))
    }

    @Test func aFolderAPhoneHasIsMadeWhenAskedForAndOnlyThose() throws {
        let container = PhoneContainer(rootPath: rootPath)
        let caches = container.url(of: .caches)
        #expect(caches.path == rootPath + "/Library/Caches")
        for folder in ["Library", "Library/Caches"] { #expect(exists(folder), "\(folder)") }
        #expect(!exists("tmp"), "made when asked for")
        let library = PhoneContainer(rootPath: rootPath + "-library")
        _ = library.url(of: .library)
        #expect(FileManager.default.fileExists(atPath: rootPath + "-library/Library/Caches"), "Library holds Caches")
        library.remove()
        _ = container.home
        for folder in ["Documents", "Library", "Library/Caches", "tmp"] { #expect(exists(folder), "\(folder)") }
        #expect(!exists("Library/Application Support"), "iOS does not make it with the container")
        #expect(!exists("Downloads"))
        _ = container.url(of: .applicationSupport)
        #expect(!exists("Library/Application Support"), "asked for, not to be created")
        _ = container.url(of: .applicationSupport, create: true)
        #expect(exists("Library/Application Support"))
    }

    @Test func theEndRemovesEverythingAndNothingIsMadeAfterIt() throws {
        let container = PhoneContainer(rootPath: rootPath)
        try Data("kept a while".utf8).write(to: container.url(of: .documents).appendingPathComponent("note.txt"))
        #expect(container.remove() == nil)
        #expect(!exists(""))
        // Late work of the ended invocation: the URL is still given, but nothing is made there.
        #expect(container.url(of: .temporary).path == rootPath + "/tmp")
        #expect(container.home.path == rootPath)
        #expect(!exists(""))
        #expect(container.remove() == nil, "a second removal finds nothing to do")
    }

    @Test func aTreeWithLinksIsRemovedWithoutFollowingThem() throws {
        let container = PhoneContainer(rootPath: rootPath)
        let outside = scratch.url.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: outside.appendingPathComponent("kept.txt"))
        let deep = container.url(of: .caches).appendingPathComponent("a/b/c")
        try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: deep.appendingPathComponent("file"))
        try FileManager.default.createSymbolicLink(
            at: container.url(of: .documents).appendingPathComponent("link"), withDestinationURL: outside)
        #expect(container.remove() == nil)
        #expect(!exists(""))
        #expect(FileManager.default.fileExists(atPath: outside.appendingPathComponent("kept.txt").path))
    }

    @Test func aContainerTheExtensionRemovedItselfIsNoFailure() throws {
        let container = PhoneContainer(rootPath: rootPath)
        _ = container.home
        try FileManager.default.removeItem(atPath: rootPath)
        #expect(container.remove() == nil)
    }

    @Test func aFolderTheSearchPathDirectoryNamesOrNone() {
        #expect(PhoneContainer.Folder(.documentDirectory) == .documents)
        #expect(PhoneContainer.Folder(.cachesDirectory) == .caches)
        #expect(PhoneContainer.Folder(.applicationSupportDirectory) == .applicationSupport)
        #expect(PhoneContainer.Folder(.desktopDirectory) == nil)
    }

    @Test func outsideAnInvocationFoundationAnswers() {
        #expect(SimulatedPhone.current == nil)
        #expect(PhoneFolders.temporaryDirectoryPath() == NSTemporaryDirectory())
        #expect(PhoneFolders.url(for: .documentDirectory, in: .userDomainMask) == nil)
        #expect(
            PhoneFileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)
                == FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask))
    }

    @Test func inAnInvocationThePhonesFoldersAnswerForTheUserDomainOnly() {
        let container = PhoneContainer(rootPath: rootPath)
        let phone = SimulatedPhone(
            network: ScriptedNetwork { _ in PhoneResponse(status: 0) }, appGroupContainer: nil, timeScale: 1,
            container: container)
        phone.bind {
            #expect(PhoneFileManager.default.temporaryDirectory.path == rootPath + "/tmp")
            #expect(PhoneFolders.temporaryDirectoryPath() == rootPath + "/tmp/")
            #expect(PhoneFolders.homeDirectoryPath() == rootPath)
            #expect(PhoneFolders.searchPath(.documentDirectory, .userDomainMask, true) == [rootPath + "/Documents"])
            #expect(
                PhoneFolders.searchPath(.documentDirectory, .localDomainMask, true)
                    == NSSearchPathForDirectoriesInDomains(.documentDirectory, .localDomainMask, true))
            #expect(URL.cachesDirectory.path == rootPath + "/Library/Caches")
            #expect(
                PhoneFileManager.default.urls(for: .desktopDirectory, in: .userDomainMask)
                    == FileManager.default.urls(for: .desktopDirectory, in: .userDomainMask), "not in a container")
        }
        container.remove()
    }
}
