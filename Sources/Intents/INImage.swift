// Apple's Intents on Linux: the part a Notification Service Extension uses for a communication
// notification (iOS 15): an `INSendMessageIntent` with its sender's `INPerson` and `INImage`, donated in
// an `INInteraction`, then `content.updating(from: intent)` (UserNotifications). So a messaging app's
// extension compiles and runs unchanged. What iOS does with them (Siri's suggestions, the sender's face
// on the notification) is not simulated: a donation completes at once, and an image given by URL is not
// fetched.
public import Foundation

/// An image for an intent (a sender's avatar), as Intents' `INImage`: from data, a file or a URL, or
/// named in the app's assets. Kept as given; nse-bench never loads it.
open class INImage: NSObject {
    /// The image's bytes, when made from data.
    public let imageData: Data?
    /// The image's URL, when made from one.
    public let imageURL: URL?
    /// The asset's name, when named.
    public let imageName: String?

    private init(data: Data?, url: URL?, name: String?) {
        imageData = data
        imageURL = url
        imageName = name
        super.init()
    }

    /// An image of `imageData`'s bytes (PNG, JPEG).
    public convenience init(imageData: Data) {
        self.init(data: imageData, url: nil, name: nil)
    }

    /// An image at `url` (failable, as Apple's `nullable` initializer is imported; never nil here).
    public convenience init?(url: URL) {
        self.init(data: nil, url: url, name: nil)
    }

    /// An image at `url`, `width` by `height` points (failable, as Apple's; never nil here).
    public convenience init?(url: URL, width: Double, height: Double) {
        _ = (width, height)
        self.init(data: nil, url: url, name: nil)
    }

    /// A system symbol named `systemImageNamed`.
    public convenience init(systemImageNamed: String) {
        self.init(data: nil, url: nil, name: systemImageNamed)
    }

    /// An image named `name` in the app's assets.
    public convenience init(named name: String) {
        self.init(data: nil, url: nil, name: name)
    }
}
