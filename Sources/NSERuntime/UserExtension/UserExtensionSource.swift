public import Foundation
public import SDKProfiles

/// A user's own Notification Service Extension, found on disk: its Swift sources, principal class,
/// module name and Swift language mode.
///
/// `path` may be:
/// - an Xcode extension target folder: `Info.plist` with `NSExtension` → `NSExtensionPointIdentifier`
///   `com.apple.usernotifications.service` and `NSExtensionPrincipalClass`
///   (`$(PRODUCT_MODULE_NAME).NotificationService` or a bare class name), and `.swift` files, in
///   subfolders too;
/// - a folder without Info.plist, or a single `.swift` file, holding one `UNNotificationServiceExtension`
///   subclass (`principalClass` chooses when there are several).
///
/// ```swift
/// let source = try UserExtensionSource.locate("Examples/MediaDownload")
/// source.principalClass  // "NotificationService"
/// ```
public struct UserExtensionSource: Sendable, Hashable {
    /// The extension point of Notification Service Extensions.
    public static let extensionPoint = "com.apple.usernotifications.service"

    /// The path as given.
    public var path: String
    /// The Swift files, sorted.
    public var sources: [URL]
    /// The class the host instantiates.
    public var principalClass: String
    /// The module the sources compile into (the folder's or file's name, as Xcode derives it).
    public var moduleName: String
    /// `-swift-version`: 5 unless told, or an Xcode project beside the folder sets another.
    public var swiftVersion: String
    /// Whether `/.../` regex literals are on in Swift 5 mode, as Xcode compiles unless the project turns
    /// them off (`SWIFT_ENABLE_BARE_SLASH_REGEX`); Swift 6 mode always has them.
    public var bareSlashRegex = true
    /// Calls whose time the harness cannot see or scale, as `file:line: why`.
    public var untimedCalls: [String]
    /// The string keys the sources (the extension's and its modules') subscript with, in order of reading:
    /// where they read the payload (`userInfo["image"]`).
    public var payloadKeys: [String] = []
    /// Whether the sources name `"media_url"`, where generated payloads carry the media URL by default.
    public var namesMediaURLKey = false
    /// Whether the generated file aliases `FileManager` to the phone's (``ExtensionEntryFile``): not when
    /// the sources name `FileManagerDelegate`, whose requirements take Foundation's `FileManager`, so a
    /// delegate's methods written with the alias's type would no longer satisfy them.
    public var aliasesFileManager: Bool = true
    /// The shadows the extension's generated file leaves out, as its sources declare methods they would
    /// clash with (``GeneratedShadow``).
    var shadowsLeftOut: Set<GeneratedShadow> = []
    /// What `Bundle.main` is in the extension's worker processes; nil when no source names `Bundle.main`
    /// (the workers then run as they are, whose main bundle has no identifier).
    public var mainBundle: ExtensionMainBundle? = nil
    /// The push SDK whose module the sources import (``SDKProfile/moduleNames``): a run writes generated
    /// payloads' media URL where that SDK reads it. nil when they import none.
    public var sdk: SDKProfile? = nil
    /// The keys the extension's sources give the SDK's helper for the media's URL and type
    /// (``SDKProfile/mediaKeyProperties``: CleverTap's `mediaUrlKey = "..."`), by property name.
    public var mediaKeysAssigned: [String: String] = [:]
    /// The extension's Objective-C, translated to Swift (``ObjectiveCTranslation``); nil for a Swift one.
    var objectiveC: ObjectiveCTranslation? = nil
    /// The Objective-C files translated to Swift (``objectiveC``), relative to ``path``; empty for a Swift
    /// extension.
    public var objectiveCFiles: [String] { objectiveC?.files ?? [] }
    /// The user's own modules the extension imports (`--module`), in the order they compile in.
    public var modules: [ExtensionModule] = []
    /// The entries of ``untimedCalls`` found in each of ``modules``' sources, by module name.
    var untimedCallsOfModules: [String: [String]] = [:]
    /// The modules whose sources read the main bundle, for which ``mainBundle`` is made; nil where the
    /// extension's own sources read it.
    var mainBundleReaders: Set<String>? = nil
    /// The push SDK each unit's sources import first (the extension's: nil), in the order read; ``sdk``
    /// is the first.
    var sdksImported: [ImportedSDK] = []

    /// The fields of every push SDK the sources import (not only ``sdk``, the first): generated payloads
    /// carry them whatever `--media-field` says.
    public var pushPayloadFields: PushPayloadFields { PushPayloadFields(sdks: sdksImported.map(\.sdk)) }

