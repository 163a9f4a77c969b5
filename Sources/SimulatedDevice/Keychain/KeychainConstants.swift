/// The keys of a keychain query or item, as the Security framework's `kSec...` constants, each holding
/// Apple's own string (`kSecAttrService` is `"svce"`), so a dictionary printed or read back reads as on iOS.
public enum KeychainKey: String, CaseIterable, Sendable {
    case `class` = "class"
    case attrAccessible = "pdmn"
    case attrAccessControl = "accc"
    case attrAccessGroup = "agrp"
    case attrSynchronizable = "sync"
    case attrService = "svce"
    case attrAccount = "acct"
    case attrLabel = "labl"
    case attrGeneric = "gena"
    case attrDescription = "desc"
    case attrComment = "icmt"
    case attrCreationDate = "cdat"
    case attrModificationDate = "mdat"
    case attrServer = "srvr"
    case attrProtocol = "ptcl"
    case attrPort = "port"
    case attrPath = "path"
    case attrSecurityDomain = "sdmn"
    case attrAuthenticationType = "atyp"
    case attrApplicationTag = "atag"
    case attrApplicationLabel = "klbl"
    case attrKeyClass = "kcls"
    case attrKeyType = "type"
    case attrKeySizeInBits = "bsiz"
    case attrEffectiveKeySize = "esiz"
    case attrIsPermanent = "perm"
    case attrTokenID = "tkid"
    case attrCreator = "crtr"
    case valueData = "v_Data"
    case valueRef = "v_Ref"
    case valuePersistentRef = "v_PersistentRef"
    case returnData = "r_Data"
    case returnAttributes = "r_Attributes"
    case returnRef = "r_Ref"
    case returnPersistentRef = "r_PersistentRef"
    case matchLimit = "m_Limit"
    case useDataProtectionKeychain = "nleg"
    case useAuthenticationUI = "u_AuthUI"
    case useAuthenticationContext = "u_AuthCtx"
    case useOperationPrompt = "u_OpPrompt"

    /// The Security constant's name: `kSecAttrService` for ``attrService``.
    public var constantName: String {
        "kSec" + String(describing: self).prefix(1).uppercased() + String(describing: self).dropFirst()
    }

    /// Whether items hold the key and queries match on it: every `kSecAttr...` and `kSecClass`; not the
    /// values (`kSecValue...`), nor the keys that steer a call (`kSecReturn...`, `kSecMatch...`, `kSecUse...`).
    public var isAttribute: Bool {
        switch self {
        case .valueData, .valueRef, .valuePersistentRef, .returnData, .returnAttributes, .returnRef,
            .returnPersistentRef, .matchLimit, .useDataProtectionKeychain, .useAuthenticationUI,
            .useAuthenticationContext, .useOperationPrompt:
            false
        default: true
        }
    }

    /// Whether the key is one of an item's values: its data or its persistent reference.
    public var isValue: Bool { rawValue.hasPrefix("v_") }
}

/// The values of `kSecClass`, `kSecAttrAccessible`, `kSecMatchLimit` and `kSecAttrSynchronizable` that
/// are constants in the Security framework, each holding Apple's string.
public enum KeychainConstantValue: String, CaseIterable, Sendable {
    case classGenericPassword = "genp"
    case classInternetPassword = "inet"
    case classCertificate = "cert"
    case classKey = "keys"
    case classIdentity = "idnt"
    case attrAccessibleWhenUnlocked = "ak"
    case attrAccessibleAfterFirstUnlock = "ck"
    case attrAccessibleAlways = "dk"
    case attrAccessibleWhenUnlockedThisDeviceOnly = "aku"
    case attrAccessibleAfterFirstUnlockThisDeviceOnly = "cku"
    case attrAccessibleAlwaysThisDeviceOnly = "dku"
    case attrAccessibleWhenPasscodeSetThisDeviceOnly = "akpu"
    case matchLimitOne = "m_LimitOne"
    case matchLimitAll = "m_LimitAll"
    case attrSynchronizableAny = "syna"
    case attrProtocolHTTP = "http"
    case attrProtocolHTTPS = "htps"
    case attrAuthenticationTypeDefault = "dflt"
    case attrKeyClassPublic = "0"
    case attrKeyClassPrivate = "1"
    case attrKeyClassSymmetric = "2"
    case useAuthenticationUIAllow = "u_AuthUIA"
    case useAuthenticationUIFail = "u_AuthUIF"
    case useAuthenticationUISkip = "u_AuthUIS"
    case attrAccessGroupToken = "com.apple.token"

    /// The Security constant's name: `kSecClassGenericPassword` for ``classGenericPassword``.
    public var constantName: String {
        "kSec" + String(describing: self).prefix(1).uppercased() + String(describing: self).dropFirst()
    }

    /// Whether an item with this `kSecAttrAccessible` can be read only while the phone is unlocked.
    var needsUnlockedPhone: Bool {
        switch self {
        case .attrAccessibleWhenUnlocked, .attrAccessibleWhenUnlockedThisDeviceOnly,
            .attrAccessibleWhenPasscodeSetThisDeviceOnly:
            true
        default: false
        }
    }
}
