/// An invocation ready to run on the ``ExtensionHost`` that prepared it (``ExtensionHost/prepare(_:)``):
/// its session, built from its input and not yet started.
public struct PreparedInvocation: Sendable {
    let session: InvocationSession
}
