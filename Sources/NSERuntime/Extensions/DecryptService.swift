public import UserNotifications

/// The built-in `decrypt` extension: an encrypting app's extension (Signal-style end-to-end push, banking
/// and health apps). The server seals the title and body with a pre-shared AES-256 key; the extension
/// reads the key from the App Group container, decrypts `encrypted_data` with AES-256-GCM and fills title
/// and body, synchronously in `didReceive`, as such extensions do (decryption takes microseconds).
///
/// A failed decryption (no key, tampered or truncated data, wrong key) falls back to the original content,
/// as nse-reference.md requires: it delivers `request.content` unchanged, which has alert text, so the
/// invocation ends as ``InvocationOutcome/degraded`` (delivered in time, decryption requested and missing)
/// and the user sees the payload's placeholder. The reason is in the record's stage errors.
///
/// Maps to real code as: `let key = keychainOrAppGroupKey(); let plaintext = try AES.GCM.open(box, using:
/// key); content.title = …; contentHandler(content)`, with `contentHandler(request.content)` in the `catch`.
public final class DecryptService: UNNotificationServiceExtension, HostAwareExtension {
    /// The invocation's context, set by the host before `didReceive` (and read only in it).
    public var invocationContext: InvocationContext?

    /// An instance; the host makes one per invocation.
    public override init() {
        super.init()
    }

    /// Decrypts and delivers, or delivers the original when decryption fails.
    public override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        guard let content = request.content.mutableCopy() as? UNMutableNotificationContent else {
            contentHandler(request.content)
            return
        }
        switch PayloadDecryptor.decrypt(userInfo: request.content.userInfo, context: invocationContext) {
        case .success(let text):
            content.title = text.title
            content.body = text.body
            contentHandler(content)
        case .failure:
            contentHandler(request.content)
        }
    }
}
