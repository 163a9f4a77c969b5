// Text the app and its extension both show, localized from the package's own resources: SwiftPM gives a
// target with resources `Bundle.module`, and nse-bench makes it from this package's manifest.
import Foundation

public enum ChatKit {
    /// The subtitle of a notification that carries a photo ("Photo" in English).
    public static var photoSubtitle: String {
        NSLocalizedString("notification.photo", bundle: .module, comment: "The subtitle of a push with a photo")
    }
}
