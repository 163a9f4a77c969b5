import Foundation
import Testing

@testable import SimulatedDevice

/// `NSMapTable`, `NSHashTable` and `UserDefaults`' key-value coding, which Linux's Foundation lacks and
/// extension code uses (Bluesky's keeps its image downloads in a weak-to-weak `NSMapTable` and its badge
/// count with `setValue(_:forKey:)`): compared with what Apple's Foundation documents.
@Suite("Foundation additions: NSMapTable, NSHashTable, UserDefaults key-value coding")
struct ReferenceTablesTests {
    /// A plain Swift class: compared by identity, as Apple compares one that is not an `NSObject`.
    final class Task {}

    @Test func strongTablesFindKeysByEqualityAndKeepTheFirstKey() {
        let table = NSMapTable<NSString, Task>.strongToStrongObjects()
        let first = Task()
        let second = Task()
        let key = NSString(string: "alice")
        table.setObject(first, forKey: key)
        #expect(table.object(forKey: NSString(string: "alice")) === first, "an equal string finds it")
        table.setObject(second, forKey: NSString(string: "alice"))
        #expect(table.count == 1)
        #expect(table.object(forKey: key) === second, "an equal key replaces the value")
        #expect(table.keyEnumerator().nextObject() as AnyObject? === key, "and keeps the key stored first")
        #expect(table.object(forKey: "bob") == nil)
        #expect(table.object(forKey: nil) == nil)
        table.setObject(nil, forKey: key)
        #expect(table.count == 0, "a nil value removes the entry")
    }

    @Test func pointerPersonalityTellsEqualStringsApart() {
        let table = NSMapTable<NSString, Task>(keyOptions: [.strongMemory, .objectPointerPersonality])
        let key = NSString(string: "alice")
        let task = Task()
        table.setObject(task, forKey: key)
        #expect(table.object(forKey: key) === task)
        #expect(table.object(forKey: NSString(string: "alice")) == nil, "another object, though equal")
    }

    @Test func weakValuesAndKeysGoWithTheirObjects() {
        let table = NSMapTable<NSString, Task>(keyOptions: .weakMemory, valueOptions: .weakMemory)
        let key = NSString(string: "kept")
        var task: Task? = Task()
        table.setObject(task, forKey: key)
        #expect(table.object(forKey: key) === task)
        task = nil
        #expect(table.object(forKey: key) == nil, "the value was released")
        #expect(table.count == 0)

        let keys = NSMapTable<Task, NSString>.weakToStrongObjects()
        var owner: Task? = Task()
        keys.setObject("value", forKey: owner)
        #expect(keys.count == 1)
        owner = nil
        #expect(keys.count == 0, "the key was released")
        #expect(keys.dictionaryRepresentation().isEmpty)
    }

    /// On Linux a Swift string or number passed as an object is a new one no one holds; Apple's tables keep
    /// it (an immortal tagged pointer, or the string's own storage), and so do these.
    @Test func stringsAndNumbersPassedAsObjectsStayInWeakTables() {
        final class Article {
            let id: String
            init(id: String) { self.id = id }
        }
        let cache = NSMapTable<NSString, Article>.weakToWeakObjects()
        let article = Article(id: "article-\(Int.random(in: 1000...9999))")
        cache.setObject(article, forKey: article.id as NSString)
        #expect(cache.object(forKey: article.id as NSString) === article)
        let badges = NSMapTable<NSString, NSNumber>.strongToWeakObjects()
        badges.setObject(3 as NSNumber, forKey: "badge")
        #expect(badges.object(forKey: "badge") == 3)
        let names = NSHashTable<NSString>.weakObjects()
        names.add("alice" as NSString)
        #expect(names.contains("alice"))
        let drafts = NSHashTable<NSMutableString>.weakObjects()
        drafts.add(NSMutableString(string: "draft"))
        #expect(drafts.count == 0, "a mutable string is an object of its own, held weakly")
    }

    @Test func manyWritesToAWeakTableKeepItsCountRight() {
        let table = NSMapTable<NSString, Task>.strongToWeakObjects()
        var kept: [Task] = []
        for index in 0..<2_000 {
            let task = Task()
            if index.isMultiple(of: 4) { kept.append(task) }
            table.setObject(task, forKey: NSString(string: "\(index)"))
        }
        #expect(table.count == 500, "the released three quarters are gone")
        #expect(table.object(forKey: "0") === kept[0])
        #expect(table.object(forKey: "1") == nil)
    }

    @Test func strongValuesStayWhileTheTableHoldsThem() {
        let table = NSMapTable<NSString, Task>.weakToStrongObjects()
        let key = NSString(string: "k")
        table.setObject(Task(), forKey: key)
        #expect(table.object(forKey: key) != nil, "the table alone keeps it")
        table.removeObject(forKey: key)
        #expect(table.count == 0)
    }