    /// A push SDK a unit of the build imports.
    struct ImportedSDK: Sendable, Hashable {
        /// The module whose sources import it; nil for the extension's.
        var module: String?
        /// The SDK.
        var sdk: SDKProfile
    }
    /// The Swift files outside the folder that the Xcode project beside it compiles into the extension's
    /// target (``XcodeProjectTarget``), part of ``sources``; and which project and target said so.
    public var projectSources: [URL] = []
    /// `Project.xcodeproj`'s target `Name`, when the extension's folder is an Xcode target's.
    public var projectTarget: String? = nil
    /// Swift files in the folder that its Xcode target does not compile, and so are not compiled.
    public var sourcesLeftOut: [URL] = []
    /// The Swift compilation conditions (`-D`) the Xcode target's build settings set
    /// (`SWIFT_ACTIVE_COMPILATION_CONDITIONS`, `OTHER_SWIFT_FLAGS`' `-D`), in ``projectConfiguration``.
    public var compilationConditions: [String] = []
    /// The Xcode target's build configuration whose settings apply: Release, as a shipped extension is
    /// built, unless the target has none.
    public var projectConfiguration: String? = nil
    /// The `.xcconfig` files the Xcode target's settings were read from (``XcodeConfigFile``), with those
    /// they include.
    public var projectConfigFiles: [URL] = []
    /// What of the `.xcconfig` files the target's configuration or its project's names could not be read
    /// (``XcodeConfigFile/Problem``), a note each.
    public var configFileNotes: [String] = []
    /// What the run took from the Xcode project's own modules (local Swift packages, framework targets:
    /// ``ProjectModules``) and what it could not, a note each; the modules taken are among ``modules``.
    public var packageNotes: [String] { (projectModulesTaken.note.map { [$0] } ?? []) + packageProblems }
    /// The project's modules taken (``ProjectModules``), for the first of ``packageNotes``.
    var projectModulesTaken = ProjectModules.Taken(targetName: "", modules: [])
    /// What of the project's modules could not be taken, a note each.
    var packageProblems: [String] = []
    /// The Info.plist the Xcode target names (`INFOPLIST_FILE`), when it is not the folder's own
    /// `Info.plist` (kept elsewhere, or beside the app's in a folder they share).
    public var projectInfoPlist: URL? = nil
    /// Info.plists an Xcode target names that were not taken (another extension point's, unreadable), each
    /// with why and what was taken instead.
    public var infoPlistsPassedOver: [String] = []
    /// Xcode project files beside the folder that could not be read, each with why: their targets' files
    /// from elsewhere are not compiled (the run says so).
    public var unreadableProjects: [String] = []
    /// Project specs of a generator (XcodeGen, Tuist) beside a folder no Xcode project has a target for, a
    /// note each: the project they describe is not there to read.
    public var ungeneratedProjects: [String] = []

    /// What the run took from the extension's Xcode project and what it could not, one line each, as the run
    /// prints them: the Info.plist the target names, its compilation conditions, the folder's files it leaves
    /// out, Info.plists passed over, project files and Swift package manifests not read.
    public var projectNotes: [String] {
        var notes: [String] = []
        if let target = projectTarget {
            if let plist = projectInfoPlist {
                notes.append("Info.plist: \(plist.path), as \(target) names it (INFOPLIST_FILE)")
            }
            if !compilationConditions.isEmpty {
                notes.append(
                    "compilation conditions: \(compilationConditions.joined(separator: ", ")), as \(target)'s "
                        + "\(projectConfiguration ?? "Release") configuration sets them")
            }
            if !projectConfigFiles.isEmpty {
                notes.append(
                    "build settings files: \(projectConfigFiles.map(\.path).joined(separator: ", ")), as the "
                        + "\(projectConfiguration ?? "Release") configurations of \(target) and its project name them")
            }
            notes += configFileNotes
            notes += packageNotes
            if !sourcesLeftOut.isEmpty {
                let root = URL(fileURLWithPath: path).standardizedFileURL
                let names = sourcesLeftOut.map { Self.relative($0, to: root) }
                notes.append("not compiled: \(names.joined(separator: ", ")), in the folder but not in \(target)")
            }
        }
        if let objectiveC {
            notes.append(
                "not faithful: \(objectiveC.files.joined(separator: ", ")) run translated to Swift; a phone runs the "
                    + "Objective-C (the same calls and statements, but nil passed where Swift takes an object "
                    + "crashes the translation, where some Objective-C methods take nil; and a dictionary's value of "
                    + "another class than the variable it is kept in is nil, where Objective-C keeps it)")
        }
        notes += infoPlistsPassedOver.map { "Info.plist passed over: \($0)" }
        notes += ungeneratedProjects
        notes += unreadableProjects.map {
            "not read: the Xcode project \($0); files it compiles into the extension from outside the folder are not"
                + " compiled"
        }
        var manifests: [String] = []
        for problem in modules.compactMap(\.manifestProblem) where !manifests.contains(problem) {
            manifests.append(problem)
        }
        notes += manifests.map {
            "not read: \($0); its targets were found by their folders (Sources/NAME), every Swift file in them "
                + "compiled, none of its settings applied"
        }
        return notes
    }

