import Foundation
import SDKProfiles

/// What the files of a translation declare, gathered as they are read.
struct ObjectiveCTranslator {
    var className: String?
    var base: String?
    /// Where the class was first declared: for a refusal that names it, and its Swift's line.
    var declaredAt: (file: String, path: String, line: Int)?
    /// The properties, each with its Swift declaration at its line.
    var properties:
        [(name: String, swiftType: String, type: ObjectiveCCalls.ValueType, declaration: String, readonly: Bool)] = []
    var methods: [String] = []
    var methodSelectors: Set<String> = []
    /// The class's own methods by selector, read before any body: a body may call one defined below it.
    var ownMethods: [String: ObjectiveCOwnMethod] = [:]
    /// The class's own class methods (`+`), by selector.
    var ownClassMethods: [String: ObjectiveCOwnMethod] = [:]
    var modules: [String] = []
    var sdks: [SDKProfile] = []
    var implemented = false

    func property(_ name: String) -> (swiftType: String, type: ObjectiveCCalls.ValueType, readonly: Bool)? {
        properties.first { $0.name == name }.map { ($0.swiftType, $0.type, $0.readonly) }
    }

    /// The base's SDK, when it is a push SDK's extension class.
    var baseSDK: SDKProfile? {
        base.flatMap { base in SDKProfile.allCases.first { $0.serviceExtensionClass == base } }
    }

    mutating func use(module: String?, sdk: SDKProfile?) {
        if let module, !modules.contains(module) { modules.append(module) }
        if let sdk, !sdks.contains(sdk) { sdks.append(sdk) }
    }

    func finish(files: [String]) throws(ObjectiveCTranslation.Refusal) -> ObjectiveCTranslation {
        guard let className, let base else {
            throw .init(
                file: files.first ?? "", line: 1,
                reason: "no @interface of a UNNotificationServiceExtension subclass with its base class")
        }
        guard implemented else {
            throw .init(
                file: declaredAt?.file ?? "", line: declaredAt?.line ?? 1, reason: "no @implementation of \(className)")
        }
        var imports = ["Foundation", "UserNotifications"]
        if let sdk = baseSDK, let module = sdk.moduleNames.first { imports.append(module) }
        imports += modules.filter { !imports.contains($0) }
        var text = "// Translated by nse-bench from Objective-C (\(files.joined(separator: ", "))): a phone runs the "
        text += "Objective-C.\n"
        text += imports.map { "import \($0)\n" }.joined() + "\n"
        text += ObjectiveCTranslation.located(
            "class \(className): \(base) {", path: declaredAt?.path ?? "", line: declaredAt?.line ?? 1, depth: 0)
        // A push SDK's class keeps its own properties; a subclass's redeclared ones read the SDK's
        // (``ObjectiveCCalls/redeclarable(_:of:)``), and no others may be read (``ObjectiveCFileParser``).
        if baseSDK == nil {
            for property in properties { text += property.declaration }
        }
        text += methods.joined()
        text += "#sourceLocation()\n}\n"
        return ObjectiveCTranslation(
            className: className, base: base, files: files, swiftText: text,
            sdks: (baseSDK.map { [$0] } ?? []) + sdks.filter { $0 != baseSDK })
    }
}

/// A type as a method's signature declares it (`(NSString *)`, `(BOOL)`, `(void (^)(NSURL *url))`).
enum ObjectiveCDeclaredType: Equatable {
    case void
    case bool
    /// An object of the class named (`id` for any).
    case object(String)
    /// A block returning nothing, taking objects of the classes named.
    case block([String])

    /// Its Swift type: an object's an optional, as an Objective-C object may be nil; a block's an implicitly
    /// unwrapped optional (calling nil crashes, as in Objective-C) taking optionals.
    var swift: String {
        switch self {
        case .void: "Void"
        case .bool: "Bool"
        case .object(let name): (ObjectiveCCalls.objectTypes[name] ?? name) + "?"
        case .block(let parameters):
            "((\(parameters.map { (ObjectiveCCalls.objectTypes[$0] ?? $0) + "?" }.joined(separator: ", "))) -> Void)!"
        }
    }

    /// The type of a translated expression of it.
    var valueType: ObjectiveCCalls.ValueType {
        switch self {
        case .void: .void
        case .bool: .bool
        case .object(let name): .object(name, optional: true)
        case .block: .block
        }
    }
}

/// A method of the class's own: `- (NSString *)fileExtensionForType:(NSString *)type`, a Swift method of
/// the selector's parts as its name and labels (`fileExtensionForType(_ type: String?) -> String?`).
struct ObjectiveCOwnMethod {
    var parts: [String]
    var parameters: [(name: String, type: ObjectiveCDeclaredType)]
    var result: ObjectiveCDeclaredType
    /// Whether it is a class method (`+`), a Swift `static func`.
    var isClassMethod = false

    /// The Swift of a call with the arguments `$0`, `$1`, ... to `$r`, as ``ObjectiveCCalls/Call`` spells one.
    var call: ObjectiveCCalls.Call {
        let labels = parameters.indices.map { index in index == 0 ? "$0" : "\(parts[index]): $\(index)" }
        var call = ObjectiveCCalls.Call(
            swift: "$r.\(ObjectiveCTranslation.swiftName(parts[0]))(\(labels.joined(separator: ", ")))",
            result: result.valueType)
        for (index, parameter) in parameters.enumerated() {
            switch parameter.type {
            case .object(let name):
                call.optionalArguments.insert(index)
                call.parameterClasses[index] = name
            case .block(let classes):
                call.optionalArguments.insert(index)
                call.blockParameters[index] = classes
            case .void, .bool: break
            }
        }
        return call
    }

    /// The Swift declaration's first line, `func name(_ a: T?, label b: U?) -> R {`.
    var declaration: String {
        let declared = parameters.enumerated().map { index, parameter in
            "\(index == 0 ? "_" : parts[index]) \(ObjectiveCTranslation.swiftName(parameter.name)): \(parameter.type.swift)"
        }
        return (isClassMethod ? "static " : "") + "func \(ObjectiveCTranslation.swiftName(parts[0]))("
            + declared.joined(separator: ", ") + ")"
            + (result == .void ? "" : " -> \(result.swift)") + " {"
    }
}
