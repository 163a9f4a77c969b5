public import Foundation

/// A type that decodes values from one top-level representation, as Apple's `TopLevelDecoder`
/// (`JSONDecoder` and `PropertyListDecoder` are ones).
public protocol TopLevelDecoder {
    /// The representation decoded from (`Data` for JSON).
    associatedtype Input
    /// Decodes a `type` value from `from`.
    func decode<T: Decodable>(_ type: T.Type, from: Input) throws -> T
}

/// A type that encodes values into one top-level representation, as Apple's `TopLevelEncoder`
/// (`JSONEncoder` and `PropertyListEncoder` are ones).
public protocol TopLevelEncoder {
    /// The representation encoded to (`Data` for JSON).
    associatedtype Output
    /// Encodes `value`.
    func encode<T: Encodable>(_ value: T) throws -> Output
}

extension JSONDecoder: TopLevelDecoder {
    /// JSON text.
    public typealias Input = Data
}

extension JSONEncoder: TopLevelEncoder {
    /// JSON text.
    public typealias Output = Data
}

extension PropertyListDecoder: TopLevelDecoder {
    /// A property list.
    public typealias Input = Data
}

extension PropertyListEncoder: TopLevelEncoder {
    /// A property list.
    public typealias Output = Data
}

extension Publishers {
    /// Decodes each value with a decoder, as Apple's `decode(type:decoder:)`: a decoding error fails the
    /// stream and cancels upstream.
    public struct Decode<Upstream: Publisher, Output: Decodable, Coder: TopLevelDecoder>: Publisher
    where Upstream.Output == Coder.Input {
        /// Upstream's failure or a decoding error.
        public typealias Failure = any Error
        /// The publisher decoded.
        public let upstream: Upstream
        /// The decoder used.
        public let decoder: Coder

        /// A publisher of `upstream`'s values decoded with `decoder`.
        public init(upstream: Upstream, decoder: Coder) {
            self.upstream = upstream
            self.decoder = decoder
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == any Error {
            let decoder = self.decoder
            upstream.relayTrying(to: subscriber) { .send(try decoder.decode(Output.self, from: $0)) }
        }
    }

    /// Encodes each value with an encoder, as Apple's `encode(encoder:)`: an encoding error fails the stream
    /// and cancels upstream.
    public struct Encode<Upstream: Publisher, Coder: TopLevelEncoder>: Publisher
    where Upstream.Output: Encodable {
        /// The encoded representation.
        public typealias Output = Coder.Output
        /// Upstream's failure or an encoding error.
        public typealias Failure = any Error
        /// The publisher encoded.
        public let upstream: Upstream
        /// The encoder used.
        public let encoder: Coder

        /// A publisher of `upstream`'s values encoded with `encoder`.
        public init(upstream: Upstream, encoder: Coder) {
            self.upstream = upstream
            self.encoder = encoder
        }

        /// Attaches `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == any Error {
            let encoder = self.encoder
            upstream.relayTrying(to: subscriber) { .send(try encoder.encode($0)) }
        }
    }
}

extension Publisher {
    /// Decodes each value as a `type` with `decoder`; a decoding error fails the stream.
    public func decode<Item: Decodable, Coder: TopLevelDecoder>(
        type: Item.Type, decoder: Coder
    ) -> Publishers.Decode<Self, Item, Coder> where Output == Coder.Input {
        Publishers.Decode(upstream: self, decoder: decoder)
    }
}

extension Publisher where Output: Encodable {
    /// Encodes each value with `encoder`; an encoding error fails the stream.
    public func encode<Coder: TopLevelEncoder>(encoder: Coder) -> Publishers.Encode<Self, Coder> {
        Publishers.Encode(upstream: self, encoder: encoder)
    }
}
