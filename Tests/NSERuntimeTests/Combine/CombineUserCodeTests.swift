// Written as iOS app code uses Combine, so it must compile unchanged against nse-bench's module.
import Combine
import Foundation
import NSEBenchTestSupport
import Testing

private final class SearchViewModel: ObservableObject {
    @Published var query = ""
    @Published private(set) var searches: [String] = []
    @Published var isLoading = false
    private var cancellables = Set<AnyCancellable>()

    init(scheduler: DispatchQueue) {
        $query
            .dropFirst()
            .debounce(for: .milliseconds(20), scheduler: scheduler)
            .removeDuplicates()
            .filter { !$0.isEmpty }
            .sink { [weak self] in self?.searches.append($0) }
            .store(in: &cancellables)
    }
}

private final class Settings: ObservableObject {
    @Published var volume = 5
    let objectWillChangeCount = Counter()
    private var cancellables = Set<AnyCancellable>()

    init() {
        objectWillChange
            .sink { [objectWillChangeCount] _ in objectWillChangeCount.increment() }
            .store(in: &cancellables)
    }
}

private enum APIError: Error {
    case offline
}

private protocol Repository {
    func load() -> AnyPublisher<[String], APIError>
}

private struct StubRepository: Repository {
    func load() -> AnyPublisher<[String], APIError> {
        Future { promise in promise(.success(["one", "two"])) }
            .eraseToAnyPublisher()
    }
}

@Suite("Combine: app code compiles and behaves")
struct CombineUserCodeTests {
    @Test("A debounced search view model searches once per settled query")
    func searchViewModel() async {
        let queue = DispatchQueue(label: "combine.viewmodel")
        let model = SearchViewModel(scheduler: queue)
        // Typed on the scheduler's queue, so no debounce timer fires between two settings however long this
        // thread is held: a full test run on 2 cores beside a build once held it past the interval.
        queue.sync {
            model.query = "s"
            model.query = "sw"
            model.query = "swift"
        }
        #expect(await eventually { model.searches == ["swift"] })
        queue.sync {
            model.query = "swift"
            model.query = "combine"
        }
        #expect(await eventually { model.searches == ["swift", "combine"] })
    }

    @Test("A store's objectWillChange observed in its own init counts changes")
    func settings() {
        let settings = Settings()
        settings.volume += 1
        settings.volume = 0
        #expect(settings.objectWillChangeCount.value == 2)
    }

    @Test("A repository's erased Future feeds a view model through catch and receive(on:)")
    func repository() async {
        let repository: any Repository = StubRepository()
        let items = CurrentValueSubject<[String], Never>([])
        let cancellable = repository.load()
            .catch { _ in Just([]) }
            .receive(on: DispatchQueue(label: "combine.repository"))
            .sink { items.send($0) }
        #expect(await eventually { items.value == ["one", "two"] })
        cancellable.cancel()
        var bag: [AnyCancellable] = []
        Just(1).map(String.init).sink { _ in }.store(in: &bag)
        #expect(bag.count == 1)
    }
}
