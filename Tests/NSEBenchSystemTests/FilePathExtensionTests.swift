import Foundation
import NSEBenchSystem
import Testing

@Suite struct FilePathExtensionTests {
    /// Paths of every shape an attachment's can take, read both ways.
    static let paths = [
        "/tmp/run/CFNetworkDownload_7_1.tmp", "/tmp/run/photo.JPG", "/tmp/run/a.b.c", "/tmp/run.d/download",
        "/tmp/run/.hidden", "/tmp/run/.hidden.png", "relative.gif", "noextension", "/tmp/run/trailing.",
        "/tmp/run/ü-bild.jpeg", "/tmp/run/..png", "/tmp/run/...", "/tmp/run/a..b", "/tmp/run/..a.b",
        "/tmp/run/.a.b",
    ]

    /// Names whose extension URL does not read but whose rename it does differently (it drops the
    /// unread part): only the extension is read the same way.
    static let unreadExtensions = ["/tmp/run/a.b c", "/tmp/run/a. ", "/tmp/run/a.b c d"]

    @Test(arguments: unreadExtensions)
    func anExtensionWithASpaceIsNoneAsForURL(_ path: String) {
        #expect(FilePathExtension.of(path) == "")
        #expect(URL(fileURLWithPath: path).pathExtension == "")
    }

    @Test(arguments: paths)
    func theExtensionIsTheOneURLReads(_ path: String) {
        #expect(FilePathExtension.of(path) == URL(fileURLWithPath: path).pathExtension)
    }

    @Test(arguments: paths)
    func replacingItMakesThePathURLMakes(_ path: String) {
        let expected = URL(fileURLWithPath: path).deletingPathExtension().appendingPathExtension("jpg").path
        // URL makes a relative path absolute against the working directory; the string stays relative.
        let replaced = FilePathExtension.replacing(in: path, with: "jpg")
        #expect(path.hasPrefix("/") ? replaced == expected : expected.hasSuffix("/" + replaced))
    }
}
