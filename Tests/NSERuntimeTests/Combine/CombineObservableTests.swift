import Combine
import Foundation
import Testing

private final class Store: ObservableObject {
    @Published var items: [Int] = []
}

private class BaseModel: ObservableObject {
    @Published var name = "base"
}

private final class DerivedModel: BaseModel {
    @Published var count = 0
}

private final class Plain: ObservableObject {
    var value = 0
}

@Suite("Combine: ObservableObject and @Published")
struct CombineObservableTests {
    @Test("The default objectWillChange fires before the change: the property still holds the old value")
    func objectWillChangeBeforeChange() {
        let store = Store()
        var seen: [[Int]] = []
        let cancellable = store.objectWillChange.sink { seen.append(store.items) }
        store.items.append(1)
        store.items.append(2)
        #expect(seen == [[], [1]])
        #expect(store.items == [1, 2])
        #expect(store.objectWillChange === store.objectWillChange)
        _ = cancellable
    }

    @Test("$property replays its current value, then sends each new value before it is stored")
    func projectedPublisher() {
        let store = Store()
        store.items = [9]
        var received: [[Int]] = []
        var storedDuringSink: [[Int]] = []
        let cancellable = store.$items.sink { value in
            received.append(value)
            storedDuringSink.append(store.items)
        }
        store.items = [1]
        #expect(received == [[9], [1]])
        #expect(storedDuringSink == [[9], [9]])
        _ = cancellable
    }

    @Test("A subclass's objectWillChange fires for @Published properties declared in its superclass too")
    func superclassPublished() {
        let model = DerivedModel()
        let fired = Counter()
        let cancellable = model.objectWillChange.sink { fired.increment() }
        model.name = "changed"
        model.count = 3
        #expect(fired.value == 2)
        _ = cancellable
    }

    @Test("An ObservableObject without @Published properties keeps one publisher")
    func plainObservable() {
        let plain = Plain()
        let fired = Counter()
        let cancellable = plain.objectWillChange.sink { fired.increment() }
        plain.objectWillChange.send()
        #expect(fired.value == 1)
        _ = cancellable
    }

    @Test("assign(to: &$property) feeds the property and fires objectWillChange")
    func assignToPublished() {
        final class Model: ObservableObject {
            @Published var doubled = 0
            let input = PassthroughSubject<Int, Never>()
            init() {
                input.map { $0 * 2 }.assign(to: &$doubled)
            }
        }
        let model = Model()
        let fired = Counter()
        let cancellable = model.objectWillChange.sink { fired.increment() }
        model.input.send(21)
        #expect(model.doubled == 42)
        #expect(fired.value == 1)
        _ = cancellable
    }

    @Test("assign(to:on:) writes each value to the object's property")
    func assignOn() {
        final class Target {
            var text = ""
        }
        let target = Target()
        let subject = PassthroughSubject<String, Never>()
        let cancellable = subject.assign(to: \.text, on: target)
        subject.send("hello")
        #expect(target.text == "hello")
        cancellable.cancel()
        subject.send("ignored")
        #expect(target.text == "hello")
    }
}
