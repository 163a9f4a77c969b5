// How the SecKey calls fail as iOS's do: a `CFError` in `NSOSStatusErrorDomain` whose code is the status, handed
// back retained through the caller's `UnsafeMutablePointer<Unmanaged<CFError>?>` (`takeRetainedValue()` balances
// it), and an `OSStatus` for the older calls.
public import CoreFoundationTypes

/// A SecKey call's failure: Apple's status and message.
struct SecKeyFailure: Error, Equatable {
    let status: OSStatus
    let message: String

    init(_ status: OSStatus, _ message: String) {
        self.status = status
        self.message = message
    }

    /// The error iOS would give: domain `NSOSStatusErrorDomain`, the status as its code, the message as its
    /// description (Core Foundation's `NSDescription`, and Foundation's localized description).
    var error: CFError {
        NSError(
            domain: "NSOSStatusErrorDomain", code: Int(status),
            userInfo: ["NSDescription": message, NSLocalizedDescriptionKey: message])
    }
}

/// The calls' shared frame: the value a body makes, or nil with its failure handed to `error`.
enum SecKeyCall {
    static func run<Value>(
        _ errorOut: UnsafeMutablePointer<Unmanaged<CFError>?>?, _ body: () throws(SecKeyFailure) -> Value
    ) -> Value? {
        do throws(SecKeyFailure) {
            return try body()
        } catch {
            errorOut?.pointee = Unmanaged.passRetained(error.error)
            return nil
        }
    }
}
