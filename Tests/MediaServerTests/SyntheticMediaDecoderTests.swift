import Foundation
import NSEBenchTestSupport
import Testing

@testable import MediaServer

/// Every synthetic type, at a range of sizes and shapes, through real decoders: ffprobe (Debian
/// `ffmpeg`) for MP4, M4A, MP3 and WAV (and the images), Pillow for JPEG, PNG and GIF, which must
/// report the dimensions and duration asked for. `.ci/install-deps` installs both, so CI runs this;
/// elsewhere it is skipped, saying which decoder is missing.
@Suite("Synthetic media in real decoders", .serialized)
struct SyntheticMediaDecoderTests {
    static let ffprobe = ChildProcess.find("ffprobe")
    /// A Python 3 that imports PIL: Debian's python3-pil is for /usr/bin/python3.
    static let python = ["/usr/bin/python3", "python3"].first { candidate in
        (try? ChildProcess.probe(candidate, ["-c", "import PIL"]).status) == 0
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var type: MediaType
        var size: Int
        var shape: MediaShape?
        var testDescription: String { "\(type.fileExtension) \(size) B \(shape.map { "\($0)" } ?? "default")" }
    }

    static let cases: [Case] =
        MediaType.allCases.flatMap { type in
            [2_000, 100_000, 300_000, 1_500_000].map { Case(type: type, size: $0, shape: nil) }
        } + [
            Case(type: .jpeg, size: 50_000, shape: MediaShape(width: 321, height: 123, durationMilliseconds: 1)),
            Case(type: .png, size: 50_000, shape: MediaShape(width: 1_000, height: 1, durationMilliseconds: 1)),
            Case(type: .gif, size: 200_001, shape: MediaShape(width: 4_096, height: 4_096, durationMilliseconds: 1)),
            Case(type: .gif, size: 20_001, shape: MediaShape(width: 33, height: 77, durationMilliseconds: 1)),
            Case(type: .mp4, size: 100_000, shape: MediaShape(width: 640, height: 360, durationMilliseconds: 2_500)),
            Case(type: .m4a, size: 100_000, shape: MediaShape(width: 1, height: 1, durationMilliseconds: 30_000)),
        ]

    /// Skipped only where a decoder is missing outside CI: CI installs both, so there it runs (and
    /// fails on a missing decoder rather than pass unseen).
    static let inCI = ProcessInfo.processInfo.environment["CI"] != nil

    /// Every image case in one Python process (a process per image was most of this suite's CPU
    /// on a loaded machine): Pillow opens and fully decodes each and prints its size.
    @Test(.enabled(if: python != nil || inCI, "Pillow is not installed: .ci/install-deps installs python3-pil"))
    func imagesDecodeInPillow() async throws {
        let images = Self.cases.filter { [.jpeg, .png, .gif].contains($0.type) }
        var files: [(Case, SyntheticMediaFile, String)] = []
        defer { for (_, _, path) in files { try? FileManager.default.removeItem(atPath: path) } }
        for testCase in images {
            let file = try SyntheticMediaFile(type: testCase.type, size: testCase.size, shape: testCase.shape)
            #expect(!file.isTruncated)
            files.append((testCase, file, try Self.write(file)))
        }
        let script = """
            import sys
            from PIL import Image
            for path in sys.argv[1:]:
                image = Image.open(path)
                image.load()
                print(image.format, image.size[0], image.size[1])
            """
        let result = try await ChildProcess.run(Self.python ?? "/usr/bin/python3", ["-c", script] + files.map(\.2))
        #expect(result.status == 0, "\(result.output)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.count == files.count, "\(result.output)")
        let formats: [MediaType: String] = [.jpeg: "JPEG", .png: "PNG", .gif: "GIF"]
        for ((testCase, file, _), line) in zip(files, lines) {
            #expect(
                line == "\(formats[file.type] ?? "") \(file.shape.width) \(file.shape.height)", "\(testCase): \(line)")
        }
    }

    @Test(
        .enabled(if: ffprobe != nil || inCI, "ffprobe is not installed: .ci/install-deps installs ffmpeg"),
        arguments: cases.filter { ![.jpeg, .png, .gif].contains($0.type) })
    func soundAndVideoDecodeInFFmpeg(_ testCase: Case) async throws {
        try await decode(testCase)
    }

    static func write(_ file: SyntheticMediaFile) throws -> String {
        let path = NSTemporaryDirectory() + "nse-bench-decode-\(UUID().uuidString).\(file.type.fileExtension)"
        try Data(file.bytes(in: 0..<file.size)).write(to: URL(fileURLWithPath: path))
        return path
    }

    func decode(_ testCase: Case) async throws {
        let file = try SyntheticMediaFile(type: testCase.type, size: testCase.size, shape: testCase.shape)
        #expect(!file.isTruncated)
        let path = try Self.write(file)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let shape = file.shape
        switch testCase.type {
        default:
            let ffprobe = Self.ffprobe ?? "ffprobe"
            // One run: the headers, and every frame decoded (-count_frames), which must be clean.
            let probe = try await ChildProcess.run(
                ffprobe,
                [
                    "-v", "error", "-count_frames", "-show_entries",
                    "stream=codec_type,width,height,nb_read_frames:format=duration", "-of", "default=nw=1", path,
                ])
            #expect(probe.status == 0 && !probe.output.contains("rror"), "\(testCase): \(probe.output)")
            #expect(!probe.output.contains("moov atom not found"), "\(probe.output)")
            let frames = probe.output.split(separator: "\n").first { $0.hasPrefix("nb_read_frames=") }
            #expect((frames.flatMap { Int($0.dropFirst("nb_read_frames=".count)) } ?? 0) > 0, "\(probe.output)")
            if testCase.type == .mp4 {
                #expect(probe.output.contains("width=\(shape.width)\nheight=\(shape.height)"), "\(probe.output)")
            }
            if testCase.type == .mp4 || testCase.type == .m4a {
                let duration = probe.output.split(separator: "\n").first { $0.hasPrefix("duration=") }
                let seconds = duration.flatMap { Double($0.dropFirst("duration=".count)) } ?? -1
                #expect(abs(seconds * 1_000 - Double(shape.durationMilliseconds)) < 2, "\(probe.output)")
            }
        }
    }

    @Test func theDefaultIsTypicalPushMediaAndSmallFilesFitAHalvingOfIt() throws {
        #expect(try SyntheticMediaFile(type: .jpeg, size: 300_000).shape == .standard)
        #expect(MediaShape.standard == MediaShape(width: 1_200, height: 800, durationMilliseconds: 10_000))
        let small = try SyntheticMediaFile(type: .png, size: 1_000)
        #expect(!small.isTruncated)
        #expect(small.shape.width < 1_200 && small.shape.width * 800 == small.shape.height * 1_200)
        let asked = try SyntheticMediaFile(type: .png, size: 1_000, shape: .standard)
        #expect(asked.isTruncated, "a shape asked for is kept, and 1 KB cannot hold 1200x800")
    }
}
