// Apple's CoreServices umbrella on Linux, as an extension imports it for the type identifier API
// (`kUTType...`, `UTTypeCreatePreferredIdentifierForTag`): MobileCoreServices and UniformTypeIdentifiers.
@_exported public import MobileCoreServices
@_exported public import UniformTypeIdentifiers
