public import Foundation

/// `BlockOperation` in an extension nse-bench compiles: Foundation's, whose blocks run as the code that
/// gave them (``PhoneDispatch``), so a request made in one is that invocation's, as a block a phone's
/// extension hands to an `OperationQueue` is that notification's.
///
/// The file nse-bench generates in your module aliases `BlockOperation` to this class, so
/// `BlockOperation { ... }`, `BlockOperation(block:)` and `addExecutionBlock(_:)` carry the phone, and
/// subclasses of `BlockOperation` in your code subclass this one; not in a module that declares a
/// `BlockOperation` of its own (PSOperations' and ProcedureKit's are classes of that name). A shadow of
/// the initializer alone was ambiguous beside Foundation's; a subclass's is not.
///
/// `@unchecked Sendable` as Foundation's `BlockOperation` is: it adds no stored state.
open class PhoneBlockOperation: Foundation.BlockOperation, @unchecked Sendable {
    /// An operation running `block`, bound to the phone of the code making it.
    public convenience init(block: @escaping @Sendable () -> Void) {
        self.init()
        addExecutionBlock(block)
    }

    /// Adds `block`, bound to the phone of the code adding it.
    open override func addExecutionBlock(_ block: @escaping @Sendable () -> Void) {
        super.addExecutionBlock(PhoneDispatch.carrying(block))
    }
}
