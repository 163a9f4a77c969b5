import Foundation
import Testing

@testable import NSERuntime

/// Compiling a user's extension: the cache, compiler messages with the user's own paths, missing Apple
/// frameworks.
@Suite("User extension: building", .timeLimit(.minutes(3)))
struct UserExtensionBuildTests {
    @Test("a delegate's server-trust challenge handler compiles (FoundationNetworking marks its names unavailable)")
    func serverTrustChallengeHandlerCompiles() async throws {
        // viewu's extension: a self-signed LAN server's trust taken in the session delegate.
        let service = """
            import UserNotifications
            class NotificationService: UNNotificationServiceExtension, URLSessionDelegate {
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    let content = request.content.mutableCopy() as! UNMutableNotificationContent
                    let session = URLSession(configuration: .ephemeral, delegate: self, delegateQueue: nil)
                    content.title = "session \\(session.configuration.timeoutIntervalForRequest), challenged: \\(challenged)"
                    contentHandler(content)
                }

                var challenged = false

                func urlSession(
                    _ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
                ) {
                    challenged = true
                    guard challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust,
                          let trust = challenge.protectionSpace.serverTrust
                    else { return completionHandler(.performDefaultHandling, nil) }
                    completionHandler(.useCredential, URLCredential(trust: trust))
                }
            }
            """
        let record = try await CompiledExamples.record(of: ["NotificationService.swift": service], title: "Sale")
        #expect(record.visible.title == "session 60.0, challenged: false")
        let notes = ExtensionSourceScan.untimedCalls(in: service, file: "S.swift")
        #expect(notes.contains { $0.hasPrefix("S.swift:13: authentication challenges") }, "\\(notes)")
    }

    @Test("import SQLite3 is the system's SQLite: app code keeping a database compiles and runs unchanged")
    func sqlite3() async throws {
        let service = """
            import SQLite3
            import UserNotifications
            let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
            class NotificationService: UNNotificationServiceExtension {
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    let content = request.content.mutableCopy() as! UNMutableNotificationContent
                    var db: OpaquePointer?
                    guard sqlite3_open(":memory:", &db) == SQLITE_OK else { return contentHandler(content) }
                    defer { sqlite3_close(db) }
                    sqlite3_exec(db, "CREATE TABLE seen (id TEXT PRIMARY KEY)", nil, nil, nil)
                    var insert: OpaquePointer?
                    sqlite3_prepare_v2(db, "INSERT INTO seen VALUES (?)", -1, &insert, nil)
                    for id in ["a", "b", "a"] {
                        sqlite3_bind_text(insert, 1, id, -1, SQLITE_TRANSIENT)
                        _ = sqlite3_step(insert)
                        sqlite3_reset(insert)
                    }
                    sqlite3_finalize(insert)
                    var count: OpaquePointer?
                    sqlite3_prepare_v2(db, "SELECT COUNT(*) FROM seen", -1, &count, nil)
                    if sqlite3_step(count) == SQLITE_ROW { content.title = "\\(sqlite3_column_int(count, 0)) seen" }
                    sqlite3_finalize(count)
                    contentHandler(content)
                }
            }
            """
        let record = try await CompiledExamples.record(of: ["NotificationService.swift": service], title: "Sale")
        #expect(record.visible.title == "2 seen")
    }

    @Test("bare-slash regex literals compile in Swift 5 mode, as Xcode turns them on; a project can turn them off")
    func bareSlashRegexLiterals() async throws {
        // openHAB's extension: `/^data:(.*?);base64,(.*)$/` in Swift 5 mode.
        let service = """
            import UserNotifications
            class NotificationService: UNNotificationServiceExtension {
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    let content = request.content.mutableCopy() as! UNMutableNotificationContent
                    if let match = content.title.firstMatch(of: /^data:(.*?);base64,(.*)$/) { content.title = String(match.1) }
                    let halves = 6 / 3 / 2
                    content.subtitle = "\\(halves)"
                    contentHandler(content)
                }
            }
            """
        let record = try await CompiledExamples.record(
            of: ["NotificationService.swift": service], title: "data:image/png;base64,QQ==")
        #expect(record.visible.title == "image/png")
        #expect(record.visible.subtitle == "1", "division still divides")
        #expect(ExtensionSourceScan.disablesBareSlashRegex(inProject: "\t\tSWIFT_ENABLE_BARE_SLASH_REGEX = NO;\n"))
        #expect(!ExtensionSourceScan.disablesBareSlashRegex(inProject: "\t\tSWIFT_ENABLE_BARE_SLASH_REGEX = YES;\n"))
    }

