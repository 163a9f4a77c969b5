public import Foundation
import NSEBenchSystem
import SDKProfiles

/// Compiles a user's extension into a shared library nse-bench loads, against nse-bench's own
/// `UserNotifications` and `SimulatedDevice` modules, and caches it by a hash of the sources, the
/// settings and those modules: a second run of unchanged sources loads the cached library.
///
/// The compile adds one generated file to the user's module (``ExtensionEntryFile``) and makes every
/// file import `SimulatedDevice` implicitly, so unchanged iOS code (which imports `Foundation` and
/// `UserNotifications` only) gets FoundationNetworking's types and the simulated phone's `URLSession`.
/// Every file imports `OSLog` implicitly too, and finds an empty Clang module `os` (``OSModuleMap``), so
/// code that logs with `import os` or `import os.log` compiles unchanged.
///
/// ```swift
/// let builder = try UserExtensionBuilder.forThisProcess()
/// let built = try builder.build(try UserExtensionSource.locate("Examples/XcodeTemplate"))
/// built.libraryPath  // ~/.cache/nse-bench/extensions/<sha256>/extension.so
/// ```
public struct UserExtensionBuilder: Sendable {
    /// The folder holding nse-bench's compiled `.swiftmodule` files.
    public var modulesDirectory: URL
    /// `swiftc`.
    public var compiler: URL
    /// Where compiled extensions are kept, one folder per hash.
    public var cacheDirectory: URL
    /// Part of every hash: nse-bench's version.
    public var version: String

    /// A built extension.
    public struct Built: Sendable, Hashable {
        /// The shared library.
        public var libraryPath: String
        /// Whether it came from the cache.
        public var cached: Bool
        /// Seconds the compile took (0 from the cache).
        public var compileSeconds: Double
        /// What the compile could not make as an iPhone makes it: a unit (the extension, a module) whose
        /// `os(iOS)` branches did not compile and were compiled as Linux holds them (false), with the
        /// compiler's first error; kept with the cached build.
        public var notes: [String] = []
        /// The project's modules left out because they did not compile (the extension was compiled without
        /// them), by name; kept with the cached build.
        public var leftOutModules: [String] = []
    }

    /// The file beside a cached library that holds its ``Built/notes``, one a line.
    static let notesFileName = "notes.txt"

    /// The file beside a cached library that holds its ``Built/leftOutModules``, one a line.
    static let leftOutModulesFileName = "left-out-modules.txt"

    /// What a cached build's folder holds beside its library, in the cache key: a build cached before it
    /// kept the modules left out is not taken, as it would list them among those compiled, nor one
    /// without the debug information that names where a crash was.
    static let cacheLayout = "library with debug information, \(notesFileName), \(leftOutModulesFileName)"

    /// What the compiled copies change (``CompiledCopies``), in the cache key: a build cached before they
    /// held `os(iOS)` true compiled the other branches, and is not taken for one that does.
    static let copiesScheme =
        "copies: Objective-C attributes blanked; frameworks' submodule imports whole; os(iOS) true, else as written"

    /// A builder.
    public init(modulesDirectory: URL, compiler: URL, cacheDirectory: URL, version: String) {
        self.modulesDirectory = modulesDirectory
        self.compiler = compiler
        self.cacheDirectory = cacheDirectory
        self.version = version
    }

