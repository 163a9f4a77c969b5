import Foundation
import NSEBenchCore
import NSEBenchTestSupport
import Testing

/// `run --extension PATH` end to end through the built `nse-bench`: the user's extension runs in
/// worker processes, and a crash in its code ends only the invocation that caused it.
@Suite("nse-bench run: extension processes", .serialized, .timeLimit(.minutes(3)))
struct ExtensionProcessTests {
    static let root = RepositoryPaths.root

    /// `nse-bench` beside the test binary (the package's build folder).
    static var executable: URL { RepositoryPaths.nseBenchExecutable }

    /// Runs `nse-bench run` with `arguments` into a fresh folder; the exit status, summary row and rows.
    func run(_ arguments: [String]) async throws -> (
        status: Int32, summary: [String: String], rows: [[String: String]]
    ) {
        let (status, summary, rows, _, _) = try await runKeepingLog(arguments)
        return (status, summary, rows)
    }

    /// ``run(_:)``, and the extension processes' `extension-stderr.log` and the run's `timeline.csv`.
    func runKeepingLog(_ arguments: [String]) async throws -> (
        status: Int32, summary: [String: String], rows: [[String: String]], log: String, timeline: [[String: String]]
    ) {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("nse-bench-run-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        var environment = ProcessInfo.processInfo.environment
        environment["NSE_BENCH_CACHE"] =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("nse-bench-extension-cache-cli").path
        let result = try await ChildProcess.run(
            Self.executable.path, ["run", "--quiet", "--out", out.path] + onLoopback(arguments),
            environment: environment, currentDirectory: Self.root)
        let summary = try Self.table(out.appendingPathComponent("summary.csv"))
        // Only a run in extension processes has their log.
        let logFile = out.appendingPathComponent("extension-stderr.log")
        let log =
            FileManager.default.fileExists(atPath: logFile.path) ? try String(contentsOf: logFile, encoding: .utf8) : ""
        return (
            result.status, summary.first ?? [:], try Self.table(out.appendingPathComponent("invocations.csv")), log,
            try Self.table(out.appendingPathComponent("timeline.csv"))
        )
    }

    /// An extension whose `didReceive` runs `check` first (with `number`, the invocation's id from its
    /// request's identifier), then downloads its media with `URLSession.shared` and delivers its content
    /// with the title changed and nothing attached: `degraded`, in the media's own time.
    static func downloading(first check: String) -> String {
        """
        import UserNotifications
        class NotificationService: UNNotificationServiceExtension {
            override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                let number = Int(request.identifier.split(separator: "-").last ?? "") ?? -1
        \(check)
                let url = URL(string: request.content.userInfo["media_url"] as? String ?? "")!
                URLSession.shared.dataTask(with: url) { _, _, _ in
                    let content = request.content.mutableCopy() as! UNMutableNotificationContent
                    content.title = "checked"
                    contentHandler(content)
                }.resume()
            }
        }
        """
    }

    /// `nse-bench run` (not quiet) with `arguments` on loopback: what it printed, and its rows.
    func runPrinting(_ arguments: [String]) async throws -> (result: ChildProcess.Result, rows: [[String: String]]) {
        let (result, out) = try await runWithOut(onLoopback(arguments))
        defer { try? FileManager.default.removeItem(at: out) }
        return (result, try Self.table(out.appendingPathComponent("invocations.csv")))
    }

    /// `nse-bench run --out OUT arguments` (not quiet), with the extension cache the CLI tests share: what it
    /// printed and OUT, whose files the caller reads and which it removes.
    func runWithOut(_ arguments: [String]) async throws -> (result: ChildProcess.Result, out: URL) {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("nse-bench-run-\(UUID().uuidString)")
        var environment = ProcessInfo.processInfo.environment
        environment["NSE_BENCH_CACHE"] =
            FileManager.default.temporaryDirectory.appendingPathComponent("nse-bench-extension-cache-cli").path
        do {
            let result = try await ChildProcess.run(
                Self.executable.path, ["run", "--out", out.path] + arguments, environment: environment,
                currentDirectory: Self.root)
            return (result, out)
        } catch {
            try? FileManager.default.removeItem(at: out)
            throw error
        }
    }

    static func table(_ file: URL) throws -> [[String: String]] {
        let records = try CSVReader.records(try String(contentsOf: file, encoding: .utf8))
        guard let header = records.first else { return [] }
        return records.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0).map { ($0, $1) }) }
    }

    @Test func aCrashingExtensionLosesOnlyTheCrashingInvocations() async throws {
        let (status, summary, rows) = try await run(["--extension", "Examples/CrashOnVideo", "-n", "300", "-c", "8"])
        #expect(status == 0)
        #expect(summary["invocations"] == "300")
        #expect(Set(rows.map { $0["id"] ?? "" }).count == 300, "one row per invocation")
        let crashed = Int(summary["crashed"] ?? "") ?? -1
        // 10% of the default media mix is .mp4, and only those crash: about 30 of 300.
        #expect((10...60).contains(crashed), "crashed \(crashed)")
        #expect(Int(summary["enriched"] ?? "") ?? 0 >= 300 - crashed - 10)
        #expect(rows.filter { $0["outcome"] == "crashed" }.allSatisfy { $0["user_sees"] == "original" })
        // Each names where: the line of the force unwrap, its function, and the runtime's reason, which a
        // -O build keeps only in its debug information.
        let reasons = Set(rows.filter { $0["outcome"] == "crashed" }.map { $0["error"] ?? "" })
        #expect(
            reasons == [
                "the extension crashed at Examples/CrashOnVideo/NotificationService.swift:25:78 in "
                    + "NotificationService.didReceive(_:withContentHandler:): Unexpectedly found nil while "
                    + "unwrapping an Optional value (signal 4, SIGILL)"
            ], "\(reasons)")
    }

    @Test func theSummaryNamesWhereTheExtensionCrashed() async throws {
        let (result, out) = try await runWithOut(["--extension", "Examples/CrashOnVideo", "-n", "100", "-c", "8"])
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n").map(String.init)
        let heading = try #require(lines.firstIndex { $0.hasPrefix("crashes (") }, "\(result.output)")
        // The summary counts the extension's crashes: not an invocation the harness lost (error `harness: ...`).
        let crashed = try Self.table(out.appendingPathComponent("invocations.csv")).filter {
            $0["outcome"] == "crashed" && $0["error"]?.hasPrefix("harness:") == false
        }.count
        #expect(lines[heading] == "crashes (\(crashed)) by reason, largest first:")
        #expect(
            lines[heading + 1].trimmingCharacters(in: .whitespaces)
                == "\(crashed)  the extension crashed at Examples/CrashOnVideo/NotificationService.swift:25:78 in "
                + "NotificationService.didReceive(_:withContentHandler:): Unexpectedly found nil while unwrapping an "
                + "Optional value (signal 4, SIGILL)")
    }

    @Test func invocationsCrashingTogetherAreEachNamedAndTheRunStaysValid() async throws {
        // Every invocation traps at once, several in one process: each trap's report names its own
        // invocation and stack, one report at a time, none torn or left without its stack.
        let folder = try extensionFolder(
            "AllCrash",
            """
            import UserNotifications
            class NotificationService: UNNotificationServiceExtension {
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    let url = URL(string: request.content.userInfo["absent"] as? String ?? "")
                    _ = url!.absoluteString
                    contentHandler(request.content.mutableCopy() as! UNMutableNotificationContent)
                }
            }
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, summary, rows) = try await run(["--extension", folder.path, "-n", "48", "-c", "16"])
        #expect(status == 0)
        #expect(summary["crashed"] == "48", "\(summary)")
        let reasons = Set(rows.map { $0["error"] ?? "" })
        let file = folder.appendingPathComponent("Service.swift").path
        #expect(
            reasons == [
                "the extension crashed at \(file):5:16 in NotificationService.didReceive(_:withContentHandler:): "
                    + "Unexpectedly found nil while unwrapping an Optional value (signal 4, SIGILL)"
            ], "\(reasons)")
        #expect(summary["invalid_reason"]?.contains("could not attribute") == false, "\(summary)")
    }

    @Test func aTrapEndsOnlyItsInvocationAndTheOthersInItsProcessRunOn() async throws {
        // One process holds 12 invocations at a time, each waiting 300 ms for its media; every fifth
        // traps at once. As on phones, where each has its own process, the others are not disturbed: no
        // process dies, nothing runs again (which would cost them the time they had run), and every
        // other invocation delivers within its own time.
        let folder = try extensionFolder(
            "TrapAlone",
            Self.downloading(
                first: """
                    precondition(number % 5 != 0, "every fifth traps")
                    """))
        defer { try? FileManager.default.removeItem(at: folder) }
        let (result, rows) = try await runPrinting([
            "--extension", folder.path, "-n", "60", "-c", "12", "--extension-processes", "1", "--with-media", "1",
            "--media", "1KB.jpg:1", "--ttfb", "300ms", "--encrypted", "0",
        ])
        #expect(result.status == 0, "\(result.output)")
        let crashed = Set(rows.filter { $0["outcome"] == "crashed" }.compactMap { Int($0["id"] ?? "") })
        #expect(crashed == Set(stride(from: 0, to: 60, by: 5)), "exactly every fifth (ids from 0)")
        let others = rows.filter { $0["outcome"] != "crashed" }
        // Their text changed, no attachment: degraded, each in its own time, none with an error.
        #expect(others.count == 48 && others.allSatisfy { $0["outcome"] == "degraded" && $0["error"] == "" })
        let file = folder.appendingPathComponent("Service.swift").path
        let reasons = Set(rows.filter { $0["outcome"] == "crashed" }.map { $0["error"] ?? "" })
        #expect(
            reasons.count == 1 && reasons.first?.hasPrefix("the extension crashed at \(file):5:") == true, "\(reasons)")
        #expect(reasons.first?.hasSuffix(": precondition failure (signal 4, SIGILL)") == true, "\(reasons)")
        let printed = result.output
        #expect(printed.contains("extension processes: 1, 0 died and were replaced"), "\(printed)")
        #expect(printed.contains("12 traps in your extension's code ended only their invocations"), "\(printed)")
        #expect(!printed.contains("ran again"), "\(printed)")
    }

    @Test func processesFinishingAfterATrapAreBoundedByTheRunsProcesses() async throws {
        // Every fourth invocation traps, 8 in flight in one process, each other waiting 300 ms (the first
        // 2 s more): the first process, finishing what it held after a trap, is still finishing when the
        // next process traps, which keeps taking invocations; each trap still ends only its own.
        let folder = try extensionFolder(
            "TrapOften",
            Self.downloading(
                first: """
                    if number == 0 { Thread.sleep(forTimeInterval: 2) }
                    precondition(number % 4 != 3)
                    """))
        defer { try? FileManager.default.removeItem(at: folder) }
        let (result, rows) = try await runPrinting([
            "--extension", folder.path, "-n", "40", "-c", "8", "--extension-processes", "1", "--with-media", "1",
            "--media", "1KB.jpg:1", "--ttfb", "300ms", "--encrypted", "0",
        ])
        #expect(result.status == 0, "\(result.output)")
        let crashed = Set(rows.filter { $0["outcome"] == "crashed" }.compactMap { Int($0["id"] ?? "") })
        #expect(crashed == Set(stride(from: 3, to: 40, by: 4)))
        #expect(rows.filter { $0["outcome"] == "degraded" && $0["error"] == "" }.count == 30)
        #expect(result.output.contains("10 traps in your extension's code ended only their invocations"))
        #expect(
            result.output.contains("the process kept taking invocations: as many processes as the run has (1)"),
            "\(result.output)")
        #expect(result.output.contains("0 died and were replaced"))
    }

    @Test func aTrapOnTheMainQueueEndsItsProcessLeavingNoneHung() async throws {
        // The main thread drains the main queue for every phone in the process: held, it would stop
        // theirs and the process's exit. A trap there ends the process as other crashes do: the trapping
        // invocation is named, the others it held run again, and no process is left to be killed.
        let folder = try extensionFolder(
            "MainQueueTrap",
            """
            import UserNotifications
            class NotificationService: UNNotificationServiceExtension {
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    let number = Int(request.identifier.split(separator: "-").last ?? "") ?? -1
                    DispatchQueue.main.async {
                        let found = [1, 2, 3]
                        if number % 5 == 0 { _ = found[request.identifier.count] }
                        let content = request.content.mutableCopy() as! UNMutableNotificationContent
                        content.title = "checked"
                        contentHandler(content)
                    }
                }
            }
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (result, rows) = try await runPrinting([
            "--extension", folder.path, "-n", "20", "-c", "4", "--extension-processes", "1",
        ])
        #expect(result.status == 0, "\(result.output)")
        let crashed = Set(rows.filter { $0["outcome"] == "crashed" }.compactMap { Int($0["id"] ?? "") })
        #expect(crashed == Set(stride(from: 0, to: 20, by: 5)))
        #expect(rows.filter { $0["outcome"] != "crashed" }.allSatisfy { $0["error"] == "" })
        #expect(result.output.contains("extension processes: 1, 4 died and were replaced"), "\(result.output)")
        #expect(!result.output.contains("traps in your extension"))
        #expect(!result.output.contains("did not end within"))
    }

    @Test func whatATrappedInvocationHeldIsNotChargedToTheOthers() async throws {
        // Invocation 0 holds 26 MB when it traps, and its held thread keeps them; invocation 1, in the
        // same process, runs on 400 ms longer. Charged its share of a heap that still holds them (7 MB
        // modelled, plus 26 MB over one in flight), it would pass the 24 MB limit and be killed, where on
        // a phone the crashed process's memory went with it; the trapped invocation's share is set aside.
        let folder = try extensionFolder(
            "TrapHoldingMemory",
            Self.downloading(
                first: """
                    if request.identifier.hasSuffix("-0") {
                        let held = [UInt8](repeating: 1, count: 26 << 20)
                        // Kept to the trap: an optimised build releases what is no longer used.
                        withExtendedLifetime(held) { precondition(held[request.identifier.count] == 0) }
                    }
                    """))
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, summary, rows) = try await run([
            "--extension", folder.path, "-n", "2", "-c", "2", "--extension-processes", "1", "--with-media", "1",
            "--media", "1KB.jpg:1", "--ttfb", "400ms", "--encrypted", "0",
        ])
        #expect(status == 0)
        let outcomes = Dictionary(uniqueKeysWithValues: rows.map { ($0["id"] ?? "", $0["outcome"] ?? "") })
        #expect(outcomes == ["0": "crashed", "1": "degraded"], "\(outcomes) \(summary)")
        #expect(summary["killed"] == "0")
    }

    @Test func aTrapAfterTheContentWasDeliveredKeepsWhatTheUserSees() async throws {
        // The content handler was called before the trap: the system has the content, as when a process is
        // killed after delivering (InvocationLifecycle), so the notification arrives as delivered; its error
        // still says where the extension crashed.
        let folder = try extensionFolder(
            "TrapAfterDelivery",
            """
            import UserNotifications
            class NotificationService: UNNotificationServiceExtension {
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    let content = request.content.mutableCopy() as! UNMutableNotificationContent
                    content.title = "checked"
                    contentHandler(content)
                    let found = [1, 2, 3]
                    _ = found[request.identifier.count]
                }
            }
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, summary, rows) = try await run(["--extension", folder.path, "-n", "10", "-c", "2"])
        #expect(status == 0)
        #expect(summary["degraded"] == "10", "\(summary)")
        let file = folder.appendingPathComponent("Service.swift").path
        #expect(
            rows.allSatisfy {
                $0["error"]?.hasPrefix("the extension crashed at \(file):8:") == true
                    && $0["error"]?.hasSuffix(": Index out of range (signal 4, SIGILL)") == true
            }, "\(rows.map { $0["error"] ?? "" })")
    }

    @Test func aCrashInACompiledCopyNamesTheUsersOwnFile() async throws {
        // An @objc attribute makes nse-bench compile a copy of the file (ObjectiveCAttributes): the crash
        // still names the user's file and line, not the copy's.
        let folder = try extensionFolder(
            "CopyCrash",
            """
            import UserNotifications
            class NotificationService: UNNotificationServiceExtension {
                @objc var marker = 0
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    let found = [1, 2, 3]
                    if request.identifier.hasSuffix("3") { _ = found[request.identifier.count] }
                    contentHandler(request.content)
                }
            }
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, _, rows) = try await run(["--extension", folder.path, "-n", "20", "-c", "4"])
        #expect(status == 0)
        let reasons = Set(rows.filter { $0["outcome"] == "crashed" }.map { $0["error"] ?? "" })
        let file = folder.appendingPathComponent("Service.swift").path
        #expect(
            reasons.count == 1 && reasons.first?.hasPrefix("the extension crashed at \(file):6:") == true, "\(reasons)")
        #expect(
            reasons.first?.contains("in NotificationService.didReceive(_:withContentHandler:): Index out of range")
                == true)
    }

    @Test func aCrashInABlockOnAQueueOfItsOwnLosesOnlyThatInvocation() async throws {
        // The crash happens on a libdispatch thread, not one nse-bench calls the extension on: the block
        // carries its invocation (PhoneDispatch), so the crash is named for it, and the invocations its
        // process was running besides run again rather than count as crashed (the run stays valid).
        let folder = try extensionFolder(
            "QueueCrash",
            """
            import UserNotifications
            class NotificationService: UNNotificationServiceExtension {
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    let content = request.content.mutableCopy() as! UNMutableNotificationContent
                    // Its identifier is nse-bench-<invocation id>: every tenth crashes.
                    let crashes = Int(request.identifier.split(separator: "-").last ?? "")! % 10 == 0
                    DispatchQueue.global().asyncAfter(deadline: .now() + 0.02) {
                        if crashes { let found = [1, 2, 3]; _ = found[request.identifier.count] }
                        content.title = "checked"
                        contentHandler(content)
                    }
                }
            }
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, summary, rows) = try await run(["--extension", folder.path, "-n", "120", "-c", "8"])
        #expect(status == 0)
        let crashed = Set(rows.filter { $0["outcome"] == "crashed" }.compactMap { Int($0["id"] ?? "") })
        #expect(crashed == Set(stride(from: 0, to: 120, by: 10)), "exactly every tenth (ids from 0)")
        #expect(rows.count == 120)
        let reasons = Set(rows.filter { $0["outcome"] == "crashed" }.map { $0["error"] ?? "" })
        let file = folder.appendingPathComponent("Service.swift").path
        #expect(
            reasons.count == 1 && reasons.first?.hasPrefix("the extension crashed at \(file):8:") == true, "\(reasons)")
        #expect(reasons.first?.contains(": Index out of range (signal 4, SIGILL)") == true)
        #expect(summary["invalid_reason"]?.contains("attribute") == false, "\(summary)")
    }

    @Test func aWellBehavedExtensionRunsInWorkersAsInProcess() async throws {
        let workers = try await run(["--extension", "Examples/MediaDownload", "-n", "200", "-c", "20"])
        let inside = try await run([
            "--extension", "Examples/MediaDownload", "-n", "200", "-c", "20", "--extension-processes", "0",
        ])
        #expect(workers.status == 0)
        #expect(inside.status == 0)
        #expect(workers.summary["enriched"] == "200")
        #expect(inside.summary["enriched"] == "200")
        // Validity depends on how loaded the machine is; crashes never enter it here.
        #expect(workers.summary["invalid_reason"]?.contains("process") == false)
        // Its real footprint is far under the limit, and nothing is killed.
        #expect(workers.summary["killed"] == "0")
        let footprint = Int(workers.summary["extension_footprint_peak_bytes"] ?? "") ?? 0
        #expect(footprint >= 6 << 20 && footprint < 16 << 20, "footprint \(footprint)")
        #expect(inside.summary["extension_footprint_peak_bytes"] == "")
    }

    @Test(arguments: ["Examples/MediaDownload", "Examples/MediaDownloadObjectiveC", "media"])
    func redirectsBeforeTheMediaAreFollowedAsAPhoneFollowsThem(extension name: String) async throws {
        // Two 302s from the media server before each image: every hop a request, none an error.
        let (status, summary, rows, _, timeline) = try await runKeepingLog([
            "--extension", name, "-n", "30", "-c", "5", "--media", "1KB.jpg:1", "--with-media", "1",
            "--encrypted", "0", "--redirects", "2",
        ])
        #expect(status == 0)
        #expect(summary["enriched"] == "30", "\(summary)")
        #expect(rows.allSatisfy { $0["http_status"] == "200" && $0["error"] == "" && $0["bytes"] == "1000" })
        let requests = timeline.compactMap { Int($0["transport_requests"] ?? "") }.reduce(0, +)
        #expect(requests == 90, "three requests an invocation")
        #expect(summary["network"]?.contains("redirects=2") == true)
    }

    @Test func userDefaultsSuitesAndFilesOfTheAppGroupAreWhatTheAppLeftThere() async throws {
        // Crashes unless its App Group suite and a file of the container hold what the app wrote; then
        // writes to the suite, which must not outlive the run.
        let folder = try extensionFolder(
            "AppGroupDefaults",
            """
            import Foundation
            import UserNotifications
            class NotificationService: UNNotificationServiceExtension {
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    let defaults = UserDefaults(suiteName: "group.com.example.app")
                    let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.com.example.app")
                    let config = container.flatMap { try? String(contentsOf: $0.appendingPathComponent("config/sdk.json"), encoding: .utf8) }
                    guard defaults?.string(forKey: "apiKey") == "k-123", config == "{\\"on\\":true}" else {
                        fatalError("the app's data is missing: \\(String(describing: defaults?.dictionaryRepresentation()["apiKey"]))")
                    }
                    defaults?.set(Date().timeIntervalSince1970, forKey: "lastPush")
                    defaults?.synchronize()
                    contentHandler(request.content)
                }
            }
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("app-group-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let group = scratch.appendingPathComponent("group")
        let preferences = group.appendingPathComponent("Library/Preferences")
        try FileManager.default.createDirectory(at: preferences, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: group.appendingPathComponent("config"), withIntermediateDirectories: true)
        // As iOS writes a suite: a binary property list.
        let plist = try PropertyListSerialization.data(
            fromPropertyList: ["apiKey": "k-123"], format: .binary, options: 0)
        try plist.write(to: preferences.appendingPathComponent("group.com.example.app.plist"))
        try Data(#"{"on":true}"#.utf8).write(to: group.appendingPathComponent("config/sdk.json"))
        // A home of its own, with no XDG_CONFIG_HOME: where Foundation would keep the suite otherwise.
        let home = scratch.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home.path
        environment["XDG_CONFIG_HOME"] = nil
        environment["NSE_BENCH_CACHE"] =
            FileManager.default.temporaryDirectory.appendingPathComponent("nse-bench-extension-cache-cli").path
        func run(_ extra: [String]) async throws -> [String: String] {
            let out = scratch.appendingPathComponent("out-\(UUID().uuidString)")
            let result = try await ChildProcess.run(
                Self.executable.path,
                [
                    "run", "--quiet", "--out", out.path, "--extension", folder.path, "-n", "20", "-c", "2",
                    "--with-media",
                    "0", "--encrypted", "0",
                ] + extra,
                environment: environment, currentDirectory: Self.root)
            #expect(result.status == 0, "\(result.output)")
            return try Self.table(out.appendingPathComponent("summary.csv")).first ?? [:]
        }

        let seeded = try await run(["--app-group", group.path])
        #expect(seeded["crashed"] == "0", "\(seeded)")
        #expect(seeded["invocations"] == "20")
        let bare = try await run([])
        #expect(bare["crashed"] == "20", "without --app-group the suite is empty, as on a fresh phone")
        // What the extension wrote stayed in the run's container: not in the home, not in the folder given.
        let config = home.appendingPathComponent(".config")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: config.path)) ?? [] == [], "nothing in ~/.config")
        let kept = try PropertyListSerialization.propertyList(
            from: try Data(contentsOf: preferences.appendingPathComponent("group.com.example.app.plist")), format: nil)
        #expect((kept as? [String: Any])?.keys.sorted() == ["apiKey"])
    }

    @Test func anAppGroupFolderThatCannotBeCopiedIsRefusedBeforeTheRun() async throws {
        let group = FileManager.default.temporaryDirectory.appendingPathComponent("app-group-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: group) }
        func refusal(_ extra: [String] = []) async throws -> String {
            let result = try await ChildProcess.run(
                Self.executable.path, ["run", "--app-group", group.path, "-n", "1"] + extra, currentDirectory: Self.root
            )
            #expect(result.status == 64, "\(result.output)")
            return result.output
        }
        let missing = try await refusal()
        #expect(missing.contains("--app-group") && missing.contains("is not a folder"), "\(missing)")
        try FileManager.default.createDirectory(at: group, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: group.appendingPathComponent("db").path, withDestinationPath: "/etc")
        let linked = try await refusal()
        #expect(linked.contains("/db is a symbolic link"), "\(linked)")
        try FileManager.default.removeItem(at: group.appendingPathComponent("db"))
        try Data(repeating: 1, count: 32).write(to: group.appendingPathComponent("payload.key"))
        let keyed = try await refusal()
        #expect(keyed.contains("payload.key") && keyed.contains("--payload-key"), "\(keyed)")
        try FileManager.default.removeItem(at: group.appendingPathComponent("payload.key"))
        let inProcess = try await refusal(["--extension", "Examples/MediaDownload", "--extension-processes", "0"])
        #expect(inProcess.contains("--extension-processes 1 or more"), "\(inProcess)")
        let builtIn = try await refusal(["--extension", "media"])
        #expect(builtIn.contains("for your own extension"), "\(builtIn)")
    }

    @Test func aSessionRefusingCellularFallsBackOnCellularPhonesOnly() async throws {
        // "Rich media on Wi-Fi only": a session that refuses cellular, attaching what it downloads.
        let folder = try extensionFolder(
            "WiFiOnly",
            """
            import Foundation
            import UserNotifications
            class NotificationService: UNNotificationServiceExtension {
                var session: URLSession?
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    let best = request.content.mutableCopy() as! UNMutableNotificationContent
                    guard let text = request.content.userInfo["media_url"] as? String, let url = URL(string: text) else {
                        return contentHandler(best)
                    }
                    let configuration = URLSessionConfiguration.default
                    configuration.allowsCellularAccess = false
                    let session = URLSession(configuration: configuration)
                    self.session = session
                    session.downloadTask(with: url) { location, _, _ in
                        if let location {
                            let file = location.deletingLastPathComponent().appendingPathComponent(UUID().uuidString + ".jpg")
                            try? FileManager.default.moveItem(at: location, to: file)
                            if let attachment = try? UNNotificationAttachment(identifier: "media", url: file) {
                                best.attachments = [attachment]
                            }
                        }
                        contentHandler(best)
                    }.resume()
                }
            }
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let common = [
            "--extension", folder.path, "-n", "20", "-c", "4", "--media", "1KB.jpg:1", "--with-media", "1",
            "--encrypted", "0",
        ]
        let lte = try await run(common + ["--profile", "lte"])
        #expect(lte.status == 0)
        #expect(lte.summary["enriched"] == "0", "\(lte.summary)")
        #expect(
            lte.rows.allSatisfy { ($0["error"] ?? "").contains("allowsCellularAccess is false") },
            "\(lte.rows.first ?? [:])")
        #expect(lte.rows.allSatisfy { $0["blame"] == "network_unavailable" && $0["http_status"] == "0" })
        #expect(lte.summary["blame_network_unavailable"] == "20")
        let wifi = try await run(common + ["--profile", "wifi"])
        #expect(wifi.summary["enriched"] == "20", "\(wifi.summary)")
    }

    @Test func bundleMainInTheWorkersIsTheExtensionsOwnInfoPlist() async throws {
        // Xcode's Info.plist with build settings, and the project beside the target folder that sets the
        // identifier.
        // In a folder of its own: the project is found beside the target, and must be no other test's.
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("Chat-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: parent) }
        let folder = try extensionFolder(
            in: parent.appendingPathComponent("NotificationService"),
            """
            import Foundation
            import UserNotifications
            class NotificationService: UNNotificationServiceExtension {
                static let subsystem = Bundle.main.bundleIdentifier!
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    let expected = Bundle.main.object(forInfoDictionaryKey: "Expected") as? String
                    guard Self.subsystem == "com.acme.Chat.NotificationService",
                        expected == "group." + Self.subsystem
                    else { fatalError("Bundle.main: \\(Bundle.main.infoDictionary ?? [:])") }
                    contentHandler(request.content)
                }
            }
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        <key>Expected</key><string>group.${PRODUCT_BUNDLE_IDENTIFIER}</string>
        <key>NSExtension</key><dict>
        <key>NSExtensionPointIdentifier</key><string>com.apple.usernotifications.service</string>
        <key>NSExtensionPrincipalClass</key><string>$(PRODUCT_MODULE_NAME).NotificationService</string>
        </dict></dict></plist>
        """.write(to: folder.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
        let project = folder.deletingLastPathComponent().appendingPathComponent("Chat.xcodeproj")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        try """
        PRODUCT_BUNDLE_IDENTIFIER = com.acme.Chat;
        PRODUCT_BUNDLE_IDENTIFIER = "com.acme.Chat.\(folder.lastPathComponent)";
        """.write(to: project.appendingPathComponent("project.pbxproj"), atomically: true, encoding: .utf8)
        let result = try await run(["--extension", folder.path, "-n", "10", "-c", "2", "--with-media", "0"])
        #expect(result.status == 0)
        #expect(result.summary["crashed"] == "0", "\(result.rows.first ?? [:])")
        #expect(result.summary["invocations"] == "10")
    }

    /// A folder holding `source` as Service.swift; remove it after use.
    func extensionFolder(_ name: String, _ source: String) throws -> URL {
        try extensionFolder(
            in: FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)"), source)
    }

    /// `folder`, made, holding `source` as Service.swift.
    func extensionFolder(in folder: URL, _ source: String) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try source.write(to: folder.appendingPathComponent("Service.swift"), atomically: true, encoding: .utf8)
        return folder
    }

    /// An extension that delivers only when `UIImage(named:)` finds its asset catalog's 3x logo and
    /// `Bundle.main` its JSON file, both from its target folder.
    @Test func theTargetFoldersResourcesAreInTheWorkersBundle() async throws {
        let folder = try extensionFolder(
            "Resources",
            """
            import UIKit
            import UserNotifications
            class NotificationService: UNNotificationServiceExtension {
                override func didReceive(
                    _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
                ) {
                    guard let logo = UIImage(named: "logo"), logo.scale == 3, logo.size.width == 2,
                        let team: UIImage = .init(named: "Teams/team"), team.scale == 2, UIImage(named: "team") == nil,
                        UIImage(named: "tablet") == nil, UIImage(named: "badge.png")?.scale == 3,
                        UIImage(named: "badge")?.scale == 3, UIImage(named: "photo") == nil,
                        let config = Bundle.main.url(forResource: "config", withExtension: "json"),
                        (try? Data(contentsOf: config)) == Data("{}".utf8)
                    else { return }
                    let content = request.content.mutableCopy() as! UNMutableNotificationContent
                    content.title = "found"
                    contentHandler(content)
                }
            }
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let set = folder.appendingPathComponent("Assets.xcassets/logo.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try #"{"images": [{"filename": "logo@3x.png", "scale": "3x"}, {"scale": "2x"}]}"#.write(
            to: set.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        // A 6 × 6 PNG's header: 2 points at 3x.
        let png: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
            + [0, 0, 0, 6, 0, 0, 0, 6, 8, 6, 0, 0, 0, 0, 0, 0, 0]
        try Data(png).write(to: set.appendingPathComponent("logo@3x.png"))
        // A folder providing a namespace, holding a set with a 2x image; a set for iPad only; loose files.
        let teams = folder.appendingPathComponent("Assets.xcassets/Teams")
        try FileManager.default.createDirectory(
            at: teams.appendingPathComponent("team.imageset"), withIntermediateDirectories: true)
        try #"{"properties": {"provides-namespace": true}}"#.write(
            to: teams.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        try #"{"images": [{"idiom": "universal", "filename": "t.png", "scale": "2x"}]}"#.write(
            to: teams.appendingPathComponent("team.imageset/Contents.json"), atomically: true, encoding: .utf8)
        try Data(png).write(to: teams.appendingPathComponent("team.imageset/t.png"))
        let tablet = folder.appendingPathComponent("Assets.xcassets/tablet.imageset")
        try FileManager.default.createDirectory(at: tablet, withIntermediateDirectories: true)
        try #"{"images": [{"idiom": "ipad", "filename": "p.png", "scale": "2x"}]}"#.write(
            to: tablet.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        try Data(png).write(to: tablet.appendingPathComponent("p.png"))
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Images"), withIntermediateDirectories: true)
        try Data(png).write(to: folder.appendingPathComponent("Images/badge@3x.png"))
        try Data(png).write(to: folder.appendingPathComponent("Images/photo.jpg"))
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Support"), withIntermediateDirectories: true)
        try "{}".write(to: folder.appendingPathComponent("Support/config.json"), atomically: true, encoding: .utf8)
        let (status, summary, rows) = try await run([
            "--extension", folder.path, "-n", "4", "-c", "2", "--with-media", "0", "--deadline", "2s",
        ])
        #expect(status == 0 || status == 1, "a loaded machine may make it invalid, never a usage error")
        #expect(rows.map { $0["outcome"] } == Array(repeating: "enriched", count: 4), "\(summary)")
    }

    /// `String(localized:)`, which Linux's Foundation lacks: the key built with Apple's format specifiers,
    /// found in the folder's `en.lproj/Localizable.strings`, the values formatted in; an untranslated key
    /// is its interpolation. The extension delivers only when all three read as on a phone.
    @Test func stringLocalizedReadsTheFoldersStrings() async throws {
        let folder = try extensionFolder(
            "Localized",
            """
            import UserNotifications
            class NotificationService: UNNotificationServiceExtension {
                override func didReceive(
                    _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
                ) {
                    let (name, count) = ("Ada", 3)
                    guard String(localized: "New message from \\(name)") == "Message from Ada (en)",
                        String(localized: "\\(count) new photos") == "3 photos (en)",
                        String(localized: "Untranslated \\(count) 100%") == "Untranslated 3 100%"
                    else { return }
                    let content = request.content.mutableCopy() as! UNMutableNotificationContent
                    content.title = String(localized: "New message from \\(name)")
                    contentHandler(content)
                }
            }
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("en.lproj"), withIntermediateDirectories: true)
        try #"""
        "New message from %@" = "Message from %@ (en)";
        "%lld new photos" = "%lld photos (en)";
        """#.write(to: folder.appendingPathComponent("en.lproj/Localizable.strings"), atomically: true, encoding: .utf8)
        let (status, summary, rows) = try await run([
            "--extension", folder.path, "-n", "2", "-c", "1", "--with-media", "0", "--deadline", "2s",
        ])
        #expect(status == 0 || status == 1, "a loaded machine may make it invalid, never a usage error")
        #expect(rows.map { $0["outcome"] } == ["enriched", "enriched"], "\(summary)")
    }

    /// A string catalog (`Localizable.xcstrings`, Xcode 15's default) compiled as Xcode compiles it: the
    /// source language's values found by `String(localized:)`, a key without one its own text; another
    /// language's translation not taken. A catalog that is not one is refused, naming it (exit 64).
    @Test func stringLocalizedReadsTheFoldersStringCatalog() async throws {
        let folder = try extensionFolder(
            "Catalog",
            """
            import UserNotifications
            class NotificationService: UNNotificationServiceExtension {
                override func didReceive(
                    _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
                ) {
                    let name = "Ada"
                    guard String(localized: "New message from \\(name)") == "Message from Ada (catalog)",
                        String(localized: "Action required") == "Action required"
                    else { return }
                    let content = request.content.mutableCopy() as! UNMutableNotificationContent
                    content.title = String(localized: "New message from \\(name)")
                    contentHandler(content)
                }
            }
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = folder.appendingPathComponent("Localizable.xcstrings")
        try #"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "Action required": {},
          "New message from %@": {"localizations": {
            "en": {"stringUnit": {"state": "translated", "value": "Message from %@ (catalog)"}},
            "it": {"stringUnit": {"state": "translated", "value": "Messaggio da %@"}}}}}}
        """#.write(to: catalog, atomically: true, encoding: .utf8)
        let (status, summary, rows) = try await run([
            "--extension", folder.path, "-n", "2", "-c", "1", "--with-media", "0", "--deadline", "2s",
        ])
        #expect(status == 0 || status == 1, "a loaded machine may make it invalid, never a usage error")
        #expect(rows.map { $0["outcome"] } == ["enriched", "enriched"], "\(summary)")

        try "{ not a catalog".write(to: catalog, atomically: true, encoding: .utf8)
        let refused = try await ChildProcess.run(
            Self.executable.path, ["run", "--extension", folder.path, "-n", "1"], currentDirectory: Self.root)
        #expect(refused.status == 64)
        #expect(
            refused.output.contains("cannot read the string catalog \(catalog.path): not JSON"), "\(refused.output)")
    }

    /// What shared app code does with Foundation and UserNotifications alone, as on iOS: the keychain
    /// (Security, which iOS's Foundation brings), the notification center (a new phone's: nothing
    /// delivered), categories with a text input action, and a public function taking a `URLSession`.
    @Test func foundationAloneReachesTheKeychainAndTheNotificationCenter() async throws {
        let folder = try extensionFolder(
            "Center",
            """
            import Foundation
            import UserNotifications
            public enum Fetcher {
                public static func session(_ session: URLSession = .shared) -> URLSession { session }
            }
            final class PushManager: NSObject, UNUserNotificationCenterDelegate {
                func userNotificationCenter(
                    _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
                    withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
                ) { completionHandler([.banner, .sound]) }
            }
            class NotificationService: UNNotificationServiceExtension {
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecReturnData as String: true]
                    var item: CFTypeRef?
                    guard SecItemCopyMatching(query as CFDictionary, &item) == errSecItemNotFound else { return }
                    let reply = UNTextInputNotificationAction(
                        identifier: "reply", title: "Reply", options: [], textInputButtonTitle: "Send", textInputPlaceholder: "")
                    let center = UNUserNotificationCenter.current()
                    center.setNotificationCategories([
                        UNNotificationCategory(identifier: "chat", actions: [reply], intentIdentifiers: [], options: [])
                    ])
                    _ = Fetcher.session()
                    center.getDeliveredNotifications { delivered in
                        center.removeDeliveredNotifications(withIdentifiers: delivered.map { $0.request.identifier })
                        let trigger = UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: false)
                        center.add(UNNotificationRequest(identifier: "later", content: request.content, trigger: trigger))
                        let content = request.content.mutableCopy() as! UNMutableNotificationContent
                        content.title = "delivered \\(delivered.count)"
                        contentHandler(content)
                    }
                }
            }
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, summary, rows) = try await run([
            "--extension", folder.path, "-n", "2", "-c", "1", "--with-media", "0", "--deadline", "2s",
        ])
        #expect(status == 0 || status == 1, "a loaded machine may make it invalid, never a usage error")
        #expect(rows.map { $0["outcome"] } == ["enriched", "enriched"], "\(summary)")
    }

    /// `NSMapTable` with weak keys and values, `NSHashTable` and `UserDefaults.setValue(_:forKey:)`, which
    /// Linux's Foundation lacks, as Bluesky's extension uses them: its downloads in a weak-to-weak table,
    /// held only by their session's completion handler, and its badge count in the App Group's defaults.
    /// The extension delivers only when each behaves as on a phone.
    @Test func weakTablesAndKeyValueCodingRunUnchanged() async throws {
        let folder = try extensionFolder(
            "WeakTables",
            """
            import Foundation
            import UserNotifications
            final class Download {
                var finished = false
            }
            final class Util {
                static let shared = Util()
                let prefs = UserDefaults(suiteName: "group.com.example.weak")
                let tasks = NSMapTable<NSString, Download>(
                    keyOptions: NSPointerFunctions.Options.weakMemory, valueOptions: NSPointerFunctions.Options.weakMemory)
                let observers = NSHashTable<Download>.weakObjects()
            }
            class NotificationService: UNNotificationServiceExtension {
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    let util = Util.shared
                    let key = NSString(string: request.identifier)
                    do {
                        let download = Download()
                        util.tasks.setObject(download, forKey: key)
                        util.observers.add(download)
                        guard util.tasks.object(forKey: NSString(string: request.identifier)) === download,
                            util.observers.contains(download) else { return }
                    }
                    // Released: the weak table and set no longer hold it.
                    guard util.tasks.object(forKey: key) == nil, util.observers.allObjects.isEmpty else { return }
                    let count = (util.prefs?.integer(forKey: "badgeCount") ?? 0) + 1
                    util.prefs?.setValue(count, forKey: "badgeCount")
                    guard util.prefs?.value(forKey: "badgeCount") as? Int == count else { return }
                    let content = request.content.mutableCopy() as! UNMutableNotificationContent
                    content.badge = NSNumber(value: count)
                    content.title = "badge \\(count)"
                    contentHandler(content)
                }
            }
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, summary, rows) = try await run([
            "--extension", folder.path, "-n", "2", "-c", "1", "--with-media", "0", "--deadline", "2s",
        ])
        #expect(status == 0 || status == 1, "a loaded machine may make it invalid, never a usage error")
        #expect(rows.map { $0["outcome"] } == ["enriched", "enriched"], "\(summary)")
    }

    /// Replayed payloads that name the text their extension should deliver: one it decrypts, and one it
    /// cannot (it shows "New message" of its own, which holds no placeholder). Only the first is enriched;
    /// the extension never sees the `nse-bench` key, and neither line counts as encrypted in the summary.
    @Test func aFallbackTextOfTheExtensionsOwnIsNotCountedAsDecrypted() async throws {
        let folder = try extensionFolder(
            "Expect",
            """
            import UserNotifications
            class NotificationService: UNNotificationServiceExtension {
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    let content = request.content.mutableCopy() as! UNMutableNotificationContent
                    guard request.content.userInfo["nse-bench"] == nil else { return }
                    if let sealed = request.content.userInfo["sealed"] as? String, !sealed.hasPrefix("!") {
                        content.title = "Ada"
                        content.body = String(sealed.reversed())
                    } else {
                        content.title = "New message"
                        content.body = ""
                    }
                    contentHandler(content)
                }
            }
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let expect = #""nse-bench":{"expect":{"title":"Ada","body":"See you at 7"}}"#
        let lines = [
            #"{"aps":{"alert":{"title":"Encrypted","body":"..."},"mutable-content":1},"sealed":"7 ta uoy eeS","#
                + expect + "}",
            #"{"aps":{"alert":{"title":"Encrypted","body":"..."},"mutable-content":1},"sealed":"!tampered","#
                + expect + "}",
        ]
        let payloads = folder.appendingPathComponent("payloads.jsonl")
        try lines.joined(separator: "\n").write(to: payloads, atomically: true, encoding: .utf8)
        let (status, summary, rows) = try await run([
            "--extension", folder.path, "--payloads", payloads.path, "-n", "2", "-c", "1", "--deadline", "2s",
        ])
        #expect(status == 0 || status == 1, "a loaded machine may make it invalid, never a usage error")
        #expect(rows.map { $0["outcome"] } == ["enriched", "degraded"], "\(summary)")
        #expect(Double(summary["encrypted_fraction"] ?? "") == 0, "an expectation is no encrypted content")
    }

    /// A WebSocket client and an iCloud check in code the extension shares with its app, as automic-vault's
    /// does: both compile unchanged; the socket fails as a connection that cannot be made, and the phone
    /// has no iCloud account. The extension delivers only when each behaves so.
    @Test func aWebSocketFailsAndICloudIsSignedOutUnchanged() async throws {
        let folder = try extensionFolder(
            "Relay",
            """
            import Foundation
            import UserNotifications
            final class Relay: NSObject, URLSessionWebSocketDelegate {
                func urlSession(_ session: URLSession, webSocketTask: URLSessionWebSocketTask, didOpenWithProtocol protocol: String?) {}
                func urlSession(_ session: URLSession, webSocketTask: URLSessionWebSocketTask, didCloseWith closeCode: URLSessionWebSocketTask.CloseCode, reason: Data?) {}
                static let delegate = Relay()
                static func check(_ done: @escaping @Sendable (String) -> Void) {
                    guard FileManager.default.ubiquityIdentityToken == nil else { return done("signed in") }
                    let session = URLSession(configuration: .default, delegate: delegate, delegateQueue: nil)
                    let socket: URLSessionWebSocketTask = session.webSocketTask(
                        with: URL(string: "wss://relay.example.com/approvals")!)
                    socket.maximumMessageSize = 1 << 20
                    socket.resume()
                    socket.receive { result in
                        guard case .failure(let error) = result, error is URLError else {
                            return done("unexpected \\(result)")
                        }
                        done("offline")
                    }
                }
            }
            class NotificationService: UNNotificationServiceExtension {
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    Relay.check { state in
                        guard state == "offline" else { return }
                        let content = request.content.mutableCopy() as! UNMutableNotificationContent
                        content.title = "relay \\(state)"
                        contentHandler(content)
                    }
                }
            }
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, summary, rows) = try await run([
            "--extension", folder.path, "-n", "2", "-c", "1", "--with-media", "0", "--deadline", "2s",
        ])
        #expect(status == 0 || status == 1, "a loaded machine may make it invalid, never a usage error")
        #expect(rows.map { $0["outcome"] } == ["enriched", "enriched"], "\(summary)")
    }

    @Test func combineWorkOnTheMainRunLoopRunsAsInAnIOSExtensionProcess() async throws {
        // iOS runs an extension process's main run loop on its main thread, and a worker's main thread runs
        // it too: work and timers Combine schedules on RunLoop.main run on the main queue, on the main
        // thread. With the main thread parked in dispatchMain(), they ran off it: expired_original.
        let folder = try extensionFolder(
            "MainRunLoop",
            """
            import Combine
            import UserNotifications
            class NotificationService: UNNotificationServiceExtension {
                private var cancellables = Set<AnyCancellable>()
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    let ticks = Timer.publish(every: 0.02, on: .main, in: .common).autoconnect().first()
                    Just("main").receive(on: RunLoop.main).zip(ticks).sink { value, _ in
                        guard Thread.isMainThread else { return }  // never delivered: expired
                        let content = request.content.mutableCopy() as! UNMutableNotificationContent
                        content.title = value
                        contentHandler(content)
                    }.store(in: &cancellables)
                }
            }
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, summary, rows) = try await run([
            "--extension", folder.path, "-n", "2", "-c", "1", "--with-media", "0", "--deadline", "5s",
        ])
        #expect(status == 0 || status == 1, "a loaded machine may make it invalid, never a usage error")
        #expect(rows.map { $0["outcome"] } == ["enriched", "enriched"], "\(summary)")
    }

    @Test func anExtensionHoldingMoreThanTheLimitIsKilledAsJetsamKillsIt() async throws {
        // 30 MiB held for 0.3 s by every invocation: over the 24 MiB limit whatever else shares the process.
        let folder = try extensionFolder(
            "Hog",
            """
            import UserNotifications
            class NotificationService: UNNotificationServiceExtension {
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    let buffer = Data(count: 30 << 20)
                    DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) {
                        _ = buffer.count
                        contentHandler(request.content)
                    }
                }
                override func serviceExtensionTimeWillExpire() {}
            }
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, summary, rows) = try await run(["--extension", folder.path, "-n", "30", "-c", "4"])
        #expect(status == 0)
        #expect(summary["invocations"] == "30")
        #expect(summary["killed"] == "30", "every invocation held 30 MiB")
        #expect(summary["blame_memory"] == "30")
        #expect(
            rows.allSatisfy { $0["outcome"] == "killed" && $0["blame"] == "memory" && $0["user_sees"] == "original" })
        #expect(rows.allSatisfy { (Int($0["peak_memory_bytes"] ?? "") ?? 0) > 24 << 20 })
        #expect((Int(summary["extension_footprint_peak_bytes"] ?? "") ?? 0) > 30 << 20)
    }

    @Test func aLeakThroughAStaticKillsTheProcessAfterAFewInvocations() async throws {
        // 3 MiB kept per invocation: a fresh process (6 MiB modelled) passes 24 MiB at its 7th invocation,
        // and the process that takes its place starts empty, as on a phone.
        let folder = try extensionFolder(
            "Leak",
            """
            import UserNotifications
            enum Hoard { nonisolated(unsafe) static var kept: [Data] = [] }
            class NotificationService: UNNotificationServiceExtension {
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    Hoard.kept.append(Data(count: 3 << 20))
                    DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { contentHandler(request.content) }
                }
            }
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, summary, rows) = try await run([
            "--extension", folder.path, "-n", "60", "-c", "1", "--extension-processes", "1",
        ])
        #expect(status == 0)
        #expect(Set(rows.map { $0["id"] ?? "" }).count == 60, "one row per invocation")
        let killed = Int(summary["killed"] ?? "") ?? -1
        // One kill in every 4 to 7 invocations (the harness's own first allocations count too).
        #expect((8...16).contains(killed), "killed \(killed)")
        #expect(summary["blame_memory"] == String(killed))
        #expect(Int(summary["unchanged"] ?? "") == 60 - killed, "the others delivered the content as it came")
    }

    @Test func whatAnExtensionPrintsGoesToItsLogAndNeverIntoTheReplies() async throws {
        // print() shares standard output with the workers' replies unless the worker keeps it apart: a
        // line without its end, flushed in the middle of a reply, lost that invocation and the run hung.
        let folder = try extensionFolder(
            "Chatty",
            """
            import Foundation
            import UserNotifications
            class NotificationService: UNNotificationServiceExtension {
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    print("chatty: received \\(request.identifier), a line long enough to fill a stdio buffer soon")
                    print("chatty: no line end", terminator: "")
                    DispatchQueue.global().async {
                        FileHandle.standardOutput.write(Data("chatty: raw write\\n".utf8))
                        contentHandler(request.content)
                    }
                }
            }
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, summary, rows, log, _) = try await runKeepingLog([
            "--extension", folder.path, "-n", "3000", "-c", "100", "--media", "1KB.jpg:1",
        ])
        #expect(status == 0)
        #expect(summary["invocations"] == "3000")
        #expect(Set(rows.map { $0["id"] ?? "" }).count == 3000, "one row per invocation")
        #expect(summary["crashed"] == "0")
        // No reply was lost or torn (the timing self-check may still judge a loaded test machine).
        let reason = summary["invalid_reason"] ?? ""
        #expect(!reason.contains("without a record") && !reason.contains("no extension process"), "\(reason)")
        #expect(rows.allSatisfy { $0["error"]?.hasPrefix("harness:") != true })
        // Every line the two processes wrote is in the log, none over another's.
        #expect(log.components(separatedBy: "chatty: received").count - 1 == 3000)
        #expect(log.components(separatedBy: "chatty: raw write").count - 1 == 3000)
    }

    @Test func anExtensionThatReadsStandardInputFindsItEmptyAndTakesNoRequest() async throws {
        // An extension's standard input on a phone holds nothing for it. In a worker it held the run's
        // requests: code that read it took requests away from the worker, or found it non-blocking.
        let folder = try extensionFolder(
            "StdinReader",
            """
            import Foundation
            import UserNotifications
            class NotificationService: UNNotificationServiceExtension {
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    let read = FileHandle.standardInput.readDataToEndOfFile()
                    guard read.isEmpty else { return }  // never delivered: expired
                    contentHandler(request.content)
                }
            }
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, summary, rows) = try await run(["--extension", folder.path, "-n", "60", "-c", "4"])
        #expect(status == 0)
        #expect(Set(rows.map { $0["id"] ?? "" }).count == 60, "one row per invocation")
        #expect(summary["unchanged"] == "60", "every invocation read nothing and delivered: \(summary)")
    }

    @Test func anExtensionThatCallsExitEndsOnlyItsOwnInvocationAsACrashDoes() async throws {
        // exit(0) on a phone ends the extension's process: that notification shows the original. The
        // other phones whose invocations shared the worker run again, as after a crash.
        let folder = try extensionFolder(
            "Quitter",
            """
            import Foundation
            import UserNotifications
            class NotificationService: UNNotificationServiceExtension {
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    if request.identifier.hasSuffix("7") { exit(0) }
                    DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { contentHandler(request.content) }
                }
            }
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, summary, rows) = try await run(["--extension", folder.path, "-n", "100", "-c", "8"])
        #expect(status == 0)
        #expect(Set(rows.map { $0["id"] ?? "" }).count == 100, "one row per invocation")
        let crashed = rows.filter { $0["outcome"] == "crashed" }.compactMap { $0["id"] }
        #expect(crashed.sorted() == ["17", "27", "37", "47", "57", "67", "7", "77", "87", "97"], "\(crashed)")
        // Where it called exit(), read from the stack in the exit handler.
        let reasons = Set(rows.filter { $0["outcome"] == "crashed" }.map { $0["error"] ?? "" })
        let file = folder.appendingPathComponent("Service.swift").path
        #expect(
            reasons == [
                "the extension crashed at \(file):5:48 in NotificationService.didReceive(_:withContentHandler:) "
                    + "(exit status 0)"
            ], "\(reasons)")
        let reason = summary["invalid_reason"] ?? ""
        #expect(!reason.contains("could not attribute") && !reason.contains("without sending"), "\(reason)")
    }

    @Test func aResponseHoldsTheServersHeaderFieldsThroughTheRealTransport() async throws {
        // Crashes, and so is counted as crashed, unless the response is the server's own.
        let folder = try extensionFolder(
            "HeaderFields",
            """
            import Foundation
            import UserNotifications
            class NotificationService: UNNotificationServiceExtension {
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    guard let text = request.content.userInfo["media_url"] as? String, let url = URL(string: text) else {
                        return contentHandler(request.content)
                    }
                    var get = URLRequest(url: url)
                    get.setValue("image/*", forHTTPHeaderField: "Accept")
                    URLSession.shared.dataTask(with: get) { _, response, _ in
                        let http = response as! HTTPURLResponse
                        if http.value(forHTTPHeaderField: "server") != "nse-bench" || http.expectedContentLength != 1000 {
                            fatalError("not the server's fields: \\(http.allHeaderFields)")
                        }
                        contentHandler(request.content)
                    }.resume()
                }
            }
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, summary, _) = try await run([
            "--extension", folder.path, "-n", "20", "-c", "2", "--media", "1KB.jpg:1", "--with-media", "1",
            "--encrypted", "0",
        ])
        #expect(status == 0)
        #expect(summary["crashed"] == "0", "\(summary)")
        #expect(summary["invocations"] == "20")
    }

    @Test func dataContentsOfAnHTTPURLIsARequestOfThePhoneTimedLikeAnyOther() async throws {
        // The tutorials' way: read the media synchronously, write it to a file, attach it.
        let folder = try extensionFolder(
            "SyncRead",
            """
            import Foundation
            import UserNotifications
            class NotificationService: UNNotificationServiceExtension {
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    let best = request.content.mutableCopy() as! UNMutableNotificationContent
                    if let text = request.content.userInfo["media_url"] as? String, let url = URL(string: text),
                        let data = try? Data(contentsOf: url)
                    {
                        let file = FileManager.default.temporaryDirectory
                            .appendingPathComponent(UUID().uuidString + "." + url.pathExtension)
                        try? data.write(to: file)
                        if let attachment = try? UNNotificationAttachment(identifier: "media", url: file) {
                            best.attachments = [attachment]
                        }
                    }
                    contentHandler(best)
                }
            }
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, summary, rows) = try await run([
            // Two in flight: each read blocks its thread of a pool about one per core (docs/user-extensions.md).
            "--extension", folder.path, "-n", "40", "-c", "2", "--media", "1KB.jpg:1", "--with-media", "1",
            "--encrypted", "0",
        ])
        #expect(status == 0)
        #expect(summary["enriched"] == "40", "\(summary)")
        // Each read went through the phone's network: its phases and bytes are in the record.
        #expect(rows.allSatisfy { $0["bytes"] == "1000" && $0["http_status"] == "200" }, "\(rows.prefix(2))")
        #expect(rows.allSatisfy { !($0["first_byte_ms"] ?? "").isEmpty && !($0["download_ms"] ?? "").isEmpty })
    }

    @Test(arguments: [0, 1])
    func extensionCallsThatBlockHoldUpNoOtherPhone(processes: Int) async throws {
        // Each call blocks until all 12 phones' calls have begun, as 12 phones' extensions, each in its own
        // process, would. On a pool of one thread per core none could go on, and every one expired.
        let folder = try extensionFolder(
            "Rendezvous",
            """
            import Foundation
            import Synchronization
            import UserNotifications
            let begun = Atomic<Int>(0)
            class NotificationService: UNNotificationServiceExtension {
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    begun.add(1, ordering: .relaxed)
                    while begun.load(ordering: .relaxed) < 12 { usleep(1_000) }
                    contentHandler(request.content)
                }
            }
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, summary, _) = try await run([
            "--extension", folder.path, "-n", "12", "-c", "12", "--deadline", "5s", "--grace", "1s",
            "--extension-processes", "\(processes)", "--encrypted", "0", "--with-media", "0",
        ])
        #expect(status == 0)
        #expect(summary["enriched"] == "12", "\(summary)")
        guard processes > 0 else { return }
        // The run says what the blocked calls needed (in worker processes, whose figures say it): 12 calls
        // that each wait for all 12 need a thread each.
        let (shown, out) = try await runWithOut(
            onLoopback([
                "--extension", folder.path, "-n", "12", "-c", "12", "--deadline", "5s", "--grace", "1s",
                "--encrypted", "0", "--with-media", "0",
            ]))
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(
            shown.output.contains("calls into your extension needed up to "), "\(shown.output)")
    }

    @Test func requestsNoPhoneCanBeToldForMakeTheRunInvalid() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("OwnQueue-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        import UserNotifications
        // An Operation subclass's main() carries no invocation (a queue's block does: PhoneDispatch).
        final class Fetch: Operation, @unchecked Sendable {
            let url: URL
            let done: () -> Void
            init(url: URL, done: @escaping () -> Void) { self.url = url; self.done = done }
            override func main() { URLSession.shared.dataTask(with: url) { _, _, _ in self.done() }.resume() }
        }
        class NotificationService: UNNotificationServiceExtension {
            let queue = OperationQueue()
            override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                let url = URL(string: request.content.userInfo["media_url"] as? String ?? "")!
                queue.addOperation(Fetch(url: url) { contentHandler(request.content) })
            }
        }
        """.write(to: folder.appendingPathComponent("Service.swift"), atomically: true, encoding: .utf8)
        let (status, summary, _) = try await run(["--extension", folder.path, "-n", "20", "-c", "4"])
        #expect(status == 0)
        #expect(summary["valid"] == "false")
        #expect(
            summary["invalid_reason"]?.contains("20 URLSession requests were made where nse-bench could not tell")
                == true)
    }
}
