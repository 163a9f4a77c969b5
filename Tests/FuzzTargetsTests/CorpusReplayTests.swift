import Foundation
import FuzzTargets
import Testing

/// The checked-in seed corpora and minimized crashers (Fuzz/corpus/TARGET) replayed through their
/// targets: a regression check of every input a fuzz run ever needed, without libFuzzer.
@Suite("fuzz corpus replay")
struct CorpusReplayTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/corpus")

    @Test(arguments: FuzzTarget.allCases)
    func everyCorpusInputKeepsItsTargetsInvariant(target: FuzzTarget) throws {
        let files = try Corpus.files(at: Self.corpus.appendingPathComponent(target.rawValue).path)
        #expect(files.count >= 5, "Fuzz/corpus/\(target.rawValue) holds \(files.count) inputs")
        for file in files {
            let input = try Corpus.read(file)
            do {
                try target.run(input)
            } catch {
                Issue.record("\(file): \(error)")
            }
        }
    }

    @Test func aMissingCorpusIsAnErrorNamingIt() {
        #expect(throws: CorpusError.unreadable(path: "/nonexistent/corpus", reason: "no such file or folder")) {
            try Corpus.files(at: "/nonexistent/corpus")
        }
    }
}
