import Foundation

extension NotificationPayload {
    /// The payload as a JSON value, as ``serialized()`` writes it.
    ///
    /// The known fields are written over any key of the same name in ``otherAPSFields``,
    /// ``NotificationAlert/otherFields`` or ``customFields``.
    public var jsonValue: JSONValue {
        // Room for the known fields at once: one allocation each, not one per growth as keys go in.
        var aps = otherAPSFields
        aps.reserveCapacity(otherAPSFields.count + 6)
        aps["alert"] = alert.jsonValue
        if isMutable { aps["mutable-content"] = .integer(1) }
        if let badge { aps["badge"] = .integer(badge) }
        if let sound { aps["sound"] = sound }
        if let threadIdentifier { aps["thread-id"] = .string(threadIdentifier) }
        if let category { aps["category"] = .string(category) }
        var members = customFields
        members.reserveCapacity(customFields.count + 3)
        members["aps"] = .object(aps)
        if let encryptedData { members["encrypted_data"] = .string(encryptedData) }
        if let mediaURL {
            if let mediaField {
                mediaField.write(mediaURL, in: &members)
            } else {
                members["media_url"] = .string(mediaURL.absoluteString)
            }
        }
        return .object(members)
    }

    /// Compact JSON with sorted keys: the same payload always gives the same bytes, and parsing them
    /// gives the payload back.
    ///
    /// ```swift
    /// let bytes = payload.serialized()
    /// try NotificationPayload(parsing: bytes) == payload  // true
    /// ```
    public func serialized() -> [UInt8] {
        jsonValue.compactJSONBytes
    }

    /// The whole payload as iOS hands it to an extension in `request.content.userInfo`: the `aps`
    /// dictionary and every top-level key, as Foundation objects (`NSNumber`, `String`, arrays,
    /// dictionaries).
    ///
    /// ```swift
    /// let info = payload.userInfo
    /// (info["aps"] as? [String: Any])?["mutable-content"] as? Int  // 1
    /// ```
    ///
    /// Built from the fields directly, as ``jsonValue`` writes them (the known fields over any key of the same
    /// name), without its dictionaries of JSON values in between, which an extension worker would otherwise
    /// build for every request (issue #11). A media URL at a push SDK's own key (``mediaField``), written
    /// into nested objects, takes the JSON value's way.
    public var userInfo: [AnyHashable: Any] {
        if mediaURL != nil, mediaField != nil {
            let members = jsonValue.objectValue ?? [:]
            var info = [AnyHashable: Any](minimumCapacity: members.count)
            for (key, value) in members { info[key] = value.foundationObject }
            return info
        }
        var aps = [String: Any](minimumCapacity: otherAPSFields.count + 6)
        for (key, value) in otherAPSFields { aps[key] = value.foundationObject }
        aps["alert"] = alert.jsonValue.foundationObject
        if isMutable { aps["mutable-content"] = NSNumber(value: 1) }
        if let badge { aps["badge"] = NSNumber(value: badge) }
        if let sound { aps["sound"] = sound.foundationObject }
        if let threadIdentifier { aps["thread-id"] = threadIdentifier }
        if let category { aps["category"] = category }
        var info = [AnyHashable: Any](minimumCapacity: customFields.count + 3)
        for (key, value) in customFields { info[key] = value.foundationObject }
        info["aps"] = aps
        if let encryptedData { info["encrypted_data"] = encryptedData }
        if let mediaURL { info["media_url"] = mediaURL.absoluteString }
        return info
    }
}
