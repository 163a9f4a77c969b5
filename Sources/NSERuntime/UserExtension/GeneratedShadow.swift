/// A group of the Dispatch and Foundation functions the generated file shadows: so that work a user's module
/// sends to a queue, thread or task of its own carries its invocation (`PhoneDispatch`), and so that the
/// folders it asks Foundation for are its phone's own (`PhoneFolders`).
///
/// A module that declares a method of the same name and first label itself (an `OperationQueue` subclass's
/// `override func addOperation(_:)`, a helper `extension DispatchQueue { func async(execute:) }`) would no
/// longer compile beside the shadow (an override of an extension's method, a redeclaration), so that group
/// is left out of its generated file: its blocks run as Dispatch runs them, without the invocation.
enum GeneratedShadow: String, CaseIterable, Sendable, Hashable, Codable {
    case dispatchQueue
    case workItem
    case dispatchGroup
    case dispatchSource
    case operationQueue
    case blockOperation
    case thread
    case threadBlock
    case task
    case searchPaths
    case fileManagerURL
    case urlTemporaryDirectory
    case urlHomeDirectory

    /// The declarations, as they start on a line of source, that clash with this group's shadows.
    var clashingDeclarations: [String] {
        switch self {
        case .dispatchQueue:
            ["func async(group:", "func async(execute", "func asyncAfter(deadline:", "func asyncAfter(wallDeadline:"]
        case .workItem: ["init(qos:", "func notify(qos:"]
        case .dispatchGroup: ["func notify(qos:"]
        case .dispatchSource: ["func setEventHandler(", "func setCancelHandler(", "func setRegistrationHandler("]
        case .operationQueue: ["func addOperation(_", "func addBarrierBlock("]
        case .blockOperation: ["class BlockOperation", "typealias BlockOperation", "struct BlockOperation"]
        case .thread: ["func detachNewThread("]
        // Found by ``declaresThreadBlockInitializer(_:)``: labels and line breaks vary.
        case .threadBlock: []
        case .task: ["func detached("]
        case .searchPaths:
            ["func NSTemporaryDirectory(", "func NSHomeDirectory(", "func NSSearchPathForDirectoriesInDomains("]
        // A declaration's internal name: a call writes `appropriateFor:` with no name after it.
        case .fileManagerURL: ["appropriateFor url:", "appropriateFor _:"]
        case .urlTemporaryDirectory: ["static var temporaryDirectory", "static let temporaryDirectory"]
        case .urlHomeDirectory: ["static var homeDirectory", "static let homeDirectory"]
        }
    }

    /// What must also be in the text for a clashing declaration to be this group's: a `static var
    /// homeDirectory` of a settings enum is no `URL`'s.
    private var clashContext: [String] {
        switch self {
        case .urlTemporaryDirectory, .urlHomeDirectory: ["extension URL", "extension Foundation.URL"]
        default: []
        }
    }

    /// The groups `text` declares a clashing method for (whitespace after `func` and before `(` ignored).
    static func clashing(in text: String) -> Set<GeneratedShadow> {
        let compact = text.replacingOccurrences(of: " (", with: "(").replacingOccurrences(of: "( ", with: "(")
        return Set(
            allCases.filter { shadow in
                if shadow == .threadBlock { return declaresThreadBlockInitializer(text) }
                return shadow.clashingDeclarations.contains { compact.contains($0) }
                    && (shadow.clashContext.isEmpty || shadow.clashContext.contains { compact.contains($0) })
            })
    }

