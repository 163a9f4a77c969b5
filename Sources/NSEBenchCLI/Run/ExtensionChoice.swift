import Foundation
import NSEBenchCore
import NSERuntime

/// What `--extension` names: a built-in, or the path of the user's own extension, which is found and
/// checked while the arguments are validated (exit 64 for a bad path) and built when the run starts.
enum ExtensionChoice {
    /// What `--extension` takes, for a usage error.
    static let expectedValue =
        "one of " + BuiltInExtensions.allNames.joined(separator: ", ")
        + ", or the path of your extension's folder or .swift file"

    /// Whether `value` is meant as a path rather than a built-in name.
    static func isPath(_ value: String) -> Bool {
        value.contains("/") || value.hasSuffix(".swift") || FileManager.default.fileExists(atPath: value)
    }

    /// Throws a usage error for a name that is no built-in and a path that holds no usable extension.
    /// A user's extension that imports a push SDK's module gets payloads with the media URL where that SDK
    /// reads it, unless `--media-field` said otherwise.
    static func validate(_ configuration: inout RunConfiguration) throws(UsageError) {
        let value = configuration.settings.extensionName
        if BuiltInExtensions.allNames.contains(value) {
            if configuration.principalClass != nil {
                throw .conflictingOptions("principal-class", "extension \(value)")
            }
            if !configuration.modules.isEmpty { throw .conflictingOptions("module", "extension \(value)") }
            return
        }
        guard isPath(value) else {
            throw .invalidValue(
                option: "extension", value: value,
                expected: expectedValue)
        }
        do {
            let source = try UserExtensionSource.locate(
                value, principalClass: configuration.principalClass, swiftVersion: configuration.swiftVersion,
                modules: configuration.modules)
            if !configuration.mediaFieldGiven { configuration.mediaField = source.mediaField }
            configuration.pushPayloadFields = source.pushPayloadFields
        } catch {
            throw .invalidCombination("--extension \(value): \(error.description)")
        }
    }

    /// A line for a run whose generated payloads carry the media URL where the extension never looks (at
    /// `media_url`, which its sources never name, and no push SDK's field): its media would all be
    /// "skipped", and the figures would say nothing about its downloads. Names the keys the sources do read.
    static func mediaFieldHint(_ source: UserExtensionSource, _ configuration: RunConfiguration) -> String? {
        guard source.sdk == nil, !source.namesMediaURLKey, !configuration.mediaFieldGiven,
            configuration.payloadFile == nil, configuration.settings.mediaFraction > 0
        else { return nil }
        let keys = source.payloadKeys.filter { !["aps", "alert", "title", "body", "badge", "sound"].contains($0) }
        let read =
            keys.isEmpty
            ? ""
            : "; they read the keys " + keys.prefix(6).map { "\"\($0)\"" }.joined(separator: ", ")
                + (keys.count > 6 ? ", ..." : "")
        let likely = ["url", "image", "media", "attachment", "picture", "video", "icon"]
        let urlLike = keys.first { key in likely.contains { key.lowercased().contains($0) } }
        // An example only for a key that looks like a media URL's; where it sits (nested under another key?)
        // the scan cannot tell, so the pointer may need the keys above it.
        let example = urlLike.map { " (e.g. --media-field /\($0), or /outer/\($0) where it is nested)" } ?? ""
        return "payloads: the media URL at /media_url, nse-bench's default, which your extension's sources never "
            + "name\(read): say where your payloads carry it with --media-field POINTER\(example), or use "
            + "--with-media 0 if the extension downloads no media"
    }

    private static func swiftFiles(_ count: Int) -> String { count == 1 ? "1 Swift file" : "\(count) Swift files" }

    /// The factory for the run: the built-in, or the user's extension built (or taken from the cache)
    /// and loaded, with a line for the terminal saying which, and the user's extension's source as built
    /// (without the project's modules the build left out).
    static func factory(
        _ configuration: RunConfiguration, settings: BuiltInExtensionSettings
    ) throws -> (factory: ExtensionFactory, library: ExtensionLibrary?, notes: [String], source: UserExtensionSource?) {
        if let given = configuration.extensionFactory { return (given, nil, [], nil) }
        let value = configuration.settings.extensionName
        if !isPath(value) { return (try BuiltInExtensions.named(value, settings: settings), nil, [], nil) }
        let builder = try UserExtensionBuilder.forThisProcess(version: NSEBenchVersion.current)
        let loaded = try UserExtensionLoader.load(
            value, principalClass: configuration.principalClass, swiftVersion: configuration.swiftVersion,
            modules: configuration.modules, builder: builder)
        let how =
            loaded.built.cached
            ? "from the build cache"
            : "compiled in \(FixedPoint.text(loaded.built.compileSeconds, places: 1)) s"
        let modules = loaded.source.modules.map { "\($0.name): \(swiftFiles($0.sources.count))" }
        var notes = [
            "extension \(value): \(loaded.source.principalClass) ("
                + (loaded.source.objectiveCFiles.isEmpty
                    ? ""
                    : "Objective-C translated to Swift: \(loaded.source.objectiveCFiles.joined(separator: ", ")); ")
                + (loaded.source.sources.isEmpty && !loaded.source.objectiveCFiles.isEmpty
                    ? "" : "\(swiftFiles(loaded.source.sources.count)), ")
                + (loaded.source.projectTarget.map { target in
                    let outside = loaded.source.projectSources.count
                    return outside == 0
                        ? "as \(target) compiles \(loaded.source.sources.count == 1 ? "it" : "them"); "
                        : "\(outside) of them from outside the folder, as \(target) compiles them; "
                } ?? "")
                + "Swift \(loaded.source.swiftVersion) mode"
                + (modules.isEmpty ? "" : "; modules \(modules.joined(separator: ", "))") + "), \(how)"
        ]
        if let field = loaded.source.mediaField, let sdk = loaded.source.sdk, !configuration.mediaFieldGiven,
            configuration.payloadFile == nil
        {
            notes.append(
                "payloads: the media URL at \(field), where the \(sdk.rawValue) SDK's helper reads it (--media-field)")
        }
        if let hint = mediaFieldHint(loaded.source, configuration) { notes.append(hint) }
        notes += loaded.source.projectNotes
        notes += (loaded.built.notes + loaded.source.untimedCalls).map { "not faithful: \($0)" }
        let inWorkers = configuration.extensionProcesses > 0
        var executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        if let bundle = loaded.source.mainBundle {
            if inWorkers {
                executable = try WorkerExecutable.make(
                    for: bundle, executable: executable, cache: builder.cacheDirectory)
                notes.append(
                    "Bundle.main: \(bundle.bundleIdentifier), from \(bundle.identifierSource.rawValue)"
                        + (bundle.resources.isEmpty ? "" : "; \(bundle.resources.count) resource files"))
                if !bundle.duplicateResourceNames.isEmpty {
                    let names = bundle.duplicateResourceNames
                    notes.append(
                        "not faithful: \(names.count) resource names are taken by more than one file of the folder "
                            + "(\(names.prefix(3).joined(separator: ", "))\(names.count > 3 ? ", ..." : "")); the first of "
                            + "each is in the bundle, where Xcode refuses to build such a target")
                }
            } else {
                notes.append("not faithful: Bundle.main is nse-bench's with --extension-processes 0 (no identifier)")
            }
        }
        let library =
            inWorkers
            ? ExtensionLibrary(
                path: loaded.built.libraryPath, workerExecutable: executable,
                toolchain: builder.compiler.resolvingSymlinksInPath().deletingLastPathComponent()) : nil
        return (loaded.factory, library, notes, loaded.source)
    }
}
