public import Foundation
public import FoundationNetworking

/// The response a simulated phone's task reports: FoundationNetworking's `HTTPURLResponse`, with
/// `suggestedFilename` as iOS computes it. FoundationNetworking answers "Unknown" whenever the response
/// has no `Content-Disposition`; iOS takes the URL's last path component and adds the extension of the
/// MIME type when the name has none, which is what SDKs that name attachments by `suggestedFilename`
/// (Firebase, Notifee, Iterable, Customer.io) rely on.
///
/// `@unchecked Sendable`: immutable after init, as its superclass.
public final class SimulatedHTTPURLResponse: HTTPURLResponse, @unchecked Sendable {
    public override var suggestedFilename: String? {
        if let disposition = value(forHTTPHeaderField: "Content-Disposition"),
            let name = ContentDisposition.filename(in: disposition)
        {
            return name
        }
        var name = url?.lastPathComponent ?? ""
        if name.isEmpty || name == "/" { name = "Unknown" }
        if URL(fileURLWithPath: name).pathExtension.isEmpty, let added = Self.fileExtension(forMIMEType: mimeType) {
            name += ".\(added)"
        }
        return name
    }

    /// The extensions iOS gives the attachment types' MIME types.
    static func fileExtension(forMIMEType type: String?) -> String? {
        switch type?.lowercased() {
        case "image/jpeg": "jpeg"
        case "image/png": "png"
        case "image/gif": "gif"
        case "video/mp4": "mp4"
        case "video/mpeg": "mpeg"
        case "audio/mpeg": "mp3"
        case "audio/mp4", "audio/x-m4a": "m4a"
        case "audio/wav", "audio/x-wav": "wav"
        default: nil
        }
    }
}