    /// The source without the modules `names` (the project's modules a build left out: the extension was
    /// compiled without them): not named among the project's modules taken, their untimed calls, the SDK
    /// they import and their reading of the main bundle gone.
    public func leavingOut(modules names: [String]) -> UserExtensionSource {
        guard !names.isEmpty else { return self }
        var source = self
        let leftOut = Set(names)
        source.modules.removeAll { leftOut.contains($0.name) }
        for name in leftOut {
            for call in untimedCallsOfModules[name] ?? [] {
                if let index = source.untimedCalls.firstIndex(of: call) { source.untimedCalls.remove(at: index) }
            }
            source.untimedCallsOfModules[name] = nil
        }
        source.sdksImported.removeAll { $0.module.map(leftOut.contains) ?? false }
        source.sdk = source.sdksImported.first?.sdk
        if let readers = mainBundleReaders {
            // Made for the main bundle's readers: none left, none needed.
            source.mainBundleReaders = readers.subtracting(leftOut)
            if source.mainBundleReaders?.isEmpty == true { source.mainBundle = nil }
        }
        source.projectModulesTaken.removeAll(named: leftOut)
        return source
    }

    /// Where generated payloads carry the media URL for this extension: where its ``sdk`` reads it; nil
    /// (`media_url`) without one.
    public var mediaField: MediaField? {
        guard let sdk, let field = MediaField(sdk: sdk) else { return nil }
        guard let properties = sdk.mediaKeyProperties else { return field }
        return MediaField(
            keys: [mediaKeysAssigned[properties.url] ?? field.keys[0]],
            typeHintKey: mediaKeysAssigned[properties.type] ?? field.typeHintKey,
            typeHintVocabulary: field.typeHintVocabulary)
    }

    /// The translation of the Objective-C extension whose implementations are `foreign`, with the headers
    /// among `headers` they import (``ObjectiveCTranslation``); nil when there is no Objective-C. C and C++
    /// sources are refused; so is Objective-C that cannot be translated: named at its line where it declares
    /// the extension's class, or, beside Swift sources, as Objective-C code a Swift extension calls.
    private static func translateObjectiveC(
        _ foreign: [URL], headers: [URL], besideSwift: Bool, root: URL, path: String
    ) throws(UserExtensionError) -> ObjectiveCTranslation? {
        guard !foreign.isEmpty else { return nil }
        let untranslatable = foreign.filter { $0.pathExtension != "m" }
        if !untranslatable.isEmpty {
            throw .objectiveCSources(path: path, files: untranslatable.map { relative($0, to: root) })
        }
        switch ObjectiveCTranslation.translate(foreign, headers: headers, root: root) {
        case .success(let translation):
            return translation
        case .failure(let refusal):
            if besideSwift, !refusal.declaresExtension {
                throw .objectiveCSources(path: path, files: foreign.map { relative($0, to: root) })
            }
            throw .objectiveCNotTranslated(path: path, file: refusal.file, line: refusal.line, reason: refusal.reason)
        }
    }

    /// Whether `file` is an Objective-C or C source (`.m`, `.mm`, `.c`, `.cpp`, `.cc`), which nse-bench does
    /// not compile.
    static func isForeignSource(_ file: URL) -> Bool {
        ["m", "mm", "c", "cpp", "cc"].contains(file.pathExtension)
    }

