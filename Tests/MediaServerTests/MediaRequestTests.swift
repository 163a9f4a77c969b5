import Testing

@testable import MediaServer

@Suite("Media URLs: parsing and every error")
struct MediaRequestTests {
    struct URLCase: Sendable, CustomStringConvertible {
        var target: String
        var expected: Result<MediaRequest, MediaRequestError>
        var description: String { target }
    }

    static func ok(
        _ target: String, _ type: MediaType, _ size: Int, _ mode: MediaContentTypeMode = .right,
        _ others: [HTTPQueryItem] = []
    ) -> URLCase {
        URLCase(
            target: target,
            expected: .success(MediaRequest(type: type, size: size, contentTypeMode: mode, otherParameters: others)))
    }

    static func fails(_ target: String, _ error: MediaRequestError) -> URLCase {
        URLCase(target: target, expected: .failure(error))
    }

    static let cases: [URLCase] = [
        ok("/media/200KB.jpg", .jpeg, 200_000),
        ok("/media/200KB.jpeg", .jpeg, 200_000),
        ok("/media/8MB.gif", .gif, 8_000_000),
        ok("/media/1.5MB.mp4", .mp4, 1_500_000),
        ok("/media/100KiB.png", .png, 102_400),
        ok("/media/3MB.MP3", .mp3, 3_000_000),
        ok("/media/1MB.m4a", .m4a, 1_000_000),
        ok("/media/44.wav", .wav, 44),
        ok("/media/0B.jpg", .jpeg, 0),
        ok("/media/1MB?type=jpeg", .jpeg, 1_000_000),
        ok("/media/1.5MB?type=PNG", .png, 1_500_000),
        ok("/media/1MB.jpg?type=png", .png, 1_000_000),
        ok("/media/1KB.jpg?content-type=wrong", .jpeg, 1000, .wrong),
        ok("/media/1KB.jpg?content-type=MISSING", .jpeg, 1000, .missing),
        ok("/media/1KB.jpg?content-type=right", .jpeg, 1000, .right),
        ok(
            "/media/1KB.jpg?ttfb=2s&type=gif&rate=100KB&content-type=wrong&ttfb=3s", .gif, 1000, .wrong,
            [
                HTTPQueryItem(name: "ttfb", value: "2s"), HTTPQueryItem(name: "rate", value: "100KB"),
                HTTPQueryItem(name: "ttfb", value: "3s"),
            ]),
        fails("/", .notFound(path: "/")),
        fails("/media", .notFound(path: "/media")),
        fails("/media/", .notFound(path: "/media/")),
        fails("/images/1KB.jpg", .notFound(path: "/images/1KB.jpg")),
        fails("/media/a/1KB.jpg", .notFound(path: "/media/a/1KB.jpg")),
        fails("/media/1KB.jpg/", .notFound(path: "/media/1KB.jpg/")),
        fails("/MEDIA/1KB.jpg", .notFound(path: "/MEDIA/1KB.jpg")),
        fails("/media/1KB.tmp", .unknownType("tmp")),
        fails("/media/1KB.", .unknownType("")),
        fails("/media/abc.xyz", .unknownType("xyz")),
        fails("/media/1KB?type=webp", .unknownType("webp")),
        fails("/media/1KB", .missingType(path: "/media/1KB")),
        fails("/media/1.5MB", .missingType(path: "/media/1.5MB")),
        fails("/media/abc.jpg", .invalidSize(.invalidNumber("abc"))),
        fails("/media/abc", .missingType(path: "/media/abc")),
        fails("/media/.jpg", .invalidSize(.empty)),
        fails("/media/1XB.jpg", .invalidSize(.unknownUnit("1XB"))),
        fails("/media/1.5B.jpg", .invalidSize(.notWholeBytes("1.5B"))),
        fails("/media/5GB.mp4", .invalidSize(.tooLarge("5GB", maximum: 2_000_000_000))),
        fails("/media/1KB.jpg?content-type=maybe", .invalidContentTypeMode("maybe")),
        fails("/media/1KB.jpg?type=png&type=gif", .duplicateParameter("type")),
        fails("/media/1KB.jpg?content-type=right&content-type=wrong", .duplicateParameter("content-type")),
        fails("/media/1KB.jpg?dims=1200", .invalidDimensions("1200")),
        fails("/media/1KB.jpg?dims=0x10", .invalidDimensions("0x10")),
        fails("/media/1KB.jpg?dims=5000x10", .invalidDimensions("5000x10")),
        fails("/media/1KB.jpg?dims=10x10&dims=20x20", .duplicateParameter("dims")),
        fails("/media/1KB.wav?dims=10x10", .shapeNotApplicable("dims", .wav)),
        fails("/media/1KB.jpg?duration=10s", .shapeNotApplicable("duration", .jpeg)),
        fails("/media/1KB.mp4?duration=soon", .invalidDuration("soon")),
        fails("/media/1KB.m4a?duration=2h", .invalidDuration("2h")),
        fails("/media/1KB.m4a?duration=0s", .invalidDuration("0s")),
    ]

    @Test func dimsAndDurationChooseTheShape() throws {
        let image = try MediaRequest(path: "/media/200KB.png", query: [HTTPQueryItem(name: "dims", value: "640x360")])
        #expect(image.shape == MediaShape(width: 640, height: 360, durationMilliseconds: 10_000))
        #expect(image.otherParameters.isEmpty, "dims is the media's, not a network condition")
        let file = try image.makeFile()
        #expect(file.shape.width == 640 && file.shape.height == 360)
        let clip = try MediaRequest(
            path: "/media/1MB.mp4",
            query: [HTTPQueryItem(name: "dims", value: "1280X720"), HTTPQueryItem(name: "duration", value: "2.5s")])
        #expect(clip.shape == MediaShape(width: 1_280, height: 720, durationMilliseconds: 2_500))
        #expect(try MediaRequest(path: "/media/1MB.mp4", query: []).shape == nil, "the default follows the size")
        #expect(try MediaRequest(path: "/media/1KB.jpg", query: []).makeFile().shape.width == 300)
    }

    @Test(arguments: cases)
    func parsesMediaURLs(testCase: URLCase) throws {
        let head = try head(request(testCase.target))
        let parsed = Result { () throws(MediaRequestError) in try MediaRequest(head) }
        #expect(parsed == testCase.expected)
        if case .failure(let error) = testCase.expected {
            let expectedStatus: HTTPStatus
            switch error {
            case .notFound, .unknownType, .missingType: expectedStatus = .notFound
            default: expectedStatus = .badRequest
            }
            #expect(error.status == expectedStatus)
            let response = error.errorResponse(keepAlive: true)
            #expect(response.head.status == expectedStatus)
            #expect(response.head.keepAlive)
            #expect(String(decoding: response.body, as: UTF8.self).contains(error.description))
        }
    }

    @Test func contentTypeFollowsTheMode() throws {
        #expect(try MediaRequest(path: "/media/1KB.jpg", query: []).contentType == "image/jpeg")
        let wrong = [HTTPQueryItem(name: "content-type", value: "wrong")]
        #expect(try MediaRequest(path: "/media/1KB.jpg", query: wrong).contentType == "image/png")
        let missing = [HTTPQueryItem(name: "content-type", value: "missing")]
        #expect(try MediaRequest(path: "/media/1KB.jpg", query: missing).contentType == nil)
    }

    @Test func makesTheFileItNames() throws {
        let request = try MediaRequest(path: "/media/1.5MB.mp4", query: [])
        let file = try request.makeFile()
        #expect(file.type == .mp4)
        #expect(file.size == 1_500_000)
    }
}