    @Test("the first build compiles, the second comes from the cache, a changed source compiles again")
    func cache() async throws {
        let folder = try CompiledExamples.folder(["Service.swift": CompiledExamples.minimal])
        defer { try? FileManager.default.removeItem(at: folder) }
        let builder = try CompiledExamples.builder()
        let first = try await builder.buildOffThePool(try UserExtensionSource.locate(folder.path))
        #expect(!first.cached)
        #expect(FileManager.default.fileExists(atPath: first.libraryPath))
        let second = try await builder.buildOffThePool(try UserExtensionSource.locate(folder.path))
        #expect(second.cached)
        #expect(second.libraryPath == first.libraryPath)
        try (CompiledExamples.minimal + "\n// changed\n").write(
            to: folder.appendingPathComponent("Service.swift"), atomically: true, encoding: .utf8)
        let third = try await builder.buildOffThePool(try UserExtensionSource.locate(folder.path))
        #expect(!third.cached)
        #expect(third.libraryPath != first.libraryPath)
    }

    @Test("the same sources in another folder are built for their own paths, which a crash's place names")
    func cacheByPath() throws {
        let one = try CompiledExamples.folder(["Service.swift": CompiledExamples.minimal])
        let other = try CompiledExamples.folder(["Service.swift": CompiledExamples.minimal])
        defer {
            try? FileManager.default.removeItem(at: one)
            try? FileManager.default.removeItem(at: other)
        }
        let builder = try CompiledExamples.builder()
        let first = try builder.cacheKey(try UserExtensionSource.locate(one.path))
        #expect(try builder.cacheKey(try UserExtensionSource.locate(one.path)) == first)
        #expect(try builder.cacheKey(try UserExtensionSource.locate(other.path)) != first)
    }

    @Test("a compile error shows the compiler's message with the user's file and line")
    func compileError() async throws {
        let folder = try CompiledExamples.folder([
            "Service.swift": CompiledExamples.minimal + "\nlet broken: Int = \"not a number\"\n"
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try UserExtensionSource.locate(folder.path)
        do {
            _ = try await CompiledExamples.builder().buildOffThePool(source)
            Issue.record("a type error compiled")
        } catch let error as UserExtensionError {
            guard case .compileFailed(let path, let messages, let missing) = error else {
                Issue.record("expected compileFailed, got \(error)")
                return
            }
            #expect(path == folder.path)
            #expect(messages.contains("/Service.swift:3:19: error: cannot convert"))
            #expect(missing.isEmpty)
            #expect(error.description.hasPrefix("the extension at \(folder.path) did not compile"))
        }
    }

    @Test("importing CoreData names the missing Apple framework")
    func missingFramework() async throws {
        let folder = try CompiledExamples.folder(["Service.swift": "import CoreData\n" + CompiledExamples.minimal])
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            _ = try await CompiledExamples.builder().buildOffThePool(try UserExtensionSource.locate(folder.path))
            Issue.record("CoreData compiled on Linux")
        } catch let error as UserExtensionError {
            guard case .compileFailed(_, _, let missing) = error else {
                Issue.record("expected compileFailed, got \(error)")
                return
            }
            #expect(missing == ["CoreData"])
            #expect(error.description.contains("it imports CoreData, an Apple framework"))
            #expect(!error.description.contains("--module"), "no sources of the user's can stand in for it")
        }
    }

    @Test("the keychain with Foundation alone, and Core Foundation's own names where a file imports it")
    func securityThroughFoundationAndCoreFoundation() async throws {
        let keychain = """
            import Foundation
            import UserNotifications
            let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword]
            class NotificationService: UNNotificationServiceExtension {}
            """
        _ = try await CompiledExamples.factory(of: ["Service.swift": keychain])
        let coreFoundation = """
            import CoreFoundation
            import Foundation
            import UserNotifications
            func describe(_ string: CFString) -> CFIndex { CFStringGetLength(string) }
            let yes = kCFBooleanTrue
            class NotificationService: UNNotificationServiceExtension {}
            """
        _ = try await CompiledExamples.factory(of: ["Service.swift": coreFoundation])
        // A file importing CoreFoundation for what Security's stand-in does not declare keeps the keychain
        // reachable from the others.
        let timing = "import CoreFoundation\nfunc now() -> CFAbsoluteTime { CFAbsoluteTimeGetCurrent() }\n"
        _ = try await CompiledExamples.factory(of: ["Service.swift": keychain, "Timing.swift": timing])
    }

    @Test("the loaded principal class is the user's, a UNNotificationServiceExtension of the host")
    func loads() async throws {
        let factory = try await CompiledExamples.factory("XcodeTemplate")
        let instance = factory.make()
        #expect(String(describing: type(of: instance)) == "NotificationService")
    }
}
