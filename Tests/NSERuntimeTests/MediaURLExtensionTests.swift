import Foundation
import Testing

@testable import NSERuntime

@Suite("Media: a media URL's extension")
struct MediaURLExtensionTests {
    /// Read from the path as written, it must be what Foundation's `URL.pathExtension` gives, for every
    /// shape of path an SDK's media URL takes.
    @Test(arguments: [
        "http://127.0.0.1:8080/media/1KB.jpg", "http://127.0.0.1:8080/media/1KB.JPG?ttfb=1s", "http://h/a.jpg/",
        "http://h/a.jpg//", "http://h/.hidden", "http://h/..png", "http://h/a.", "http://h/a.tar.gz", "http://h/a..jpg",
        "http://h/dir.d/file", "http://h/dir.d/", "http://h/", "http://h", "http://h/a.jpg#frag", "http://h/a.jpg;v=1",
        "http://h/a.j%70g", "http://h/a%20b.png", "http://h/a.p%20g", "https://cdn.example/i/x.webp?w=100&h=100",
        "http://h/a.jpg?x=/b.png", "http://h/.", "http://h/..", "http://h/a/.", "http://h/a.b/..", "http://h/....png",
        "http://h/...png", "http://h/d/.x.png",
    ])
    func isFoundationsPathExtension(text: String) throws {
        let url = try #require(URL(string: text))
        #expect(MediaFileType.pathExtension(of: url) == url.pathExtension, "\(text)")
    }
}
