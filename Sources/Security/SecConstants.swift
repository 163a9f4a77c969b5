// The Security framework's constants: the keys and values of keychain dictionaries, each holding Apple's
// own string (``KeychainKey``, ``KeychainConstantValue``).
public import CoreFoundationTypes
import SimulatedDevice

/// Security's `kSecClass`.
public var kSecClass: CFString { NSString(string: KeychainKey.`class`.rawValue) }
/// Security's `kSecAttrAccessible`.
public var kSecAttrAccessible: CFString { NSString(string: KeychainKey.attrAccessible.rawValue) }
/// Security's `kSecAttrAccessControl`.
public var kSecAttrAccessControl: CFString { NSString(string: KeychainKey.attrAccessControl.rawValue) }
/// Security's `kSecAttrAccessGroup`.
public var kSecAttrAccessGroup: CFString { NSString(string: KeychainKey.attrAccessGroup.rawValue) }
/// Security's `kSecAttrSynchronizable`.
public var kSecAttrSynchronizable: CFString { NSString(string: KeychainKey.attrSynchronizable.rawValue) }
/// Security's `kSecAttrService`.
public var kSecAttrService: CFString { NSString(string: KeychainKey.attrService.rawValue) }
/// Security's `kSecAttrAccount`.
public var kSecAttrAccount: CFString { NSString(string: KeychainKey.attrAccount.rawValue) }
/// Security's `kSecAttrLabel`.
public var kSecAttrLabel: CFString { NSString(string: KeychainKey.attrLabel.rawValue) }
/// Security's `kSecAttrGeneric`.
public var kSecAttrGeneric: CFString { NSString(string: KeychainKey.attrGeneric.rawValue) }
/// Security's `kSecAttrDescription`.
public var kSecAttrDescription: CFString { NSString(string: KeychainKey.attrDescription.rawValue) }
/// Security's `kSecAttrComment`.
public var kSecAttrComment: CFString { NSString(string: KeychainKey.attrComment.rawValue) }
/// Security's `kSecAttrCreationDate`.
public var kSecAttrCreationDate: CFString { NSString(string: KeychainKey.attrCreationDate.rawValue) }
/// Security's `kSecAttrModificationDate`.
public var kSecAttrModificationDate: CFString { NSString(string: KeychainKey.attrModificationDate.rawValue) }
/// Security's `kSecAttrServer`.
public var kSecAttrServer: CFString { NSString(string: KeychainKey.attrServer.rawValue) }
/// Security's `kSecAttrProtocol`.
public var kSecAttrProtocol: CFString { NSString(string: KeychainKey.attrProtocol.rawValue) }
/// Security's `kSecAttrPort`.
public var kSecAttrPort: CFString { NSString(string: KeychainKey.attrPort.rawValue) }
/// Security's `kSecAttrPath`.
public var kSecAttrPath: CFString { NSString(string: KeychainKey.attrPath.rawValue) }
/// Security's `kSecAttrSecurityDomain`.
public var kSecAttrSecurityDomain: CFString { NSString(string: KeychainKey.attrSecurityDomain.rawValue) }
/// Security's `kSecAttrAuthenticationType`.
public var kSecAttrAuthenticationType: CFString { NSString(string: KeychainKey.attrAuthenticationType.rawValue) }
/// Security's `kSecAttrApplicationTag`.
public var kSecAttrApplicationTag: CFString { NSString(string: KeychainKey.attrApplicationTag.rawValue) }
/// Security's `kSecAttrApplicationLabel`.
public var kSecAttrApplicationLabel: CFString { NSString(string: KeychainKey.attrApplicationLabel.rawValue) }
/// Security's `kSecAttrKeyClass`.
public var kSecAttrKeyClass: CFString { NSString(string: KeychainKey.attrKeyClass.rawValue) }
/// Security's `kSecAttrKeyType`.
public var kSecAttrKeyType: CFString { NSString(string: KeychainKey.attrKeyType.rawValue) }
/// Security's `kSecAttrKeySizeInBits`.
public var kSecAttrKeySizeInBits: CFString { NSString(string: KeychainKey.attrKeySizeInBits.rawValue) }
/// Security's `kSecAttrEffectiveKeySize`.
public var kSecAttrEffectiveKeySize: CFString { NSString(string: KeychainKey.attrEffectiveKeySize.rawValue) }
/// Security's `kSecAttrIsPermanent`.
public var kSecAttrIsPermanent: CFString { NSString(string: KeychainKey.attrIsPermanent.rawValue) }
/// Security's `kSecAttrTokenID`.
public var kSecAttrTokenID: CFString { NSString(string: KeychainKey.attrTokenID.rawValue) }
/// Security's `kSecAttrCreator`.
public var kSecAttrCreator: CFString { NSString(string: KeychainKey.attrCreator.rawValue) }
/// Security's `kSecValueData`.
public var kSecValueData: CFString { NSString(string: KeychainKey.valueData.rawValue) }
/// Security's `kSecValueRef`.
public var kSecValueRef: CFString { NSString(string: KeychainKey.valueRef.rawValue) }
/// Security's `kSecValuePersistentRef`.
public var kSecValuePersistentRef: CFString { NSString(string: KeychainKey.valuePersistentRef.rawValue) }
/// Security's `kSecReturnData`.
public var kSecReturnData: CFString { NSString(string: KeychainKey.returnData.rawValue) }
/// Security's `kSecReturnAttributes`.
public var kSecReturnAttributes: CFString { NSString(string: KeychainKey.returnAttributes.rawValue) }
/// Security's `kSecReturnRef`.
public var kSecReturnRef: CFString { NSString(string: KeychainKey.returnRef.rawValue) }
/// Security's `kSecReturnPersistentRef`.
public var kSecReturnPersistentRef: CFString { NSString(string: KeychainKey.returnPersistentRef.rawValue) }
/// Security's `kSecMatchLimit`.
public var kSecMatchLimit: CFString { NSString(string: KeychainKey.matchLimit.rawValue) }
/// Security's `kSecUseDataProtectionKeychain`.
public var kSecUseDataProtectionKeychain: CFString { NSString(string: KeychainKey.useDataProtectionKeychain.rawValue) }
/// Security's `kSecUseAuthenticationUI`.
public var kSecUseAuthenticationUI: CFString { NSString(string: KeychainKey.useAuthenticationUI.rawValue) }
/// Security's `kSecUseAuthenticationContext`.
public var kSecUseAuthenticationContext: CFString { NSString(string: KeychainKey.useAuthenticationContext.rawValue) }
/// Security's `kSecUseOperationPrompt`.
public var kSecUseOperationPrompt: CFString { NSString(string: KeychainKey.useOperationPrompt.rawValue) }
/// Security's `kSecAttrType`: the same key as `kSecAttrKeyType`, as in Apple's headers.
public var kSecAttrType: CFString { NSString(string: KeychainKey.attrKeyType.rawValue) }

