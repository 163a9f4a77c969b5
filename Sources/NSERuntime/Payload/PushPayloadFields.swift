import SDKProfiles

/// The push SDKs whose pushes a run's generated payloads stand for, and so the fields every push of theirs
/// carries beside its alert (Customer.io's `CIO-Delivery-ID` and `CIO-Delivery-Token`, without which its
/// helper leaves a push alone): the SDK profile run, the SDKs a user's extension imports (all of them, not
/// only the first, whose key the media URL takes), and the SDK whose key `--media-field` names.
public struct PushPayloadFields: Sendable, Hashable {
    /// The SDKs, in the order found, each once.
    let sdks: [SDKProfile]

    /// No SDK: payloads carry no SDK's fields.
    public static let none = PushPayloadFields(sdks: [])

    init(sdks: [SDKProfile]) {
        var unique: [SDKProfile] = []
        for sdk in sdks where !unique.contains(sdk) { unique.append(sdk) }
        self.sdks = unique
    }

    /// The SDK profile called `name`'s; none for another built-in.
    public init(builtIn name: String) {
        self.init(sdks: SDKProfile(rawValue: name).map { [$0] } ?? [])
    }

    /// These, and the SDK whose media key `field` is (`--media-field customerio`, `/CIO/push/image`).
    public func adding(_ field: MediaField?) -> PushPayloadFields {
        PushPayloadFields(sdks: sdks + (field?.sdk.map { [$0] } ?? []))
    }

    /// The fields for the push `messageIdentifier` (16 hex digits).
    func fields(messageIdentifier: String) -> [String: String] {
        var fields: [String: String] = [:]
        for sdk in sdks { fields.merge(sdk.payloadFields(messageIdentifier: messageIdentifier)) { first, _ in first } }
        return fields
    }
}
