// Apple's Security keychain API on Linux (`SecItemAdd`, `SecItemCopyMatching`, `SecItemUpdate`,
// `SecItemDelete`), over the keychain the run's simulated phones share with the app (`--keychain FILE`
// seeds it): an extension that reads its decryption key or token from a shared keychain access group
// compiles and runs unchanged, and is refused an item readable only when unlocked, as on a locked phone.
@_exported public import CoreFoundationTypes
public import Foundation
import SimulatedDevice

/// Adds an item of `attributes`; `result`, when given and the attributes ask for it (`kSecReturnData`,
/// `kSecReturnAttributes`), receives the item.
public func SecItemAdd(_ attributes: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    SecurityCall.run { keychain, locked throws(KeychainFailure) in
        let given = try SecurityValues.attributes(of: attributes)
        let stored = try keychain.change { items throws(KeychainFailure) in
            try items.add(given, phoneLocked: locked, now: Date().timeIntervalSinceReferenceDate)
        }
        result?.pointee = try SecurityValues.result(for: [stored], query: given)
    }
}

/// Finds what `query` matches; `result`, when given, receives what it asks for: the data, the persistent
/// reference, the attributes, or an array of them with `kSecMatchLimitAll`.
public func SecItemCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    SecurityCall.run { keychain, locked throws(KeychainFailure) in
        let given = try SecurityValues.attributes(of: query)
        let found = try keychain.read { items throws(KeychainFailure) in
            try items.matching(given, limit: SecurityValues.limit(of: given), phoneLocked: locked)
        }
        result?.pointee = try SecurityValues.result(for: found, query: given)
    }
}

/// Sets `attributesToUpdate` on every item `query` matches.
public func SecItemUpdate(_ query: CFDictionary, _ attributesToUpdate: CFDictionary) -> OSStatus {
    SecurityCall.run { keychain, locked throws(KeychainFailure) in
        let given = try SecurityValues.attributes(of: query)
        let changes = try SecurityValues.attributes(of: attributesToUpdate)
        try keychain.change { items throws(KeychainFailure) in
            try items.update(given, with: changes, phoneLocked: locked, now: Date().timeIntervalSinceReferenceDate)
        }
    }
}

/// Removes every item `query` matches.
public func SecItemDelete(_ query: CFDictionary) -> OSStatus {
    SecurityCall.run { keychain, _ throws(KeychainFailure) in
        let given = try SecurityValues.attributes(of: query)
        try keychain.change { items throws(KeychainFailure) in try items.delete(given) }
    }
}

/// What `status` means, as Security's `SecCopyErrorMessageString`; nil for a status it does not know.
public func SecCopyErrorMessageString(_ status: OSStatus, _ reserved: UnsafeMutableRawPointer?) -> CFString? {
    SecurityStatus.messages[status].map { NSString(string: $0) }
}

/// The calls' shared frame: the phone's keychain and lock state, and the status of what was thrown.
enum SecurityCall {
    static func run(_ body: (PhoneKeychain, Bool) throws(KeychainFailure) -> Void) -> OSStatus {
        // Off the invocation's threads (a thread the extension started itself) the phone is not known; the
        // process serves one run, whose keychain it is, and its phones are locked alike.
        let phone = SimulatedPhone.current
        guard let keychain = phone?.keychain ?? PhoneKeychain.processKeychain else {
            return KeychainFailure.notAvailable.status
        }
        do throws(KeychainFailure) {
            try body(keychain, phone?.isLocked ?? true)
            return errSecSuccess
        } catch {
            return error.status
        }
    }
}
