public import NSEBenchCore

/// The field lines of a parsed request head, kept as the received bytes (already validated) and
/// read on demand: parsing copies no name or value, and a lookup allocates only the `String` it
/// returns. Names compare ignoring ASCII case.
public struct HTTPHeaders: Sendable, Sequence, Equatable, CustomStringConvertible {
    /// The received head; ``fieldRange`` is where its field lines are.
    private let storage: [UInt8]
    /// The field lines, each ending in CRLF, without the empty line that ends the head.
    private let fieldRange: Range<Int>
    /// The number of field lines.
    public let count: Int

    /// An empty header list.
    public init() {
        self.init(storage: [], fieldRange: 0..<0, count: 0)
    }

    init(storage: [UInt8], fieldRange: Range<Int>, count: Int) {
        self.storage = storage
        self.fieldRange = fieldRange
        self.count = count
    }

    /// Whether there are no field lines.
    public var isEmpty: Bool { count == 0 }

    /// The value of the first field named `name` (any case), or `nil`.
    public subscript(name: String) -> String? {
        for field in fieldRanges() where matches(field.name, name) {
            return text(field.value)
        }
        return nil
    }

    /// The values of every field named `name` (any case), in order.
    public func values(forName name: String) -> [String] {
        fieldRanges().filter { matches($0.name, name) }.map { text($0.value) }
    }

    /// Whether a field named `name` (any case) is present.
    public func contains(_ name: String) -> Bool {
        fieldRanges().contains { matches($0.name, name) }
    }

    /// An iterator over the fields in the order received.
    public func makeIterator() -> Iterator {
        Iterator(headers: self, position: fieldRange.lowerBound)
    }

    /// Iterates over the fields, decoding each as it is reached.
    public struct Iterator: IteratorProtocol {
        fileprivate let headers: HTTPHeaders
        fileprivate var position: Int

        /// The next field, or `nil` after the last.
        public mutating func next() -> HTTPHeaderField? {
            guard let field = headers.field(at: position) else { return nil }
            position = field.next
            return HTTPHeaderField(name: headers.text(field.name), value: headers.text(field.value))
        }
    }

    /// Field lines compare by their bytes, whatever the rest of the head they came with.
    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.count == rhs.count && lhs.storage[lhs.fieldRange] == rhs.storage[rhs.fieldRange]
    }

    /// `name: value` lines joined by newlines.
    public var description: String {
        map(\.description).joined(separator: "\n")
    }

    private struct FieldRanges {
        var name: Range<Int>
        var value: Range<Int>
        var next: Int
    }

    /// The name and value ranges of the field line starting at `position`; relies on the parser
    /// having validated every line (CRLF-terminated, a colon, no CR or LF inside).
    private func field(at position: Int) -> FieldRanges? {
        guard position < fieldRange.upperBound else { return nil }
        var colon = position
        while storage[colon] != ASCII.colon {
            colon += 1
        }
        var lineFeed = colon
        while storage[lineFeed] != ASCII.lineFeed {
            lineFeed += 1
        }
        var valueStart = colon + 1
        var valueEnd = lineFeed - 1  // before the CR
        while valueStart < valueEnd && ASCII.isWhitespace(storage[valueStart]) {
            valueStart += 1
        }
        while valueEnd > valueStart && ASCII.isWhitespace(storage[valueEnd - 1]) {
            valueEnd -= 1
        }
        return FieldRanges(name: position..<colon, value: valueStart..<valueEnd, next: lineFeed + 1)
    }

    private func fieldRanges() -> UnfoldSequence<FieldRanges, Int> {
        sequence(state: fieldRange.lowerBound) { position in
            guard let field = field(at: position) else { return nil }
            position = field.next
            return field
        }
    }

    private func matches(_ range: Range<Int>, _ name: String) -> Bool {
        var utf8 = name.utf8.makeIterator()
        for index in range {
            guard let byte = utf8.next(), ASCII.lowercased(byte) == ASCII.lowercased(storage[index]) else {
                return false
            }
        }
        return utf8.next() == nil
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: storage[range], as: UTF8.self)
    }
}
