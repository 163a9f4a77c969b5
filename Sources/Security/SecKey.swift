// Security's SecKey on Linux for RSA keys, as extensions that decrypt end-to-end-encrypted payloads use it: a key
// made from PKCS #1 data (`SecKeyCreateWithData`), its public half, its export, its attributes and block size,
// over OpenSSL through NSEBenchSystem. Failures come back as iOS's do, a `CFError` of `NSOSStatusErrorDomain`
// with Apple's status and message, through the `UnsafeMutablePointer<Unmanaged<CFError>?>` the caller passes.
// EC keys (kSecAttrKeyTypeECSECPrimeRandom), keychain-held keys (kSecValueRef) and key generation are not here.
public import CoreFoundationTypes

@_implementationOnly import NSEBenchSystem

/// A cryptographic key: an RSA public key or private key.
public final class SecKey: Sendable {
    let material: RSAKeyMaterial

    init(_ material: RSAKeyMaterial) { self.material = material }
}

/// Makes a key of `attributes`' `kSecAttrKeyType` and `kSecAttrKeyClass` from `keyData`, as iOS takes it for RSA:
/// a PKCS #1 `RSAPrivateKey` for a private key; a PKCS #1 `RSAPublicKey`, or an X.509 `SubjectPublicKeyInfo`, for a
/// public one. `kSecAttrKeySizeInBits` is not checked (iOS reads the size from the data). Nil, with `error` set
/// (`errSecParam`, Apple's message), for data that is not such a key, an unknown type or class; `errSecUnimplemented`
/// for an EC or symmetric key, not simulated.
public func SecKeyCreateWithData(
    _ keyData: CFData, _ attributes: CFDictionary, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> SecKey? {
    SecKeyCall.run(error) { () throws(SecKeyFailure) in
        let type = try SecKeyAttributes.index(attributes, key: kSecAttrKeyType, name: "key type")
        let keyClass = try SecKeyAttributes.index(attributes, key: kSecAttrKeyClass, name: "key class")
        let bytes = [UInt8](keyData)
        switch (keyClass, type) {
        case (0, 42):
            return SecKey(
                try RSAKeyMaterial.make("RSA public key creation from data failed") { () throws(AsymmetricKeyError) in
                    try RSAKey(publicKey: bytes)
                })
        case (1, 42):
            return SecKey(
                try RSAKeyMaterial.make("RSA private key creation from data failed") { () throws(AsymmetricKeyError) in
                    try RSAKey(pkcs1PrivateKey: bytes)
                })
        case (0, 43), (0, 73), (1, 43), (1, 73):
            throw SecKeyFailure(errSecUnimplemented, "EC keys are not simulated by nse-bench (kSecAttrKeyType \(type))")
        case (0, _):
            throw SecKeyFailure(errSecParam, "Unsupported public key type: \(type)")
        case (1, _):
            throw SecKeyFailure(errSecParam, "Unsupported private key type: \(type)")
        case (2, _):
            throw SecKeyFailure(errSecUnimplemented, "Unsupported symmetric key type: \(type)")
        default:
            throw SecKeyFailure(errSecParam, "Unsupported key class: \(keyClass)")
        }
    }
}

/// The public key of `key`: a new key for a private key, `key` itself for a public one.
public func SecKeyCopyPublicKey(_ key: SecKey) -> SecKey? {
    guard key.material.key.isPrivate else { return key }
    return SecKeyCall.run(nil) { () throws(SecKeyFailure) in
        SecKey(
            try RSAKeyMaterial.make("RSA public key export failed") { () throws(AsymmetricKeyError) in
                try key.material.key.publicKey()
            })
    }
}

/// `key` as iOS exports an RSA key: PKCS #1 DER, an `RSAPrivateKey` or `RSAPublicKey`.
public func SecKeyCopyExternalRepresentation(_ key: SecKey, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?)
    -> CFData?
{
    SecKeyCall.run(error) { () throws(SecKeyFailure) in
        do throws(AsymmetricKeyError) {
            return Data(try key.material.key.pkcs1())
        } catch {
            throw SecKeyFailure(errSecInternalComponent, "RSA key export failed: \(error)")
        }
    }
}

/// `key`'s attributes, as iOS describes an RSA key: `kSecAttrKeyType` (`kSecAttrKeyTypeRSA`), `kSecAttrKeyClass`,
/// `kSecAttrKeySizeInBits` and `kSecAttrEffectiveKeySize` (the modulus's bits), `kSecValueData` (the PKCS #1 DER).
public func SecKeyCopyAttributes(_ key: SecKey) -> CFDictionary? {
    let rsa = key.material.key
    let attributes = NSMutableDictionary()
    attributes[kSecAttrKeyType] = kSecAttrKeyTypeRSA
    attributes[kSecAttrKeyClass] = rsa.isPrivate ? kSecAttrKeyClassPrivate : kSecAttrKeyClassPublic
    attributes[kSecAttrKeySizeInBits] = NSNumber(value: rsa.bitCount)
    attributes[kSecAttrEffectiveKeySize] = NSNumber(value: rsa.bitCount)
    do throws(AsymmetricKeyError) {
        attributes[kSecValueData] = NSData(data: Data(try rsa.pkcs1()))
    } catch {
        return nil
    }
    return attributes
}

/// The size of `key`'s blocks in bytes: its modulus's size, which every ciphertext has.
public func SecKeyGetBlockSize(_ key: SecKey) -> Int { key.material.key.modulusByteCount }

/// An RSA key held by OpenSSL (NSEBenchSystem's ``RSAKey``), kept behind a class of this module's so that
/// ``SecKey``'s declaration names no type of the implementation-only import.
final class RSAKeyMaterial: Sendable {
    let key: RSAKey

    init(_ key: RSAKey) { self.key = key }

    /// The key `make` builds; a failure is `errSecParam` with `message` (Apple's), then OpenSSL's reason.
    static func make(_ message: String, _ make: () throws(AsymmetricKeyError) -> RSAKey) throws(SecKeyFailure)
        -> RSAKeyMaterial
    {
        do {
            return RSAKeyMaterial(try make())
        } catch {
            switch error {
            case .library(let failure): throw SecKeyFailure(errSecInternalComponent, "\(message): \(failure)")
            default: throw SecKeyFailure(errSecParam, message)
            }
        }
    }
}

/// Reads the attributes `SecKeyCreateWithData` takes.
enum SecKeyAttributes {
    /// The number `dictionary` holds under `key`, as Security reads a key type or class: a number, or a string of
    /// one ("42"). A missing or other value is `errSecParam`'s "Unsupported key type: ...", Apple's message.
    static func index(_ dictionary: NSDictionary, key: CFString, name: String) throws(SecKeyFailure) -> Int {
        let value = dictionary[key] ?? dictionary[String(key)]
        guard let number = value.flatMap(integer) else {
            throw SecKeyFailure(errSecParam, "Unsupported \(name): \(value.map { "\($0)" } ?? "(null)")")
        }
        return number
    }

    private static func integer(_ value: Any) -> Int? {
        switch value {
        case let text as String: Int(text)
        case let text as NSString: Int(String(text))
        case let number as NSNumber: number.intValue
        case let number as Int: number
        default: nil
        }
    }
}
