import Foundation
public import NSEBenchCore

/// How ``WorkerRequest``s and ``WorkerReply``s travel between `run` and an extension worker: one line
/// each, a marker byte (0x01) and the message's ``WireCodable`` fields, stuffed so that it holds no
/// newline (``LineStuffing``). JSON's text cost about a third of a worker's CPU per invocation, and
/// `Codable`'s generic containers, even around a binary form, an eighth of the harness's CPU in a run of
/// a user's extension; fields written out in a fixed order cost neither.
///
/// A line starting with `{` is JSON: the crash reporter's signal handler writes
/// `{"crashed":{"id":N}}` that way, since it can call nothing but `write`.
public enum WorkerWire {
    /// The first byte of a compact line.
    static let compactMarker: UInt8 = 0x01

    /// Why a line is not a message.
    public struct LineError: Error, Sendable, CustomStringConvertible {
        /// The reason, with the decoder's own words.
        public var reason: String
        public var description: String { reason }
    }

    /// The message of one line, without its newline.
    public static func message<Message: WireCodable & Decodable>(_ type: Message.Type, from line: [UInt8])
        throws(LineError)
        -> Message
    {
        try message(type, from: line[...])
    }

    /// The line for `message`, newline included.
    public static func line(_ message: some WireCodable) -> [UInt8] {
        var writer = WireWriter()
        writer.write(message)
        var line: [UInt8] = [compactMarker]
        LineStuffing.stuff(writer.bytes, into: &line)
        line.append(UInt8(ascii: "\n"))
        return line
    }

    /// The message of one line, without its newline.
    public static func message<Message: WireCodable & Decodable>(
        _ type: Message.Type, from line: ArraySlice<UInt8>
    ) throws(LineError) -> Message {
        guard let first = line.first else { throw LineError(reason: "an empty line") }
        if first == UInt8(ascii: "{") {
            do {
                return try JSONDecoder().decode(type, from: Data(line))
            } catch {
                throw LineError(reason: "not a JSON message: \(error)")
            }
        }
        guard first == compactMarker, let bytes = LineStuffing.unstuff(line.dropFirst()) else {
            throw LineError(reason: "neither a compact nor a JSON message (first byte \(first))")
        }
        var reader = WireReader(bytes)
        do {
            let message = try Message(from: &reader)
            guard reader.isAtEnd else { throw reader.failure("\(reader.remaining) bytes after the message") }
            return message
        } catch {
            throw LineError(reason: "not a compact \(type): \(error)")
        }
    }

    /// The id at the head of a compact request line, read alone (its rest is not unstuffed, and may be
    /// torn or corrupt): a line whose rest is not a request is rejected under the id of the invocation the
    /// run is waiting for. Nil when not even that reads.
    public static func requestID(from line: ArraySlice<UInt8>) -> Int? {
        guard line.first == compactMarker else { return nil }
        // An Int is a zigzag varint of at most 10 bytes, the last under 0x80: its bytes are unstuffed one
        // more at a time until that one, so nothing after it is read.
        for length in 1...10 {
            guard let bytes = LineStuffing.unstuff(line.dropFirst(), upTo: length), bytes.count == length else {
                return nil
            }
            guard bytes[length - 1] < 0x80 else { continue }
            var reader = WireReader(bytes)
            do {
                return try reader.read(Int.self)
            } catch {
                return nil
            }
        }
        return nil
    }
}
