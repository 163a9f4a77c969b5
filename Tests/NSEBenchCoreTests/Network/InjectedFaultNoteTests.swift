import NSEBenchCore
import Testing

@Suite("InjectedFaultNote: the fault log's lines")
struct InjectedFaultNoteTests {
    @Test func aNoteReadsBackFromItsLine() throws {
        let note = try #require(InjectedFaultNote(tag: "4021-17", fault: .resetBefore))
        #expect(note.line == "4021-17 reset-before\n")
        #expect(InjectedFaultNote(line: note.line) == note)
        #expect(InjectedFaultNote(line: "4021-17 reset-before") == note)
    }

    @Test(arguments: ["", "4021-17", "4021-17 jitter", "a b reset-before", "bad\ttag reset-before", " reset-before"])
    func anythingElseIsNoNote(line: String) {
        #expect(InjectedFaultNote(line: line) == nil)
    }

    @Test func tagsAreShortAndPlain() {
        #expect(InjectedFaultNote.isValidTag("1.2-3aZ"))
        #expect(!InjectedFaultNote.isValidTag(""))
        #expect(!InjectedFaultNote.isValidTag(String(repeating: "a", count: 65)))
        #expect(!InjectedFaultNote.isValidTag("é"))
        #expect(!InjectedFaultNote.isValidTag("a\nb"))
    }
}
