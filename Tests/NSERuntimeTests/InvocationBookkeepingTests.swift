import Testing

@testable import NSERuntime

/// The small collections an invocation keeps in flight: its tracked tasks and its temporary files, the
/// first of each held inline (issue #18). Whatever the count, they behave as a dictionary and a list.
@Suite("invocation bookkeeping: tracked tasks and temporary files")
struct InvocationBookkeepingTests {
    @Test("tracked tasks: ids never repeat, any task can end first, and every task left is handed back once")
    func trackedWorkKeepsEveryTask() async {
        var work = TrackedWork()
        #expect(work.isEmpty)
        let tasks = (0..<4).map { _ in Task<Void, Never> {} }
        var ids: [Int] = []
        for task in tasks {
            let id = work.makeID()
            ids.append(id)
            work.insert(task, id: id)
        }
        #expect(Set(ids).count == 4)
        #expect(!work.isEmpty)
        // The inline one ends first; a later one can then take its place.
        work.remove(ids[0])
        work.remove(ids[2])
        work.remove(ids[2])  // twice: nothing more happens
        let late = Task<Void, Never> {}
        let lateID = work.makeID()
        #expect(!ids.contains(lateID))
        work.insert(late, id: lateID)
        let left = work.removeAll()
        #expect(Set(left) == [tasks[1], tasks[3], late])
        #expect(left.count == 3)
        #expect(work.isEmpty)
        #expect(work.removeAll().isEmpty)
    }

    @Test("tracked tasks: the only task ending leaves none, with or without tasks beyond it before")
    func endingTheLastTaskEmptiesIt() {
        var work = TrackedWork()
        let first = work.makeID()
        work.insert(Task {}, id: first)
        work.remove(first)
        #expect(work.isEmpty)
        let second = work.makeID()
        let third = work.makeID()
        work.insert(Task {}, id: second)
        work.insert(Task {}, id: third)
        work.remove(third)
        #expect(!work.isEmpty, "the inline task is still tracked")
        work.remove(second)
        #expect(work.isEmpty)
    }

    @Test("temporary files: named in order, moved and taken wherever they are held, counted for ever")
    func temporaryFileNamesFollowEveryFile() {
        var files = TemporaryFileNames()
        #expect(files.paths.isEmpty && files.named == 0)
        files.append("/t/a")
        files.append("/t/b")
        files.append("/t/c")
        #expect(files.paths == ["/t/a", "/t/b", "/t/c"])
        files.replace("/t/a", with: "/t/a.jpg")
        files.replace("/t/c", with: "/t/c.png")
        files.replace("/t/none", with: "/t/x")
        #expect(files.paths == ["/t/a.jpg", "/t/b", "/t/c.png"])
        files.remove("/t/a.jpg")
        files.remove("/t/b")
        #expect(files.paths == ["/t/c.png"])
        files.append("/t/d")
        #expect(files.paths == ["/t/c.png", "/t/d"], "a file named later is listed later")
        files.remove("/t/c.png")
        files.remove("/t/d")
        #expect(files.paths.isEmpty)
        #expect(files.named == 4, "the count never goes back, so no two files share a name")
        files.append("/t/e")
        #expect(files.paths == ["/t/e"] && files.named == 5)
    }
}