    /// The builder for the running executable: modules beside it (`<its folder>/Modules`, where the Swift
    /// package manager puts them), `swiftc` from `SWIFTC` or `PATH`, the cache in `NSE_BENCH_CACHE`,
    /// `XDG_CACHE_HOME/nse-bench` or `~/.cache/nse-bench`.
    public static func forThisProcess(
        version: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(UserExtensionError) -> UserExtensionBuilder {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let modules = executable.deletingLastPathComponent().appendingPathComponent("Modules")
        for module in implicitModules {
            let file = modules.appendingPathComponent("\(module).swiftmodule")
            guard FileManager.default.fileExists(atPath: file.path) else {
                throw .toolchain(
                    "cannot build a user's extension: \(file.path) is missing (run nse-bench from the folder "
                        + "`swift build` put it in, such as .build/release/nse-bench)")
            }
        }
        let compiler = try findCompiler(environment)
        let cache = CacheDirectory.url(environment: environment)
        return UserExtensionBuilder(
            modulesDirectory: modules, compiler: compiler,
            cacheDirectory: cache.appendingPathComponent("extensions"), version: version)
    }

    /// The modules of nse-bench's that every file of a user's module imports (the first two by its own
    /// `import`, or implicitly; Security as iOS's Foundation brings it), whose interfaces are part of the
    /// cache key.
    static let implicitModules = ["UserNotifications", "SimulatedDevice", "OSLog", "Security"]

    /// Every module of nse-bench's a user's module may import (Apple's names on Linux), whose interfaces
    /// are part of the cache key: a library compiled against another build of one of them must not load.
    static let providedModules =
        implicitModules + [
            "CryptoKit", "CommonCrypto", "Compression", "Intents", "UniformTypeIdentifiers", "MobileCoreServices",
            "CallKit",
            "CoreServices", "CoreFoundationTypes", "UIKit", "CoreText", "QuartzCore", "Combine", "CoreGraphics",
            "ImageIO",
            "NSEBenchImages",
            "WidgetKit", "UserNotificationsUI",
            "AVFoundation", "CoreMedia",
        ] + ["SDKProfiles"] + SDKProfile.allCases.flatMap(\.moduleNames)
        // Customer.io's common module, which names no SDK of its own; CleverTap's SDK, which reads no media.
        + ["CioInternalCommon", "CleverTapSDK"]

    /// Module names a user's own module (`--module`) cannot take: nse-bench's (``providedModules``, and its
    /// own internal ones, which a compile finds in ``modulesDirectory`` first) and the toolchain's.
    static let reservedModuleNames: Set<String> = Set(providedModules).union([
        "NSERuntime", "NSEBenchCore", "NSEBenchSystem", "NSEBenchCLI", "NSEBenchReport", "NSEBenchImages",
        "MediaServer",
        "SystemBenchmarks", "FuzzTargets", "NSEBenchTestSupport", "CCurl", "CJemalloc", "CNSEBenchLinux", "COpenSSL",
        "CZlib", "Swift", "Foundation", "FoundationNetworking", "FoundationEssentials",
        "FoundationInternationalization",
        "FoundationXML", "CoreFoundation", "Dispatch", "Glibc", "Musl", "os", "SQLite3", "Synchronization",
        "Observation",
        "RegexBuilder", "Distributed", "_Concurrency", "_StringProcessing", "Testing", "XCTest",
    ])

    /// The library for `source`: from the cache, or compiled into it.
    public func build(_ source: UserExtensionSource) throws(UserExtensionError) -> Built {
        for module in source.modules
        where FileManager.default.fileExists(
            atPath: modulesDirectory.appendingPathComponent("\(module.name).swiftmodule").path)
        {
            // A module of nse-bench's build (a test module, say) the compile would find before the user's.
            throw .badModule(specification: module.path, reason: ExtensionModule.takenNameReason(module.name))
        }
        let key = try cacheKey(source)
        let folder = cacheDirectory.appendingPathComponent(key)
        let library = folder.appendingPathComponent("extension.so")
        if FileManager.default.fileExists(atPath: library.path) {
            return Built(
                libraryPath: library.path, cached: true, compileSeconds: 0,
                notes: try lines(of: Self.notesFileName, in: folder),
                leftOutModules: try lines(of: Self.leftOutModulesFileName, in: folder))
        }
        let work = cacheDirectory.appendingPathComponent("\(key).building-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        } catch {
            throw .cache(path: work.path, reason: error.localizedDescription)
        }
        defer { removeIfPresent(work) }
        let entry = work.appendingPathComponent(ExtensionEntryFile.fileName)
        do {
            try ExtensionEntryFile.text(
                principalClass: source.principalClass, path: source.path, aliasesFileManager: source.aliasesFileManager,
                leavingOut: source.shadowsLeftOut
            )
            .write(to: entry, atomically: true, encoding: .utf8)
            if let objectiveC = source.objectiveC {
                try objectiveC.swiftText.write(
                    to: work.appendingPathComponent(ObjectiveCTranslation.fileName), atomically: true, encoding: .utf8)
            }
        } catch {
            throw .cache(path: entry.path, reason: error.localizedDescription)
        }
        let osModule = try osModuleFolder()
        let output = work.appendingPathComponent("extension.so")
        let start = Date()
        let libraries = ModuleLibraries(folder: work, key: key)
        var notes: [String] = []
        // A module the extension's project gives (not a --module) that does not compile is left out, and
        // the extension compiled without it: as its `#if canImport(...)` reads it here, it may not need it.
        // The source as located, whose notes (a manifest not read) still name the modules left out.
        let located = source
        var source = source
        var compiled: [ExtensionModule] = []
        var dropped: [String: UserExtensionError] = [:]
        for module in source.modules {
            let imported = compiled.filter { module.imports.contains($0.name) }
            do throws(UserExtensionError) {
                notes += try build(
                    module, linking: imported, libraries: libraries, osModule: osModule, notesSoFar: notes)
                compiled.append(module)
            } catch {
                guard case .moduleCompileFailed(_, _, _, let messages, let missing) = error else { throw error }
                // Needing a module left out, it fails for that module's reason: that one's error says it.
                if let earlier = missing.lazy.compactMap({ dropped[$0] }).first, !module.isFromProject {
                    throw Self.withProjectContext(earlier, located)
                }
                guard module.isFromProject else { throw error }
                try removeOutputs(of: module, libraries: libraries)
                dropped[module.name] = error
                notes.append(Self.leftOutNote(module, messages: messages))
            }
        }
        source.modules = compiled
        let result = try compile(
            source.sources, unit: "the extension",
            root: source.path.hasSuffix(".swift")
                ? URL(fileURLWithPath: source.path).deletingLastPathComponent() : URL(fileURLWithPath: source.path),
            copiesIn: work.appendingPathComponent("copies", isDirectory: true), in: work
        ) { sources in
            arguments(source, sources: sources, entry: entry, osModule: osModule, libraries: libraries, output: output)
        }
        let seconds = Date().timeIntervalSince(start)
        // A module compiled without its os(iOS) branches may lack what the extension calls: say so.
        guard result.status == 0 else {
            // The extension needs a module of its project's that did not compile: that module's error says why.
            if let error = Self.missingModules(in: result.messages).lazy.compactMap({ dropped[$0] }).first {
                throw Self.withProjectContext(error, located)
            }
            throw compileError(source, result.messages, notes: notes, entry: entry)
        }
        notes += result.note.map { [$0] } ?? []
        let leftOut = Array(dropped.keys).sorted()
        for (name, lines) in [(Self.notesFileName, notes), (Self.leftOutModulesFileName, leftOut)] {
            let file = work.appendingPathComponent(name)
            do {
                try lines.map { $0 + "\n" }.joined().write(to: file, atomically: false, encoding: .utf8)
            } catch {
                throw .cache(path: file.path, reason: error.localizedDescription)
            }
        }
        do {
            try FileManager.default.moveItem(at: work, to: folder)
        } catch {
            // Another run finished the same build first: its library is as good.
            guard FileManager.default.fileExists(atPath: library.path) else {
                throw .cache(path: folder.path, reason: error.localizedDescription)
            }
        }
        return Built(
            libraryPath: library.path, cached: false, compileSeconds: seconds, notes: notes, leftOutModules: leftOut)
    }

    /// The note for the project's `module`, left out after its compile failed with `messages`: the
    /// compiler's first error at a line of the module's (its path from the module's folder, as a cached
    /// note outlives the project's place), else its first of any kind.
    static func leftOutNote(_ module: ExtensionModule, messages: String) -> String {
        let lines = messages.split(whereSeparator: \.isNewline)
        let first =
            lines.first { $0.contains(".swift:") && $0.contains(": error:") } ?? lines.first { $0.contains("error:") }
        let error = first.map {
            String(
                $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: module.root.path + "/", with: "")
                    .prefix(300))
        }
        return "\(module.name) (\(module.origin)) is not compiled: it did not compile here"
            + (error.map { " (\($0))" } ?? "")
            + "; the extension is compiled without it, so its #if canImport(\(module.name)) reads false, where an "
            + "iPhone compiles the module"
    }

