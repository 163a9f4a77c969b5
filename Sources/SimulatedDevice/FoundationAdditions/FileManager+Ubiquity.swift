public import Foundation

extension FileManager {
    /// The iCloud account's token, as iOS's `ubiquityIdentityToken`: always nil, as on a phone signed out
    /// of iCloud. iCloud is not simulated (no account, no ubiquity container): code that checks for an
    /// account first takes its no-account path, and the run says so (`not faithful:`).
    public var ubiquityIdentityToken: (any NSCopying & NSSecureCoding & NSObjectProtocol)? { nil }
}
