/// What one ``HTTPRequestParser/parse(_:)-(UnsafeRawBufferPointer)`` call did with its bytes.
public struct HTTPParseResult: Sendable, Equatable {
    /// How many of the given bytes the parser took. Less than all of them only when a head
    /// completed: the rest belong to the next (pipelined) request and go to the next call.
    public var consumed: Int
    /// The head that the consumed bytes completed, if any.
    public var head: HTTPRequestHead?

    /// Creates a result.
    public init(consumed: Int, head: HTTPRequestHead?) {
        self.consumed = consumed
        self.head = head
    }
}