    /// The resources of the package target `module`, where its `Bundle.module` holds them: as its
    /// manifest places them (``ExtensionModule/resourcePlacements``), else every file of its folder but
    /// sources and build settings (``ExtensionMainBundle/resources(in:files:outside:)``).
    static func packageResources(of module: ExtensionModule) throws(UserExtensionError) -> [ExtensionMainBundle
        .Resource]
    {
        if let placements = module.resourcePlacements {
            return try ExtensionMainBundle.resources(placed: placements.map { ($0.file, $0.bundlePath) }).resources
        }
        return try ExtensionMainBundle.resources(
            in: module.root, files: UserExtensionSource.allFiles(under: module.root)
        ).resources
    }

    /// Removes what a failed compile of `module` left in the build folder: its interface (the compiler
    /// writes it before it fails in a function's body) would make `canImport` hold for a module not linked.
    private func removeOutputs(of module: ExtensionModule, libraries: ModuleLibraries) throws(UserExtensionError) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: libraries.folder.path)
        } catch {
            throw .cache(path: libraries.folder.path, reason: error.localizedDescription)
        }
        let library = libraries.library(module).lastPathComponent
        for name in names where name.hasPrefix("\(module.name).") || name == library {
            let file = libraries.folder.appendingPathComponent(name)
            do {
                try FileManager.default.removeItem(at: file)
            } catch {
                throw .cache(path: file.path, reason: error.localizedDescription)
            }
        }
    }

    /// The lines of the file `name` kept in the cached build `folder` (``Built/notes``,
    /// ``Built/leftOutModules``); none where it holds no such file.
    private func lines(of name: String, in folder: URL) throws(UserExtensionError) -> [String] {
        let file = folder.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: file.path) else { return [] }
        do {
            return try String(contentsOf: file, encoding: .utf8).split(whereSeparator: \.isNewline).map(String.init)
        } catch {
            throw .cache(path: file.path, reason: error.localizedDescription)
        }
    }

    /// Compiles `sources`, `unit` of the build (the extension, a module), with `arguments` for the files
    /// to compile (``CompiledCopies`` in `folder`): first as an iPhone compiles them, `os(iOS)` true. Where
    /// that fails and the sources say `os(iOS)`, again as Swift on Linux reads them: an `#if os(iOS)` branch
    /// may use what nse-bench lacks (`UIDevice`) where the other branch compiled before; that build is then
    /// taken, with a note naming the first error (its path relative to `root`, the unit's folder, so that
    /// the note kept with the cached build holds for the same sources elsewhere). Where both fail, the
    /// iPhone's compile's messages are the ones given, with the user's paths.
    private func compile(
        _ sources: [URL], unit: String, root: URL, copiesIn folder: URL, in work: URL,
        arguments: ([URL]) -> [String]
    ) throws(UserExtensionError) -> (status: Int32, messages: String, note: String?) {
        let iPhone = try CompiledCopies(sources, in: folder.appendingPathComponent("iphone"), iPhoneConditions: true)
        let first = try run(arguments(iPhone.files) + iPhone.debugPrefixMaps(compilingIn: work), in: work)
        let messages = Self.naming(work, in: iPhone.originals(in: first.output))
        guard first.status != 0, iPhone.iPhoneConditions else { return (first.status, messages, nil) }
        let linux = try CompiledCopies(sources, in: folder.appendingPathComponent("linux"), iPhoneConditions: false)
        let second = try run(arguments(linux.files) + linux.debugPrefixMaps(compilingIn: work), in: work)
        guard second.status == 0 else {
            return (
                first.status,
                messages + "\n(compiled again with os(iOS) false, as Swift on Linux holds it: that did not compile "
                    + "either)", nil
            )
        }
        // The first error in a file ("emit-module command failed" is the driver's, said first).
        let lines = messages.split(whereSeparator: \.isNewline)
        let error =
            (lines.first { $0.contains(".swift:") && $0.contains(": error:") } ?? lines.first { $0.contains("error:") })
            .map { String($0.replacingOccurrences(of: root.path + "/", with: "").prefix(300)) }
            ?? "exit status \(first.status)"
        return (
            0, Self.naming(work, in: linux.originals(in: second.output)),
            "\(unit) is compiled with os(iOS) false, as Swift on Linux holds it: with os(iOS) true, as an iPhone "
                + "compiles it, it did not compile (\(error)); its #if os(iOS) branches are not the ones run here"
        )
    }

    /// The folder holding the Clang module `os` (``OSModuleMap``), in the cache under a hash of its files,
    /// written once: the first build writes it into a folder of its own and renames that into place, so a
    /// build running beside it finds it whole or not at all. One folder for every build keeps Clang's
    /// module cache to one compiled `os` module.
    func osModuleFolder() throws(UserExtensionError) -> URL {
        let hash: String
        do {
            var digest = try SHA256Digest()
            for file in OSModuleMap.files { try digest.update(Array((file.name + "\u{0}" + file.text + "\u{0}").utf8)) }
            hash = String(try digest.hexadecimal().prefix(16))
        } catch {
            throw .cache(path: cacheDirectory.path, reason: "cannot hash the os module: \(error)")
        }
        let folder = cacheDirectory.appendingPathComponent("os-module-\(hash)", isDirectory: true)
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("module.modulemap").path) {
            return folder
        }
        let partial = cacheDirectory.appendingPathComponent("os-module-\(hash).writing-\(UUID().uuidString)")
        defer { removeIfPresent(partial) }
        do {
            try FileManager.default.createDirectory(at: partial, withIntermediateDirectories: true)
            for file in OSModuleMap.files {
                try file.text.write(to: partial.appendingPathComponent(file.name), atomically: false, encoding: .utf8)
            }
            try FileManager.default.moveItem(at: partial, to: folder)
        } catch {
            // Another build put it in place first: its files are the same.
            guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("module.modulemap").path) else {
                throw .cache(path: folder.path, reason: error.localizedDescription)
            }
        }
        return folder
    }

    /// Where the user's own modules' libraries go: beside the extension's, each named by its module and the
    /// build's key (`lib<NAME>-<key>.so`, its soname too). Two extensions loaded into one process (a suite's
    /// scenarios) whose modules share a name but not their sources must each load its own: the dynamic
    /// loader takes a library whose name it already loaded as that one.
    struct ModuleLibraries {
        /// The build folder.
        let folder: URL
        /// The build's cache key.
        let key: String

        /// The library file of `module`.
        func library(_ module: ExtensionModule) -> URL {
            folder.appendingPathComponent("lib\(module.name)-\(key.prefix(16)).so")
        }
    }

    /// Compiles the user's own `module` into its library and `.swiftmodule` in the build folder, where the
    /// modules compiled before it are (``ExtensionModule/buildOrder(_:)``), linking those it imports; returns
    /// the compile's note (``Built/notes``), if any. A failure's messages end with `notesSoFar`, the notes of
    /// the modules before it (one compiled without its os(iOS) branches may lack what this one calls).
    private func build(
        _ module: ExtensionModule, linking imported: [ExtensionModule], libraries: ModuleLibraries, osModule: URL,
        notesSoFar: [String]
    ) throws(UserExtensionError) -> [String] {
        let folder = libraries.folder
        let generated = folder.appendingPathComponent("\(module.name)-\(ExtensionEntryFile.moduleFileName)")
        let text = ExtensionEntryFile.moduleText(module) + (try ExtensionEntryFile.packageResourcesText(of: module))
        do {
            try text.write(to: generated, atomically: true, encoding: .utf8)
        } catch {
            throw .cache(path: generated.path, reason: error.localizedDescription)
        }
        if module.usesPackageResources {
            // Its Bundle.module: the folder beside its library, holding the target's resources.
            let bundle = folder.appendingPathComponent(ExtensionEntryFile.resourceBundleName(of: module))
            let resources = try Self.packageResources(of: module)
            do {
                try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
                for resource in resources { try resource.place(in: bundle) }
            } catch {
                throw .cache(path: bundle.path, reason: error.localizedDescription)
            }
        }
        let result = try compile(
            module.sources, unit: "module \(module.name)", root: module.root,
            copiesIn: folder.appendingPathComponent("copies-\(module.name)", isDirectory: true), in: folder
        ) { sources in
            arguments(
                module, sources: sources, generated: generated, linking: imported, libraries: libraries,
                osModule: osModule)
        }
        guard result.status == 0 else {
            throw .moduleCompileFailed(
                module: module.name, path: module.path, origin: module.origin,
                messages: result.messages + notesSoFar.map { "\n(\($0))" }.joined(),
                missingModules: Self.missingModules(in: result.messages))
        }
        return result.note.map { [$0] } ?? []
    }

    /// `swiftc`'s arguments: a library of the user's module, optimised as a shipped extension is, from
    /// `sources` (its files, or their copies without Objective-C attributes: ``ObjectiveCAttributes``).
    func arguments(
        _ source: UserExtensionSource, sources: [URL], entry: URL, osModule: URL, libraries: ModuleLibraries,
        output: URL
    ) -> [String] {
        ["-emit-library", "-module-name", source.moduleName, "-swift-version", source.swiftVersion]
            + (source.bareSlashRegex ? ["-enable-bare-slash-regex"] : [])
            + source.compilationConditions.flatMap { ["-D", $0] }
            + common(osModule: osModule, linking: source.modules, libraries: libraries, sources: sources)
            + ["-o", output.path] + sources.map(\.path) + [entry.path]
            + (source.objectiveC == nil
                ? [] : [entry.deletingLastPathComponent().appendingPathComponent(ObjectiveCTranslation.fileName).path])
    }

    /// `swiftc`'s arguments for one of the user's own modules: a library and the module's interface, in
    /// Swift 5 mode (which Swift 6 packages compile in too), with `/.../` regex literals unless it is a Swift
    /// package's target (SwiftPM leaves them off in Swift 5 mode; Xcode turns them on).
    func arguments(
        _ module: ExtensionModule, sources: [URL], generated: URL, linking imported: [ExtensionModule],
        libraries: ModuleLibraries, osModule: URL
    ) -> [String] {
        let library = libraries.library(module)
        return [
            "-emit-library", "-module-name", module.name, "-swift-version", "5", "-emit-module", "-emit-module-path",
            libraries.folder.appendingPathComponent("\(module.name).swiftmodule").path,
            "-Xlinker", "-soname", "-Xlinker", library.lastPathComponent,
        ]
            + (module.isPackageTarget ? [] : ["-enable-bare-slash-regex"])
            + module.conditions.flatMap { ["-D", $0] }
            + common(osModule: osModule, linking: imported, libraries: libraries, sources: sources)
            + ["-o", library.path]
            + sources.map(\.path) + [generated.path]
    }

    /// The arguments every compile shares: optimised, nse-bench's modules, the implicit imports, and the
    /// user's own modules' libraries, found beside the library when it loads.
    private func common(
        osModule: URL, linking modules: [ExtensionModule], libraries: ModuleLibraries, sources: [URL]
    ) -> [String] {
        var arguments = [
            // Debug information (`-g`), which an iPhone's build keeps too, in a dSYM: where a crash was.
            // Without LLVM's merging of identical functions, whose merged code names no line: it
            // changes only the library's size.
            "-parse-as-library", "-O", "-g", "-Xfrontend", "-disable-llvm-merge-functions-pass",
            "-I", modulesDirectory.path, "-I", osModule.path, "-I", libraries.folder.path,
            "-Xfrontend", "-import-module", "-Xfrontend", "SimulatedDevice", "-Xfrontend", "-import-module",
            "-Xfrontend", "OSLog",
            // os_unfair_lock, which iOS code reaches through Foundation (Darwin) alone.
            "-Xfrontend", "-import-module", "-Xfrontend", "os",
            "-Xlinker", "-rpath", "-Xlinker", "$ORIGIN",
        ]
        // The keychain (`SecItemCopyMatching`, `kSecClass`) and Core Foundation's types, which iOS code
        // reaches through Foundation alone (its module re-exports Security's); not where a file imports
        // Linux's CoreFoundation and names one of the types Security's stand-in declares too (`CFString`
        // would be ambiguous there), so that what compiled without it still does.
        if !sources.contains(where: Self.namesCoreFoundationsOwnTypes) {
            arguments += ["-Xfrontend", "-import-module", "-Xfrontend", "Security"]
        }
        for module in modules { arguments += ["-Xlinker", libraries.library(module).path] }
        return arguments
    }

    /// The names Security's stand-in (through CoreFoundationTypes) declares that Linux's CoreFoundation
    /// declares too.
    static let sharedCoreFoundationNames = [
        "CFString", "CFDictionary", "CFMutableDictionary", "CFArray", "CFData", "CFNumber", "CFBoolean", "CFError",
        "CFTypeRef", "CFIndex", "OSStatus", "kCFBooleanTrue", "kCFBooleanFalse", "CFURL", "CFMutableData",
        "CFAllocator", "kCFAllocatorDefault", "CFDataCreateMutable",
    ]

    /// Whether the Swift file `source` imports Core Foundation and names one of
    /// ``sharedCoreFoundationNames`` (unreadable: no, and the compile says why).
    private static func namesCoreFoundationsOwnTypes(_ source: URL) -> Bool {
        guard let text = try? String(contentsOf: source, encoding: .utf8),
            ExtensionSourceScan.importedModules(in: text).contains("CoreFoundation")
        else { return false }
        return sharedCoreFoundationNames.contains { name in
            text.range(of: "\\b\(name)\\b", options: .regularExpression) != nil
        }
    }

    /// SHA-256 of everything the library depends on.
    func cacheKey(_ source: UserExtensionSource) throws(UserExtensionError) -> String {
        do {
            var digest = try SHA256Digest()
            let settings =
                [
                    version, compiler.path, Self.copiesScheme, Self.cacheLayout, source.moduleName, source.swiftVersion,
                    source.bareSlashRegex ? "bare-slash regex" : "", source.principalClass,
                    source.compilationConditions.joined(separator: " "),
                    ExtensionEntryFile.text(
                        principalClass: source.principalClass, path: "", aliasesFileManager: source.aliasesFileManager,
                        leavingOut: source.shadowsLeftOut),
                    source.objectiveC?.swiftText ?? "",
                ] + OSModuleMap.files.map(\.text)
            try digest.update(Array(settings.joined(separator: "\u{0}").utf8))
            let modules = Self.providedModules.map {
                modulesDirectory.appendingPathComponent("\($0).swiftmodule")
            }
            for file in modules {
                try digest.update(Array(file.lastPathComponent.utf8) + [0])
                try digest.update(try readBytes(file))
            }
            // The sources by path: the library's debug information names them so (where a crash was), and a
            // copy of the project elsewhere must not be told its crashes are in the first one's files.
            for file in source.sources {
                try digest.update(Array(file.path.utf8) + [0])
                try digest.update(try readBytes(file))
            }
            for module in source.modules {
                try digest.update(Array((module.name + "\u{0}" + ExtensionEntryFile.moduleText(module)).utf8) + [0])
                try digest.update(Array((module.conditions.joined(separator: " ")).utf8) + [0])
                for file in module.embeddedResources {
                    try digest.update(Array("embedded \(file.path)\u{0}".utf8))
                    try digest.update(try readBytes(file))
                }
                if module.usesPackageResources {
                    // Where each resource is and which file it links to; a made one by what it holds.
                    for resource in try Self.packageResources(of: module) {
                        try digest.update(Array("\(resource.bundlePath)\u{0}\(resource.file.path)\u{0}".utf8))
                        try digest.update(Array(resource.contents ?? Data()) + [0])
                    }
                }
                for file in module.sources {
                    try digest.update(Array(file.path.utf8) + [0])
                    try digest.update(try readBytes(file))
                }
            }
            return try digest.hexadecimal()
        } catch let error as UserExtensionError {
            throw error
        } catch {
            throw .cache(path: cacheDirectory.path, reason: "cannot hash the sources: \(error)")
        }
    }

    private func readBytes(_ file: URL) throws(UserExtensionError) -> [UInt8] {
        do {
            return Array(try Data(contentsOf: file))
        } catch {
            throw .cache(path: file.path, reason: error.localizedDescription)
        }
    }

    private func run(_ arguments: [String], in folder: URL) throws(UserExtensionError) -> (
        status: Int32, output: String
    ) {
        let result: ToolRun.Result
        do {
            result = try ToolRun.run(compiler, arguments, in: folder, errors: .merged)
        } catch {
            throw .toolchain(error.description)
        }
        // Killed (out of memory, a signal): no verdict on the sources, and nothing to cache.
        guard !result.signalled else {
            throw .toolchain("\(compiler.path) was ended by signal \(result.status) before it finished; run again")
        }
        return (result.status, String(decoding: result.output, as: UTF8.self))
    }

    /// The error for the extension's failed compile, whose compiler `output` is followed by the build's
    /// `notes` (the modules missing are the compiler's, not those a note names).
    private func compileError(
        _ source: UserExtensionSource, _ compilerOutput: String, notes: [String] = [], entry: URL
    ) -> UserExtensionError {
        let output = compilerOutput + notes.map { "\n(\($0))" }.joined()
        // A principal class the scan took for a subclass but the compiler does not (a typealias, say): an
        // error at the generated file's line that makes the class, naming the type it must convert to. Not
        // any mention of both (a note pointing at a shadow in the generated file from a user's error).
        let madeNoServiceExtension = output.split(separator: "\n").contains { line in
            line.contains(ExtensionEntryFile.fileName + ":") && line.contains("error:")
                && line.contains("UNNotificationServiceExtension")
        }
        if madeNoServiceExtension {
            return .notAServiceExtension(className: source.principalClass, path: source.path, subclasses: [])
        }
        // A file the Xcode project compiles in from outside the folder: say why it was compiled.
        let fromProject = source.projectSources.filter { output.contains($0.path + ":") }
        let why =
            fromProject.isEmpty
            ? ""
            : "\n(compiled in from outside the folder because \(source.projectTarget ?? "the Xcode project") compiles "
                + fromProject.map(\.lastPathComponent).joined(separator: ", ") + " into the extension)"
        return .compileFailed(
            path: source.path, messages: output + why + Self.projectContext(source),
            missingModules: Self.missingModules(in: compilerOutput))
    }

    /// A project module's compile `error`, which a unit that needs the module fails with, followed by what
    /// the run took from the project and could not (a remote package the module's own manifest names).
    private static func withProjectContext(_ error: UserExtensionError, _ source: UserExtensionSource)
        -> UserExtensionError
    {
        guard case .moduleCompileFailed(let module, let path, let origin, let messages, let missing) = error else {
            return error
        }
        return .moduleCompileFailed(
            module: module, path: path, origin: origin, messages: messages + projectContext(source),
            missingModules: missing)
    }

    /// What the run decided from the extension's Xcode project (``UserExtensionSource/projectNotes``), for
    /// a compile that failed: a type the compiler cannot find may be in a file of a project that could not
    /// be read, or one the target leaves out. Empty when there is nothing to say.
    static func projectContext(_ source: UserExtensionSource) -> String {
        source.projectNotes.map { "\n(\($0))" }.joined()
    }

    /// The compiler's `output` with the build folder, removed once the build fails, named for what it is:
    /// a note pointing into it (a generated file's alias) then reads `<nse-bench build>/...`.
    static func naming(_ buildFolder: URL, in output: String) -> String {
        output.replacingOccurrences(of: buildFolder.path, with: "<nse-bench build>")
    }

    /// The modules the compiler's `output` says it found no module of, each once.
    private static func missingModules(in output: String) -> [String] {
        var missing: [String] = []
        for line in output.split(separator: "\n") {
            guard let range = line.range(of: "no such module '") else { continue }
            let name = line[range.upperBound...].prefix { $0 != "'" }
            if !missing.contains(String(name)) { missing.append(String(name)) }
        }
        return missing
    }

    private func removeIfPresent(_ folder: URL) {
        guard FileManager.default.fileExists(atPath: folder.path) else { return }
        do {
            try FileManager.default.removeItem(at: folder)
        } catch {
            // A leftover build folder costs disk only; the next build of this key uses another name.
            return
        }
    }

    private static func findCompiler(_ environment: [String: String]) throws(UserExtensionError) -> URL {
        if let explicit = environment["SWIFTC"], !explicit.isEmpty { return URL(fileURLWithPath: explicit) }
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw .toolchain("cannot build a user's extension: no swiftc on PATH (or set SWIFTC)")
    }
}
