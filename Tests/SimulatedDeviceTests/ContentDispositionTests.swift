import Foundation
import Testing

@testable import SimulatedDevice

/// The name a `Content-Disposition` gives `suggestedFilename`: RFC 6266's parameters, read as a client
/// reads them, and never a path out of the folder the name is added to.
@Suite("Content-Disposition file names")
struct ContentDispositionTests {
    @Test(
        "filename* over filename, names in any case, quoted values with ';' and escapes, no directories",
        arguments: [
            (#"attachment; filename="sale.jpg""#, "sale.jpg"),
            ("attachment; filename=plain.png", "plain.png"),
            ("attachment; filename*=UTF-8''sal%C3%A9.jpg", "salé.jpg"),
            (#"attachment; filename="fallback.jpg"; filename*=UTF-8''real.jpg"#, "real.jpg"),
            ("attachment; filename*=utf-8''real.jpg; filename=fallback.jpg", "real.jpg"),
            ("attachment; filename*=iso-8859-1'en'caf%E9.gif", "café.gif"),
            (#"attachment; filename="a;b.jpg""#, "a;b.jpg"),
            (#"attachment; filename="a\"b.jpg""#, #"a"b.jpg"#),
            ("attachment; FILENAME=upper.jpg", "upper.jpg"),
            ("attachment; filename = spaced.jpg ", "spaced.jpg"),
            (#"attachment; filename="../../etc/evil.jpg""#, ".._.._etc_evil.jpg"),
            (#"inline; filename="/abs/x.jpg""#, "_abs_x.jpg"),
            ("attachment; filename*=UTF-16''x.jpg; filename=ok.jpg", "ok.jpg"),
            ("attachment; filename*=UTF-8''..; filename=fallback.jpg", "fallback.jpg"),
        ])
    func names(field: String, expected: String) {
        #expect(ContentDisposition.filename(in: field) == expected)
    }

    @Test(
        "no name: none given, an empty one, another parameter that ends in filename, or a bad encoding",
        arguments: [
            "attachment", "inline;", #"attachment; filename="""#, "attachment; myfilename=wrong.jpg",
            "attachment; filename*=UTF-8''bad%ZZ.jpg", "attachment; filename*=noquotes.jpg",
            #"attachment; filename="/""#, "attachment; filename*=UTF-8''%2F", #"attachment; filename="..""#,
            "attachment; filename=.", "attachment; filename*=UTF-8''a%00b.jpg", "attachment; filename*=UTF-8''a%0Ab",
            "attachment; filename*=iso-8859-1''a%+1.jpg",
        ])
    func noName(field: String) {
        #expect(ContentDisposition.filename(in: field) == nil)
    }
}