    /// Whether `text` extends `Thread` and declares an initializer whose one parameter is labelled `block`
    /// (`init(block:)`, `init(block body:)`, its list on the next line): a redeclaration beside the shadow.
    /// `Thread` cannot be subclassed on Linux, so an extension is the only place one can be.
    static func declaresThreadBlockInitializer(_ text: String) -> Bool {
        guard text.contains(#/extension\s+(Foundation\.)?Thread\b/#) else { return false }
        for match in text.matches(of: #/\binit\s*\(\s*block(\s+\w+)?\s*:/#) {
            // One parameter only: no comma at the list's own depth before it closes.
            var depth = 1
            var previous: Character = ":"
            var index = match.range.upperBound
            while index < text.endIndex, depth > 0 {
                let character = text[index]
                switch character {
                case "(", "[", "<": depth += 1
                case ">" where previous == "-": break  // a function type's arrow
                case ")", "]", ">": depth -= 1
                case "," where depth == 1: depth = -1
                default: break
                }
                previous = character
                index = text.index(after: index)
            }
            if depth == 0 { return true }
        }
        return false
    }

    /// The shadows' Swift text: Dispatch's and Foundation's exact signatures (so that the module's own win over
    /// the imported ones), `@usableFromInline` so that the module's `@inlinable` code can call them.
    var text: String {
        switch self {
        case .dispatchQueue:
            """
            extension DispatchQueue {
                @usableFromInline func async(
                    group: DispatchGroup? = nil, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
                    execute work: @escaping @Sendable @convention(block) () -> Void
                ) {
                    PhoneDispatch.async(on: self, group: group, qos: qos, flags: flags, execute: work)
                }

                @usableFromInline func asyncAfter(
                    deadline: DispatchTime, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
                    execute work: @escaping @Sendable @convention(block) () -> Void
                ) {
                    PhoneDispatch.asyncAfter(on: self, deadline: deadline, qos: qos, flags: flags, execute: work)
                }

                @usableFromInline func asyncAfter(
                    wallDeadline: DispatchWallTime, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
                    execute work: @escaping @Sendable @convention(block) () -> Void
                ) {
                    PhoneDispatch.asyncAfter(on: self, wallDeadline: wallDeadline, qos: qos, flags: flags, execute: work)
                }
            }

            """
        case .workItem:
            """
            extension DispatchWorkItem {
                @usableFromInline convenience init(
                    qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
                    block: @escaping @convention(block) () -> ()
                ) {
                    self.init(carryingThePhoneOf: block, qos: qos, flags: flags)
                }

                @usableFromInline func notify(
                    qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], queue: DispatchQueue,
                    execute: @escaping @convention(block) () -> ()
                ) {
                    PhoneDispatch.notify(self, qos: qos, flags: flags, queue: queue, execute: execute)
                }
            }

            """
        case .dispatchGroup:
            """
            extension DispatchGroup {
                @usableFromInline func notify(
                    qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], queue: DispatchQueue,
                    execute work: @escaping @convention(block) () -> ()
                ) {
                    PhoneDispatch.notify(self, qos: qos, flags: flags, queue: queue, execute: work)
                }
            }

            """
        case .dispatchSource:
            """
            extension DispatchSourceProtocol {
                @usableFromInline func setEventHandler(
                    qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], handler: DispatchSourceHandler?
                ) {
                    PhoneDispatch.setHandler(.event, of: self, qos: qos, flags: flags, handler: handler)
                }

                @usableFromInline func setCancelHandler(
                    qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], handler: DispatchSourceHandler?
                ) {
                    PhoneDispatch.setHandler(.cancel, of: self, qos: qos, flags: flags, handler: handler)
                }

                @usableFromInline func setRegistrationHandler(
                    qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], handler: DispatchSourceHandler?
                ) {
                    PhoneDispatch.setHandler(.registration, of: self, qos: qos, flags: flags, handler: handler)
                }
            }

            """
        case .operationQueue:
            """
            extension OperationQueue {
                @usableFromInline func addOperation(_ block: @escaping @Sendable () -> Void) {
                    PhoneDispatch.addOperation(to: self, block)
                }

                @usableFromInline func addBarrierBlock(_ barrier: @escaping @Sendable () -> Void) {
                    PhoneDispatch.addBarrierBlock(to: self, barrier)
                }
            }

            """
        case .blockOperation:
            """
            public typealias BlockOperation = SimulatedDevice.PhoneBlockOperation

            """
        case .thread:
            """
            extension Thread {
                @usableFromInline class func detachNewThread(_ block: @escaping @Sendable () -> Void) {
                    PhoneDispatch.detachNewThread(block)
                }
            }

            """
        case .threadBlock:
            """
            extension Thread {
                @usableFromInline convenience init(block: @escaping @Sendable () -> Void) {
                    self.init(SimulatedDevice.PhoneDispatch.self, block: block)
                }
            }

            """
        case .task:
            """
            extension Task where Failure == Never {
                @discardableResult @usableFromInline
                static func detached(
                    name: String? = nil, priority: TaskPriority? = nil,
                    operation: sending @escaping @isolated(any) () async -> Success
                ) -> Task<Success, Failure> {
                    PhoneDispatch.detached(name: name, priority: priority, operation: operation)
                }
            }

            extension Task where Failure == any Error {
                @discardableResult @usableFromInline
                static func detached(
                    name: String? = nil, priority: TaskPriority? = nil,
                    operation: sending @escaping @isolated(any) () async throws -> Success
                ) -> Task<Success, Failure> {
                    PhoneDispatch.detached(name: name, priority: priority, operation: operation)
                }
            }

            """
        case .searchPaths:
            """
            @usableFromInline func NSTemporaryDirectory() -> String { PhoneFolders.temporaryDirectoryPath() }

            @usableFromInline func NSHomeDirectory() -> String { PhoneFolders.homeDirectoryPath() }

            @usableFromInline func NSSearchPathForDirectoriesInDomains(
                _ directory: FileManager.SearchPathDirectory, _ domainMask: FileManager.SearchPathDomainMask,
                _ expandTilde: Bool
            ) -> [String] {
                PhoneFolders.searchPath(directory, domainMask, expandTilde)
            }

            """
        case .fileManagerURL:
            """
            extension Foundation.FileManager {
                @usableFromInline func url(
                    for directory: FileManager.SearchPathDirectory, in domain: FileManager.SearchPathDomainMask,
                    appropriateFor url: URL?, create shouldCreate: Bool
                ) throws -> URL {
                    try PhoneFolders.url(for: directory, in: domain, appropriateFor: url, create: shouldCreate, of: self)
                }
            }

            """
        // Foundation on Linux has these two (and not `documentsDirectory`, which SimulatedDevice declares).
        case .urlTemporaryDirectory:
            """
            extension URL {
                @usableFromInline static var temporaryDirectory: URL { PhoneFolders.temporaryDirectory() }
            }

            """
        case .urlHomeDirectory:
            """
            extension URL {
                @usableFromInline static var homeDirectory: URL { PhoneFolders.homeDirectory() }
            }

            """
        }
    }

    /// The text of every group but `leftOut`, in a fixed order.
    static func text(leavingOut leftOut: Set<GeneratedShadow>) -> String {
        allCases.filter { !leftOut.contains($0) }.map(\.text).joined()
    }
}
