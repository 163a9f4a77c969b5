/// Decrypts a notification's `encrypted_data` as an encrypting app's extension does: the AES-256 key from
/// the App Group container, AES-256-GCM via ``PayloadCrypto``, the title and body out of the plaintext.
/// Reports the decrypt stage and any failure to the invocation's context.
enum PayloadDecryptor {
    /// The decrypted title and body of the payload in `userInfo`.
    static func decrypt(
        userInfo: [AnyHashable: Any], context: InvocationContext?
    ) -> Result<NotificationText, ExtensionDecryptionError> {
        let start = context?.now()
        let result = attempt(userInfo: userInfo, container: context?.sharedContainer)
        if let context, let start {
            context.record(.decrypt, start: start, end: context.now())
            if case .failure(let error) = result { context.recordError(.decrypt, error.description) }
        }
        return result
    }

    private static func attempt(
        userInfo: [AnyHashable: Any], container: SharedContainer?
    ) -> Result<NotificationText, ExtensionDecryptionError> {
        guard let encrypted = userInfo["encrypted_data"] as? String else { return .failure(.noEncryptedData) }
        guard let container else { return .failure(.noSharedContainer) }
        let key: [UInt8]
        do {
            key = try container.loadKey()
        } catch {
            return .failure(.key(error))
        }
        do {
            return .success(try PayloadCrypto.open(encrypted, key: key))
        } catch {
            return .failure(.decryption(error))
        }
    }
}

/// Why a built-in extension could not decrypt a payload.
enum ExtensionDecryptionError: Error, CustomStringConvertible {
    /// The payload has no `encrypted_data` string.
    case noEncryptedData
    /// The run has no App Group container, so there is no key.
    case noSharedContainer
    /// The key could not be read.
    case key(SharedContainerError)
    /// The data did not decrypt into a title and body.
    case decryption(PayloadDecryptionError)

    var description: String {
        switch self {
        case .noEncryptedData: "the payload has no encrypted_data string"
        case .noSharedContainer: "no App Group container holds a payload key in this run"
        case .key(let error): "\(error)"
        case .decryption(let error): "\(error)"
        }
    }
}