    @Test func copyInCopiesAMutableKey() {
        let table = NSMapTable<NSMutableString, Task>(keyOptions: [.strongMemory, .copyIn], valueOptions: [])
        let key = NSMutableString(string: "draft")
        table.setObject(Task(), forKey: key)
        key.append("-changed")
        #expect(table.object(forKey: NSMutableString(string: "draft")) != nil, "the stored key is a copy")
        #expect(table.object(forKey: key) == nil)
    }

    @Test func copyInKeepsMembersOfTheirTypeAndFindsWhatItStored() throws {
        let drafts = NSHashTable<NSMutableString>(options: .copyIn)
        drafts.add(NSMutableString(string: "draft"))
        #expect(drafts.allObjects.map { $0 as String } == ["draft"], "a copy that is no NSMutableString is not made")
        let names = NSHashTable<NSString>(options: [.copyIn, .objectPointerPersonality])
        let draft = NSMutableString(string: "k")
        names.add(draft)
        let stored = try #require(names.anyObject)
        #expect(stored !== draft, "a copy went in")
        #expect(!names.contains(draft), "compared by identity, with the copy")
        #expect(names.member(stored) === stored, "found by what it stored")
        names.remove(stored)
        #expect(names.count == 0)
    }

    @Test func theOlderOptionNamesAreTheOptions() {
        let table = NSMapTable<Task, NSString>(keyOptions: NSMapTableWeakMemory, valueOptions: NSMapTableStrongMemory)
        #expect(table.keyPointerFunctions.options == .weakMemory)
        #expect(
            NSHashTable<Task>(options: NSHashTableObjectPointerPersonality).pointerFunctions.options.rawValue == 512)
        #expect(NSMapTableCopyIn == .copyIn && NSHashTableZeroingWeakMemory == .weakMemory)
    }

    @Test func enumeratorsRepresentationsAndCopiesSeeTheEntriesAsTheyAre() {
        let table = NSMapTable<NSString, NSString>.strongToStrongObjects()
        for name in ["a", "b", "c"] {
            table.setObject(NSString(string: name.uppercased()), forKey: NSString(string: name))
        }
        let keys = (table.keyEnumerator().allObjects as? [String])?.sorted()
        #expect(keys == ["a", "b", "c"])
        let values = (table.objectEnumerator()?.allObjects as? [NSString])?.map { $0 as String }.sorted()
        #expect(values == ["A", "B", "C"])
        #expect(table.dictionaryRepresentation()["b"] == NSString(string: "B"), "string keys as Strings, as on Apple's")
        let copy = table.copy() as! NSMapTable<NSString, NSString>
        table.removeAllObjects()
        #expect(table.count == 0)
        #expect(copy.count == 3, "a copy is a table of its own")
        #expect(NSPointerFunctions.Options.weakMemory.rawValue == 5, "Apple's raw values")
        #expect(copy.keyPointerFunctions.options == .strongMemory)
    }

    @Test func hashTablesHoldOneOfEqualMembersAndDropReleasedOnes() {
        let set = NSHashTable<NSString>(options: [])
        let first = NSString(string: "x")
        set.add(first)
        set.add(NSString(string: "x"))
        set.add(nil)
        #expect(set.count == 1)
        #expect(set.member(NSString(string: "x")) === first)
        #expect(set.contains("x"))

        let observers = NSHashTable<Task>.weakObjects()
        var observer: Task? = Task()
        let kept = Task()
        observers.add(observer)
        observers.add(kept)
        #expect(observers.count == 2)
        observer = nil
        #expect(observers.allObjects.count == 1)
        #expect(observers.anyObject === kept)
        #expect(observers.objectEnumerator().allObjects.count == 1)
        observers.remove(kept)
        #expect(observers.count == 0)
    }

    @Test func hashTableSetOperations() {
        func table(_ members: [String]) -> NSHashTable<NSString> {
            let table = NSHashTable<NSString>()
            for member in members { table.add(NSString(string: member)) }
            return table
        }
        func names(_ table: NSHashTable<NSString>) -> [String] { table.allObjects.map { $0 as String }.sorted() }
        let ab = table(["a", "b"])
        #expect(ab.intersects(table(["b", "c"])))
        #expect(!ab.intersects(table(["c"])))
        #expect(table(["a"]).isSubset(of: ab))
        ab.union(table(["c"]))
        #expect(names(ab) == ["a", "b", "c"])
        ab.minus(table(["a"]))
        #expect(names(ab) == ["b", "c"])
        ab.intersect(table(["c", "d"]))
        #expect(names(ab) == ["c"])
        #expect(ab.setRepresentation == ["c"], "strings as Strings, as on Apple's")
        #expect(ab.isEqual(to: table(["c"])))
        #expect(!ab.isEqual(to: table(["c", "d"])))
    }

    @Test func userDefaultsKeyValueCodingReadsAndWritesItsValues() throws {
        let suite = "nse-bench-kvc-\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        defaults.setValue(4, forKey: "badgeCount")
        #expect(defaults.integer(forKey: "badgeCount") == 4)
        #expect(defaults.value(forKey: "badgeCount") as? Int == 4)
        defaults.setValue(nil, forKey: "badgeCount")
        #expect(defaults.object(forKey: "badgeCount") == nil, "nil removes it")
    }
}
