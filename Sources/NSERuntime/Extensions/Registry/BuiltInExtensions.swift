public import NSEBenchCore
import SDKProfiles

/// The extensions nse-bench ships, by the names the CLI takes.
///
/// | name | models |
/// |---|---|
/// | `template` | Xcode's template: title marker, immediate delivery (``XcodeTemplateService``) |
/// | `decrypt` | AES-256-GCM decryption with the App Group key (``DecryptService``) |
/// | `media` | download, rename, attach with `URLSession` defaults (``MediaService``) |
/// | `media-20s` | the same with Batch's 20 s resource timeout |
/// | `media-25s` | the same with a 25 s resource timeout (no SDK's: Notifee's source sets none) |
/// | `media-30s` | the same with Customer.io's 30 s resource timeout |
/// | `media-no-expiry` | `media` without `serviceExtensionTimeWillExpire`: a slow download ends `expired_original` |
/// | `priority` | decrypt first, then media within the budget left, handler guarded (``PriorityService``) |
/// | `firebase`, `onesignal`, `airship`, `customerio`, `batch`, `iterable`, `klaviyo`, `notifee`, `clevertap`, `pushwoosh` | push SDKs' extension helpers (``SDKProfile``), on the simulated phone's URLSession |
///
/// ```swift
/// let factory = try BuiltInExtensions.named("media-25s")
/// ```
public enum BuiltInExtensions {
    /// Every built-in's name and one line on what it models, in the order of the table (the SDK
    /// profiles' lines are ``SDKProfile/summary``): what `--extension`'s help lists.
    public static let summaries: [(name: String, summary: String)] =
        [
            ("template", "Xcode's template: title marker, delivered at once"),
            ("decrypt", "AES-256-GCM, App Group key; original on failure"),
            ("media", "download and attach with URLSession's defaults"),
            ("media-20s", "media, 20 s resource timeout (Batch's)"),
            ("media-25s", "media, 25 s resource timeout (no SDK's)"),
            ("media-30s", "media, 30 s resource timeout (Customer.io's)"),
            ("media-no-expiry", "media without serviceExtensionTimeWillExpire"),
            ("priority", "decrypt first, then media within the budget left"),
        ] + SDKProfile.allCases.map { ($0.rawValue, $0.summary) }

    /// Every built-in name, in the order of the table.
    public static let allNames = summaries.map(\.name)

    /// The payloads the built-in called `name` is run with unless `--encrypted` or `--with-media` say
    /// otherwise: only what it does, so a default run never reads as a failure for an enrichment the
    /// extension never attempts. `template` gets neither encrypted_data nor media_url, `decrypt`
    /// encrypted_data alone, the media extensions and `priority` media_url alone. nil for a name that is
    /// no built-in (a user's extension keeps the flags' defaults).
    public static func defaultPayloadMix(for name: String) -> (encrypted: Double, media: Double)? {
        switch name {
        case "template": (encrypted: 0, media: 0)
        case "decrypt": (encrypted: 1, media: 0)
        case _ where allNames.contains(name): (encrypted: 0, media: 1)
        default: nil
        }
    }

    /// Where payloads carry the media URL for the built-in called `name`: an SDK profile's, where its SDK
    /// reads it (Firebase's `/fcm_options/image`); nil (`media_url`) for the others and for a name that is
    /// no built-in.
    public static func mediaField(for name: String) -> MediaField? {
        SDKProfile(rawValue: name).flatMap(MediaField.init(sdk:))
    }

    /// The SDK profiles' names, which `--media-field` takes for their SDKs' keys.
    public static let sdkNames = SDKProfile.allCases.map(\.rawValue)

    /// The factory for the built-in called `name`.
    ///
    /// Throws an ``UnknownNameError`` naming the valid names when there is none.
    public static func named(
        _ name: String, settings: BuiltInExtensionSettings = BuiltInExtensionSettings()
    ) throws(UnknownNameError) -> ExtensionFactory {
        let second: UInt64 = 1_000_000_000
        switch name {
        case "template":
            return ExtensionFactory(name: name, callsMayBlock: false, usesPhone: false) { XcodeTemplateService() }
        case "decrypt":
            return ExtensionFactory(name: name, callsMayBlock: false, usesPhone: false) { DecryptService() }
        case "media":
            let idle = settings.scaled(MediaDownload.defaultIdleTimeout)
            return ExtensionFactory(name: name, callsMayBlock: false, usesPhone: false) {
                MediaService(idleTimeout: idle)
            }
        case "media-20s":
            let timeout = settings.scaled(20 * second)
            let idle = settings.scaled(MediaDownload.defaultIdleTimeout)
            return ExtensionFactory(name: name, callsMayBlock: false, usesPhone: false) {
                MediaService(resourceTimeout: timeout, idleTimeout: idle)
            }
        case "media-25s":
            let timeout = settings.scaled(25 * second)
            let idle = settings.scaled(MediaDownload.defaultIdleTimeout)
            return ExtensionFactory(name: name, callsMayBlock: false, usesPhone: false) {
                MediaService(resourceTimeout: timeout, idleTimeout: idle)
            }
        case "media-30s":
            let timeout = settings.scaled(30 * second)
            let idle = settings.scaled(MediaDownload.defaultIdleTimeout)
            return ExtensionFactory(name: name, callsMayBlock: false, usesPhone: false) {
                MediaService(resourceTimeout: timeout, idleTimeout: idle)
            }
        case "media-no-expiry":
            let idle = settings.scaled(MediaDownload.defaultIdleTimeout)
            return ExtensionFactory(name: name, callsMayBlock: false, usesPhone: false) {
                MediaService(idleTimeout: idle, handlesExpiry: false)
            }
        case "priority":
            let margin = settings.scaled(settings.prioritySafetyMargin)
            return ExtensionFactory(name: name, callsMayBlock: false, usesPhone: false) {
                PriorityService(safetyMargin: margin)
            }
        default:
            guard let profile = SDKProfile(rawValue: name) else {
                throw UnknownNameError(.builtInExtension, name: name, validNames: allNames)
            }
            return ExtensionFactory(name: name, callsMayBlock: false) { profile.make() }
        }
    }
}
