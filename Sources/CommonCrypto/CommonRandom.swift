// CommonCrypto's random bytes (CommonRandom.h) as Swift imports it.

/// The status `CCRandomGenerateBytes` returns.
public typealias CCRNGStatus = CCCryptorStatus

/// Fills `count` bytes at `bytes` from the system's generator (getrandom(2)): `kCCSuccess`, or `kCCParamError`
/// for a nil `bytes` with a count or a negative count.
public func CCRandomGenerateBytes(_ bytes: UnsafeMutableRawPointer!, _ count: Int) -> CCRNGStatus {
    guard count >= 0, bytes != nil || count == 0 else { return CryptorStatus.parameter }
    guard let bytes else { return CryptorStatus.success }
    var generator = SystemRandomNumberGenerator()
    let buffer = UnsafeMutableRawBufferPointer(start: bytes, count: count)
    for index in 0..<count { buffer[index] = UInt8.random(in: 0...255, using: &generator) }
    return CryptorStatus.success
}
