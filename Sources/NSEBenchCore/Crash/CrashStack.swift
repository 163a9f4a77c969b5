/// Where in an extension's own libraries a worker process crashed, as its crash reporter read the
/// stack: each frame an address in one of the libraries, innermost first (the faulting instruction
/// itself, then each caller's return address less one, so that it falls in the call's line).
///
/// Its JSON is what the reporter's signal handler writes:
/// `{"images":["/…/extension.so"],"frames":[[0,4585],[0,5012]]}`.
public struct CrashStack: Sendable, Hashable, Codable {
    /// One frame: an address in the file of `images[image]`, as a symbolizer reads it (the runtime
    /// address less the library's load bias).
    public struct Frame: Sendable, Hashable, Codable {
        public var image: Int
        public var address: UInt64

        public init(image: Int, address: UInt64) {
            self.image = image
            self.address = address
        }

        public init(from decoder: any Decoder) throws {
            var pair = try decoder.unkeyedContainer()
            image = try pair.decode(Int.self)
            address = try pair.decode(UInt64.self)
            guard pair.isAtEnd else {
                throw DecodingError.dataCorruptedError(in: pair, debugDescription: "a frame is [image, address]")
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var pair = encoder.unkeyedContainer()
            try pair.encode(image)
            try pair.encode(address)
        }
    }

    /// The libraries' paths.
    public var images: [String]
    /// Innermost first; each names an index of ``images``.
    public var frames: [Frame]

    public init(images: [String], frames: [Frame]) {
        self.images = images
        self.frames = frames
    }

    /// The frames in `image`, in order.
    public func addresses(in image: Int) -> [UInt64] {
        frames.filter { $0.image == image }.map(\.address)
    }
}

extension CrashStack.Frame: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.write(image)
        writer.write(address)
    }

    public init(from reader: inout WireReader) throws(WireFormatError) {
        self.init(image: try reader.read(), address: try reader.read())
    }
}

extension CrashStack: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.write(images)
        writer.write(frames)
    }

    public init(from reader: inout WireReader) throws(WireFormatError) {
        self.init(images: try reader.read(), frames: try reader.read())
    }
}
