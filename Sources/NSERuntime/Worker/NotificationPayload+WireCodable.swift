public import NSEBenchCore
import SDKProfiles

// A request carries its payload's model to an extension worker as ``WireCodable`` (``WorkerWire``), so
// the worker neither serializes nor parses JSON per invocation. A property added to these types must be
// added here too; `WorkerWireTests` fails for a payload whose fields are not all set and sent back.

extension JSONValue: WireCodable {
    private enum Case: UInt8 {
        case null, bool, integer, double, string, array, object
    }

    public func write(to writer: inout WireWriter) {
        switch self {
        case .null: writer.byte(Case.null.rawValue)
        case .bool(let value):
            writer.byte(Case.bool.rawValue)
            writer.write(value)
        case .integer(let value):
            writer.byte(Case.integer.rawValue)
            writer.write(value)
        case .double(let value):
            writer.byte(Case.double.rawValue)
            writer.write(value)
        case .string(let value):
            writer.byte(Case.string.rawValue)
            writer.write(value)
        case .array(let values):
            writer.byte(Case.array.rawValue)
            writer.write(values)
        case .object(let members):
            writer.byte(Case.object.rawValue)
            writer.write(members)
        }
    }

    public init(from reader: inout WireReader) throws(WireFormatError) {
        let tag = try reader.byte()
        switch Case(rawValue: tag) {
        case .null: self = .null
        case .bool: self = .bool(try reader.read())
        case .integer: self = .integer(try reader.read())
        case .double: self = .double(try reader.read())
        case .string: self = .string(try reader.read())
        case .array: self = .array(try reader.read())
        case .object: self = .object(try reader.read())
        case nil: throw WireFormatError("\(tag) is not a JSON value's kind", at: reader.offset - 1)
        }
    }
}

extension NotificationAlert: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.write(title)
        writer.write(subtitle)
        writer.write(body)
        writer.write(otherFields)
        writer.write(isPlainText)
    }

    public init(from reader: inout WireReader) throws(WireFormatError) {
        self.init(
            title: try reader.read(), subtitle: try reader.read(), body: try reader.read(),
            otherFields: try reader.read())
        isPlainText = try reader.read()
    }
}

extension NotificationPayload: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.write(alert)
        writer.write(isMutable)
        writer.write(badge)
        writer.write(sound)
        writer.write(threadIdentifier)
        writer.write(category)
        writer.write(otherAPSFields)
        writer.write(encryptedData)
        writer.write(mediaURL)
        writer.write(customFields)
        writer.write(encryptedField)
        writer.write(mediaField?.keys)
        writer.write(mediaField?.typeHintKey)
        writer.write(mediaField?.typeHintVocabulary?.rawValue)
        writer.write(expectedText)
    }

    public init(from reader: inout WireReader) throws(WireFormatError) {
        self.init(
            alert: try reader.read(), isMutable: try reader.read(), badge: try reader.read(), sound: try reader.read(),
            threadIdentifier: try reader.read(), category: try reader.read(), otherAPSFields: try reader.read(),
            encryptedData: try reader.read(), mediaURL: try reader.read(), customFields: try reader.read())
        encryptedField = try reader.read()
        let mediaKeys: [String]? = try reader.read()
        let typeHintKey: String? = try reader.read()
        let vocabularyName: String? = try reader.read()
        let typeHintVocabulary = vocabularyName.flatMap(MediaTypeVocabulary.init(rawValue:))
        if let vocabularyName, typeHintVocabulary == nil {
            throw WireFormatError("\(vocabularyName) is not a media type vocabulary", at: reader.offset)
        }
        mediaField = mediaKeys.flatMap {
            MediaField(keys: $0, typeHintKey: typeHintKey, typeHintVocabulary: typeHintVocabulary)
        }
        expectedText = try reader.read()
    }
}

extension NotificationText: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.write(title)
        writer.write(body)
    }

    public init(from reader: inout WireReader) throws(WireFormatError) {
        self.init(title: try reader.read(), body: try reader.read())
    }
}