/// Security's `kSecClassGenericPassword`.
public var kSecClassGenericPassword: CFString { NSString(string: KeychainConstantValue.classGenericPassword.rawValue) }
/// Security's `kSecClassInternetPassword`.
public var kSecClassInternetPassword: CFString {
    NSString(string: KeychainConstantValue.classInternetPassword.rawValue)
}
/// Security's `kSecClassCertificate`.
public var kSecClassCertificate: CFString { NSString(string: KeychainConstantValue.classCertificate.rawValue) }
/// Security's `kSecClassKey`.
public var kSecClassKey: CFString { NSString(string: KeychainConstantValue.classKey.rawValue) }
/// Security's `kSecClassIdentity`.
public var kSecClassIdentity: CFString { NSString(string: KeychainConstantValue.classIdentity.rawValue) }
/// Security's `kSecAttrAccessibleWhenUnlocked`.
public var kSecAttrAccessibleWhenUnlocked: CFString {
    NSString(string: KeychainConstantValue.attrAccessibleWhenUnlocked.rawValue)
}
/// Security's `kSecAttrAccessibleAfterFirstUnlock`.
public var kSecAttrAccessibleAfterFirstUnlock: CFString {
    NSString(string: KeychainConstantValue.attrAccessibleAfterFirstUnlock.rawValue)
}
/// Security's `kSecAttrAccessibleAlways`.
public var kSecAttrAccessibleAlways: CFString { NSString(string: KeychainConstantValue.attrAccessibleAlways.rawValue) }
/// Security's `kSecAttrAccessibleWhenUnlockedThisDeviceOnly`.
public var kSecAttrAccessibleWhenUnlockedThisDeviceOnly: CFString {
    NSString(string: KeychainConstantValue.attrAccessibleWhenUnlockedThisDeviceOnly.rawValue)
}
/// Security's `kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`.
public var kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly: CFString {
    NSString(string: KeychainConstantValue.attrAccessibleAfterFirstUnlockThisDeviceOnly.rawValue)
}
/// Security's `kSecAttrAccessibleAlwaysThisDeviceOnly`.
public var kSecAttrAccessibleAlwaysThisDeviceOnly: CFString {
    NSString(string: KeychainConstantValue.attrAccessibleAlwaysThisDeviceOnly.rawValue)
}
/// Security's `kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly`.
public var kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly: CFString {
    NSString(string: KeychainConstantValue.attrAccessibleWhenPasscodeSetThisDeviceOnly.rawValue)
}
/// Security's `kSecMatchLimitOne`.
public var kSecMatchLimitOne: CFString { NSString(string: KeychainConstantValue.matchLimitOne.rawValue) }
/// Security's `kSecMatchLimitAll`.
public var kSecMatchLimitAll: CFString { NSString(string: KeychainConstantValue.matchLimitAll.rawValue) }
/// Security's `kSecAttrSynchronizableAny`.
public var kSecAttrSynchronizableAny: CFString {
    NSString(string: KeychainConstantValue.attrSynchronizableAny.rawValue)
}
/// Security's `kSecAttrProtocolHTTP`.
public var kSecAttrProtocolHTTP: CFString { NSString(string: KeychainConstantValue.attrProtocolHTTP.rawValue) }
/// Security's `kSecAttrProtocolHTTPS`.
public var kSecAttrProtocolHTTPS: CFString { NSString(string: KeychainConstantValue.attrProtocolHTTPS.rawValue) }
/// Security's `kSecAttrAuthenticationTypeDefault`.
public var kSecAttrAuthenticationTypeDefault: CFString {
    NSString(string: KeychainConstantValue.attrAuthenticationTypeDefault.rawValue)
}
/// Security's `kSecAttrKeyClassPublic`.
public var kSecAttrKeyClassPublic: CFString { NSString(string: KeychainConstantValue.attrKeyClassPublic.rawValue) }
/// Security's `kSecAttrKeyClassPrivate`.
public var kSecAttrKeyClassPrivate: CFString { NSString(string: KeychainConstantValue.attrKeyClassPrivate.rawValue) }
/// Security's `kSecAttrKeyClassSymmetric`.
public var kSecAttrKeyClassSymmetric: CFString {
    NSString(string: KeychainConstantValue.attrKeyClassSymmetric.rawValue)
}
/// Security's `kSecUseAuthenticationUIAllow`.
public var kSecUseAuthenticationUIAllow: CFString {
    NSString(string: KeychainConstantValue.useAuthenticationUIAllow.rawValue)
}
/// Security's `kSecUseAuthenticationUIFail`.
public var kSecUseAuthenticationUIFail: CFString {
    NSString(string: KeychainConstantValue.useAuthenticationUIFail.rawValue)
}
/// Security's `kSecUseAuthenticationUISkip`.
public var kSecUseAuthenticationUISkip: CFString {
    NSString(string: KeychainConstantValue.useAuthenticationUISkip.rawValue)
}
/// Security's `kSecAttrAccessGroupToken`.
public var kSecAttrAccessGroupToken: CFString { NSString(string: KeychainConstantValue.attrAccessGroupToken.rawValue) }