    /// Finds the extension at `path`.
    ///
    /// - Parameter principalClass: `--principal-class`, overriding Info.plist and the source scan.
    /// - Parameter swiftVersion: `--swift-version`; nil to read an Xcode project or take 5.
    /// - Parameter modules: `--module`s, each `NAME=PATH` or `PATH` (``ExtensionModule/locate(_:)``).
    public static func locate(
        _ path: String, principalClass: String? = nil, swiftVersion: String? = nil, modules: [String] = []
    ) throws(UserExtensionError) -> UserExtensionSource {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .notFound(path: path) }
        let root = URL(fileURLWithPath: path).standardizedFileURL
        let files: [URL]
        if isDirectory.boolValue {
            files = allFiles(under: root)
        } else {
            guard root.pathExtension == "swift" else { throw .notFound(path: path) }
            files = [root]
        }
        let foreign = files.filter(isForeignSource).sorted { $0.path < $1.path }
        var sources = files.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
        guard !sources.isEmpty || !foreign.isEmpty else { throw .noSwiftSources(path: path) }
        // A target folder's project may compile files from elsewhere into it (a model the app shares), and
        // name an Info.plist kept elsewhere (`INFOPLIST_FILE`).
        var unreadableProjects: [String] = []
        let ownPlist = root.appendingPathComponent("Info.plist")
        let hasOwnPlist = isDirectory.boolValue && FileManager.default.fileExists(atPath: ownPlist.path)
        var passedOver: [String] = []
        let member =
            isDirectory.boolValue
            ? projectMembers(
                of: root, hasOwnPlist: hasOwnPlist, unreadable: &unreadableProjects, passedOver: &passedOver) : nil
        let plistFile = member?.infoPlist ?? ownPlist
        var leftOut: [URL] = []
        // The folder's Objective-C its Xcode target compiles (all of it without a project), translated.
        let compiledForeign =
            member.map { member in
                foreign.filter { file in
                    member.target.foreignSources.contains { $0.path == file.standardizedFileURL.path }
                }
            } ?? foreign
        let objectiveC = try translateObjectiveC(
            compiledForeign, headers: files.filter { $0.pathExtension == "h" },
            besideSwift: !sources.isEmpty, root: root, path: path)
        guard !sources.isEmpty || objectiveC != nil else { throw .noSwiftSources(path: path) }
        if let member {
            // Objective-C its target compiles from elsewhere (beside a bridging header) would run on a
            // phone: named, never dropped without a word.
            let translated = Set(compiledForeign.map(\.standardizedFileURL.path))
            let foreignSources = member.target.foreignSources.filter { !translated.contains($0.path) }
                .map { relative($0, to: root) }
            if !foreignSources.isEmpty {
                throw .objectiveCSources(path: path, files: foreignSources, target: member.target.name)
            }
            // The folder's files the target does not compile (not in its Sources phase, a synchronized
            // folder's exception) are left out, as Xcode does.
            leftOut = sources.filter { !member.target.compiles($0) }
            sources = sources.filter { member.target.compiles($0) } + member.files
            guard !sources.isEmpty || objectiveC != nil else { throw .noSwiftSources(path: path) }
        }
        var declarations: [ExtensionSourceScan.ClassDeclaration] = []
        var untimed: [String] = []
        var namesFileManagerDelegate = false
        var readsMainBundle = false
        var extensionReadsMainBundle = false
        var mainBundleReaders: Set<String> = []
        var sdk: SDKProfile?
        var located: [ExtensionModule] = []
        for specification in modules { located.append(try ExtensionModule.locate(specification)) }
        let name = isDirectory.boolValue ? root.lastPathComponent : root.deletingPathExtension().lastPathComponent
        let moduleName = ExtensionSourceScan.moduleName(for: name)
        var packageProblems: [String] = []
        var projectModulesTaken = ProjectModules.Taken(targetName: "", modules: [])
        if let member {
            // The modules its project's local Swift packages give it, as Xcode links them.
            var imports: [String] = []
            let conditions = Set(member.target.compilationConditions)
            for file in sources {
                let text = ConditionalCompilation.activeText(of: try read(file), conditions: conditions)
                for module in ExtensionSourceScan.importedModules(in: text) where !imports.contains(module) {
                    imports.append(module)
                }
            }
            let found = ProjectModules.find(
                imports: imports + located.flatMap(\.imports), target: member.target, targetName: member.name,
                given: Set(located.map(\.name)), extensionModule: moduleName, extensionSources: sources)
            packageProblems = found.problems
            do throws(UserExtensionError) {
                _ = try ExtensionModule.buildOrder(located + found.modules)
                located += found.modules
                projectModulesTaken = found.taken
            } catch {
                // Modules that import each other (through a `#if canImport`, read whole here): none is taken.
                packageProblems =
                    found.problems + [
                        "not compiled: the project's modules \(found.modules.map(\.name).joined(separator: ", ")), which "
                            + "import each other or a --module that imports them: give their sources with --module"
                    ]
            }
        }
        let ownModules = try ExtensionModule.buildOrder(located)
        // The modules' code runs in the extension's process too: what it does untimed, whether it reads
        // the main bundle and which SDK it hands media to count as the extension's own.
        let scanned =
            sources.map { (file: $0, label: relative($0, to: root), module: String?.none) }
            + ownModules.flatMap { module in
                module.sources.map {
                    (file: $0, label: "\(module.name)/\(relative($0, to: module.root))", module: Optional(module.name))
                }
            }
        // Read as the build compiles them: a branch the target's conditions leave out is not the extension's
        // (the modules compile without the target's conditions).
        let conditions = Set(member?.target.compilationConditions ?? [])
        // A Swift package's targets compile with SWIFT_PACKAGE set, and what their manifest defines.
        let moduleConditions = Dictionary(ownModules.map { ($0.name, Set($0.conditions)) }) { first, _ in first }
        var untimedOfModules: [String: [String]] = [:]
        var moduleDeclarations: [ExtensionSourceScan.ClassDeclaration] = []
        var payloadKeys: [String] = []
        var shadowsLeftOut: Set<GeneratedShadow> = []
        var extensionImports: Set<String> = []
        var namesMediaURLKey = false
        var sdks: [ImportedSDK] = []
        var mediaKeysAssigned: [String: String] = [:]
        for source in scanned {
            let raw = try read(source.file)
            let text = ConditionalCompilation.activeText(
                of: raw,
                conditions: source.module.map { moduleConditions[$0] ?? [] } ?? conditions)
            let calls =
                ConditionalCompilation.platformConditions(in: raw, file: source.label)
                + ExtensionSourceScan.untimedCalls(in: text, file: source.label)
            untimed += calls
            if let module = source.module { untimedOfModules[module, default: []] += calls }
            for key in ExtensionSourceScan.subscriptKeys(in: text) where !payloadKeys.contains(key) {
                payloadKeys.append(key)
            }
            namesMediaURLKey = namesMediaURLKey || text.contains("\"media_url\"")
            if ExtensionSourceScan.readsMainBundle(text) {
                readsMainBundle = true
                if let module = source.module {
                    mainBundleReaders.insert(module)
                } else {
                    extensionReadsMainBundle = true
                }
            }
            if let found = ExtensionSourceScan.importedModules(in: text).lazy.compactMap(SDKProfile.init(module:)).first
            {
                sdks.append(ImportedSDK(module: source.module, sdk: found))
                if sdk == nil { sdk = found }
            }
            // A module's classes can be the extension's base (a framework's `open class BaseService:
            // UNNotificationServiceExtension`), never its principal class.
            guard source.module == nil else {
                moduleDeclarations += ExtensionSourceScan.classes(in: text)
                continue
            }
            extensionImports.formUnion(ExtensionSourceScan.importedModules(in: text))
            for property in SDKProfile.allCases.compactMap(\.mediaKeyProperties).flatMap({ [$0.url, $0.type] })
            where mediaKeysAssigned[property] == nil {
                mediaKeysAssigned[property] = ExtensionSourceScan.assignedString(to: property, in: text)
            }
            declarations += ExtensionSourceScan.classes(in: text)
            namesFileManagerDelegate = namesFileManagerDelegate || text.contains("FileManagerDelegate")
            shadowsLeftOut.formUnion(GeneratedShadow.clashing(in: text))
        }
        if let objectiveC {
            declarations.append(.init(name: objectiveC.className, base: objectiveC.base))
            sdks += objectiveC.sdks.map { ImportedSDK(module: nil, sdk: $0) }
            sdk = sdk ?? objectiveC.sdks.first
        }
        let subclasses = ExtensionSourceScan.serviceExtensionSubclasses(
            in: declarations,
            derivingAlsoFrom: Set(ExtensionSourceScan.serviceExtensionSubclasses(in: moduleDeclarations)))
        let plist = isDirectory.boolValue ? try plistPrincipalClass(plistFile) : nil
        let requested = (principalClass ?? plist).map { $0.split(separator: ".").last.map(String.init) ?? $0 }
        if requested.map({ !subclasses.contains($0) }) ?? subclasses.isEmpty {
            try refuseUnseenBase(
                of: declarations, requested: requested, known: Set((declarations + moduleDeclarations).map(\.name)),
                imports: extensionImports.subtracting(ownModules.map(\.name)), path: path)
        }
        let chosen = try choose(principalClass ?? plist, among: subclasses, path: path)
        let projects = projectFiles(
            near: isDirectory.boolValue ? root : root.deletingLastPathComponent(), first: member?.project)
        var source = UserExtensionSource(
            path: path, sources: sources, principalClass: chosen,
            moduleName: moduleName,
            swiftVersion: swiftVersion ?? projects.lazy.compactMap(ExtensionSourceScan.swiftVersion(inProject:)).first
                ?? "5",
            untimedCalls: untimed, aliasesFileManager: !namesFileManagerDelegate)
        source.sdk = sdk
        source.objectiveC = objectiveC
        source.mediaKeysAssigned = mediaKeysAssigned
        // The translation's keys are the Objective-C's (`userInfo[@"media_url"]` is `userInfo["media_url"]`).
        let translated = objectiveC?.swiftText ?? ""
        source.payloadKeys =
            payloadKeys + ExtensionSourceScan.subscriptKeys(in: translated).filter { !payloadKeys.contains($0) }
        source.shadowsLeftOut = shadowsLeftOut
        source.namesMediaURLKey = namesMediaURLKey || translated.contains("\"media_url\"")
        source.bareSlashRegex = !(projects.first.map(ExtensionSourceScan.disablesBareSlashRegex(inProject:)) ?? false)
        source.modules = ownModules
        source.untimedCallsOfModules = untimedOfModules
        source.mainBundleReaders = extensionReadsMainBundle ? nil : mainBundleReaders
        source.sdksImported = sdks
        source.unreadableProjects = unreadableProjects
        // Only where no project was there to read (one that could not be read is named as such).
        if member == nil, unreadableProjects.isEmpty, isDirectory.boolValue {
            source.ungeneratedProjects = generatorSpecs(near: root).map {
                "not read: \($0.tool)'s \($0.spec.path) (no Xcode project generated from it has this folder's "
                    + "target): files it compiles into the extension from outside the folder, its packages and "
                    + "build settings are not known; run `\($0.command)` before the run, or give shared code with "
                    + "--module NAME=PATH"
            }
        }
        source.infoPlistsPassedOver = passedOver
        if let member {
            source.projectTarget = member.name
            source.projectSources = member.files
            source.sourcesLeftOut = leftOut
            source.compilationConditions = member.target.compilationConditions
            source.projectConfiguration = member.target.configuration
            source.projectConfigFiles = member.target.configFiles
            source.configFileNotes = member.target.configFileProblems.map(\.note)
            source.projectModulesTaken = projectModulesTaken
            source.packageProblems = packageProblems
            source.projectInfoPlist = member.infoPlist
        }
        for module in ownModules {
            if module.name == source.moduleName {
                throw .badModule(
                    specification: module.path, reason: "\(module.name) is the extension's own module's name")
            }
            if UserExtensionBuilder.reservedModuleNames.contains(module.name) {
                throw .badModule(specification: module.path, reason: ExtensionModule.takenNameReason(module.name))
            }
            let shared = module.sources.filter(sources.contains)
            if !shared.isEmpty {
                throw .badModule(
                    specification: module.path,
                    reason:
                        "its files are the extension's own too (\(shared.map { relative($0, to: root) }.joined(separator: ", "))): "
                        + "files in the extension's folder, or that its Xcode project compiles into its target, compile "
                        + "into the extension's module; leave this --module out, or give a module's folder apart")
            }
        }
        if readsMainBundle {
            do {
                source.mainBundle = try ExtensionMainBundle.make(
                    moduleName: source.moduleName, targetName: name,
                    plist: plist == nil ? nil : try readPlist(plistFile) as? [String: Any],
                    projectIdentifiers: projects.flatMap(ExtensionSourceScan.bundleIdentifiers(inProject:)))
                if isDirectory.boolValue {
                    let found = try ExtensionMainBundle.resources(
                        in: root, files: files, outside: member?.resources ?? [])
                    source.mainBundle?.resources = found.resources
                    source.mainBundle?.duplicateResourceNames = found.duplicates
                }
            } catch let error as UserExtensionError {
                throw error
            } catch {
                throw .unreadablePlist(plist: plistFile.path, reason: "cannot write it for Bundle.main: \(error)")
            }
        }
        return source
    }

    /// The text of the Swift file `source`.
    static func read(_ source: URL) throws(UserExtensionError) -> String {
        do {
            return try String(contentsOf: source, encoding: .utf8)
        } catch {
            throw .notFound(path: source.path)
        }
    }

    private static func readPlist(_ plist: URL) throws(UserExtensionError) -> Any {
        do {
            return try PropertyListSerialization.propertyList(from: Data(contentsOf: plist), format: nil)
        } catch {
            throw .unreadablePlist(plist: plist.path, reason: error.localizedDescription)
        }
    }

    /// Throws ``UserExtensionError/baseInMissingModule(className:base:modules:path:)`` when the principal class
    /// (the one asked for, or, with none asked for, one whose base's name says it is a service extension)
    /// derives from a class the sources do not declare while they import modules nse-bench lacks: a push
    /// SDK's extension class without a stand-in (as CleverTap's and Pushwoosh's were before session 39), a package given no sources. Saying "no
    /// subclass" there hid the cause.
    private static func refuseUnseenBase(
        of declarations: [ExtensionSourceScan.ClassDeclaration], requested: String?, known: Set<String>,
        imports: Set<String>, path: String
    ) throws(UserExtensionError) {
        let missing = imports.subtracting(UserExtensionBuilder.reservedModuleNames)
            .subtracting(UserExtensionError.appleFrameworks).sorted()
        guard !missing.isEmpty else { return }
        for declaration in declarations {
            let base = declaration.base.split(separator: ".").last.map(String.init) ?? declaration.base
            guard !known.contains(base), !ExtensionSourceScan.serviceExtensionBases.contains(base) else { continue }
            let candidate =
                requested.map { $0 == declaration.name }
                ?? (base.contains("NotificationService") || base.hasSuffix("ServiceExtension"))
            if candidate {
                throw .baseInMissingModule(className: declaration.name, base: base, modules: missing, path: path)
            }
        }
    }

    private static func choose(
        _ requested: String?, among subclasses: [String], path: String
    ) throws(UserExtensionError) -> String {
        if let requested {
            // `$(PRODUCT_MODULE_NAME).NotificationService`, `MyModule.NotificationService`: the class.
            let name = requested.split(separator: ".").last.map(String.init) ?? requested
            guard subclasses.contains(name) else {
                throw .notAServiceExtension(className: name, path: path, subclasses: subclasses)
            }
            return name
        }
        guard let first = subclasses.first else { throw .noPrincipalClass(path: path) }
        guard subclasses.count == 1 else { throw .severalPrincipalClasses(path: path, classes: subclasses) }
        return first
    }

    /// The principal class an Info.plist names; nil when there is no Info.plist.
    private static func plistPrincipalClass(_ plist: URL) throws(UserExtensionError) -> String? {
        guard FileManager.default.fileExists(atPath: plist.path) else { return nil }
        let object = try readPlist(plist)
        let extensionInfo = (object as? [String: Any])?["NSExtension"] as? [String: Any]
        let point = extensionInfo?["NSExtensionPointIdentifier"] as? String
        // `$(NSExtensionPointIdentifier)`: a build setting Xcode fills in; which extension it is, the
        // principal class then tells (it must derive from UNNotificationServiceExtension).
        guard point == extensionPoint || point.map(XcodeBuildSettings.isReference) == true else {
            throw .wrongExtensionPoint(plist: plist.path, found: point)
        }
        guard let principal = extensionInfo?["NSExtensionPrincipalClass"] as? String, !principal.isEmpty else {
            throw .unreadablePlist(plist: plist.path, reason: "NSExtension has no NSExtensionPrincipalClass")
        }
        return principal
    }

    /// The Swift files outside `root` that an Xcode project around it (in it, or in a folder above it up to
    /// the repository's root, the nearest first) compiles into the target holding `root`'s files, its
    /// resources from outside `root`, the target, its Info.plist when not the folder's own, that project's
    /// file and the project and target's names; nil when no project has such a target. A project file that
    /// cannot be read is passed over, and added to `unreadable` with why: the folder itself may still compile.
    ///
    /// The Info.plist is the one the target names (an app and its extension may share a folder, each with
    /// its own); without one, the folder's own. A target whose Info.plist is another extension point's is
    /// not the extension's (a widget's synchronizing the folder above), and the next target is tried; one
    /// naming an Info.plist that cannot be read gives way to the folder's own. A folder with no Info.plist is
    /// a target's only when the target's is a Notification Service Extension's: otherwise it stays a folder
    /// of Swift files. Each Info.plist not taken is added to `passedOver`, with why.
    private static func projectMembers(
        of root: URL, hasOwnPlist: Bool, unreadable: inout [String], passedOver: inout [String]
    ) -> (files: [URL], resources: [URL], target: XcodeProjectTarget, infoPlist: URL?, project: URL, name: String)? {
        let ownPlist = root.appendingPathComponent("Info.plist").path
        for file in projectFileURLs(near: root, levels: projectSearchLevels) {
            let project: XcodeProjectTarget.Project
            do {
                project = try XcodeProjectTarget.read(
                    project: file, projectFolder: file.deletingLastPathComponent().deletingLastPathComponent())
            } catch {
                unreadable.append("\(file.path): \(error)")
                continue
            }
            for target in project.targets(containing: root) {
                let name = "\(file.deletingLastPathComponent().lastPathComponent)'s target \(target.name)"
                var infoPlist: URL?
                if let named = target.infoPlist, named.path != ownPlist,
                    FileManager.default.fileExists(atPath: named.path)
                {
                    do {
                        _ = try plistPrincipalClass(named)
                        infoPlist = named
                    } catch {
                        let anotherKind: Bool
                        if case .wrongExtensionPoint = error { anotherKind = true } else { anotherKind = false }
                        let taken = !anotherKind && hasOwnPlist
                        passedOver.append(
                            "\(named.path), as \(name) names it (\(error)); "
                                + (taken
                                    ? "the folder's own Info.plist is taken"
                                    : "the target is not taken as the extension's"))
                        guard taken else { continue }
                    }
                } else if !hasOwnPlist {
                    continue
                }
                let prefix = root.standardizedFileURL.path + "/"
                let outside = target.swiftFiles.filter {
                    !$0.path.hasPrefix(prefix) && FileManager.default.fileExists(atPath: $0.path)
                }
                let resources = target.resources.filter {
                    !$0.path.hasPrefix(prefix) && FileManager.default.fileExists(atPath: $0.path)
                }
                return (outside.sorted { $0.path < $1.path }, resources, target, infoPlist, file, name)
            }
        }
        return nil
    }

    /// How many folders above an extension's folder its target's Xcode project is looked for: projects
    /// keep their extensions' folders a level or two down (`Sources/Extensions/NotificationService`).
    static let projectSearchLevels = 4

    /// Each `project.pbxproj` of an `.xcodeproj` in `folder` or a folder above it, the nearest first and
    /// each folder's in name order: at most `levels` above, and not above a repository's root (a folder
    /// holding `.git`).
    private static func projectFileURLs(near folder: URL, levels: Int = 1) -> [URL] {
        foldersUp(from: folder, levels: levels).flatMap { directory -> [URL] in
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return entries.sorted().filter { $0.hasSuffix(".xcodeproj") }.map {
                directory.appendingPathComponent($0).appendingPathComponent("project.pbxproj")
            }.filter { FileManager.default.fileExists(atPath: $0.path) }
        }
    }

    /// `folder` and the folders above it, the nearest first: at most `levels` above, and not above a
    /// repository's root (a folder holding `.git`).
    private static func foldersUp(from folder: URL, levels: Int) -> [URL] {
        var directories = [folder]
        while directories.count <= levels, let last = directories.last, last.path != "/",
            !FileManager.default.fileExists(atPath: last.appendingPathComponent(".git").path)
        {
            directories.append(last.deletingLastPathComponent())
        }
        return directories
    }

    /// The project specs of the tools that generate an Xcode project, found in `folder` or the folders above
    /// it (as far as a project is looked for): XcodeGen's `project.yml` and Tuist's `Project.swift`, each
    /// with how to generate its project. Looked for only where no Xcode project has the folder's target: a
    /// repository that keeps only the spec has no `.xcodeproj` until the tool runs.
    static func generatorSpecs(near folder: URL) -> [(spec: URL, tool: String, command: String)] {
        // Each spec's file, its tool, the command that generates the project, and what its text must hold to be
        // that tool's: XcodeGen's targets, Tuist's manifest module (a model type named Project is neither).
        let tools = [
            ("project.yml", "XcodeGen", "xcodegen generate", "targets:"),
            ("project.yaml", "XcodeGen", "xcodegen generate", "targets:"),
            ("Project.swift", "Tuist", "tuist generate", "import ProjectDescription"),
        ]
        return foldersUp(from: folder, levels: projectSearchLevels).flatMap { directory in
            tools.compactMap { name, tool, command, mark in
                let spec = directory.appendingPathComponent(name)
                guard let data = FileManager.default.contents(atPath: spec.path),
                    String(decoding: data, as: UTF8.self).contains(mark)
                else { return nil }
                return (spec, tool, command)
            }
        }
    }

    /// The text of each Xcode project's `project.pbxproj` in `folder` or the folder above it, `first`
    /// (the project of the extension's target) before them, for its language mode and bundle identifiers.
    /// A best-effort probe: a folder or project file that cannot be read gives nothing, and Swift 5 (or
    /// `--swift-version`) and a stand-in identifier apply.
    private static func projectFiles(near folder: URL, first: URL?) -> [String] {
        var files = projectFileURLs(near: folder)
        if let first { files = [first] + files.filter { $0 != first } }
        return files.compactMap { try? String(contentsOf: $0, encoding: .utf8) }
    }

    /// Every regular file under `root`, leaving out hidden folders and build products.
    static func allFiles(under root: URL) -> [URL] {
        guard
            let walker = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        var files: [URL] = []
        for case let url as URL in walker {
            // Build products, and remote packages' checkouts (`SourcePackages`, `.build/checkouts`): never the
            // target's own files.
            if [".build", "DerivedData", "SourcePackages"].contains(url.lastPathComponent)
                || url.pathExtension == "xcodeproj"
            {
                walker.skipDescendants()
                continue
            }
            // An entry whose type cannot be read is no source file the compiler could take either.
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true { files.append(url) }
        }
        return files
    }

    /// `file`'s path as the run names it: from `root` (the extension's folder), or from the folder above it
    /// (`../Shared/Model.swift`) for one the project compiles in from beside it, else its name.
    public static func relative(_ file: URL, to root: URL) -> String {
        let base = root.path.hasSuffix("/") ? root.path : root.path + "/"
        if file.path.hasPrefix(base) { return String(file.path.dropFirst(base.count)) }
        // A file the project compiles in from beside the folder: from the folder's parent.
        let parent = root.deletingLastPathComponent().path
        let above = parent.hasSuffix("/") ? parent : parent + "/"
        return file.path.hasPrefix(above) ? "../" + file.path.dropFirst(above.count) : file.lastPathComponent
    }
}
