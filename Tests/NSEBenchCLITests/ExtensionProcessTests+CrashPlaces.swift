import Foundation
import NSEBenchCore
import NSEBenchTestSupport
import Testing

extension ExtensionProcessTests {
    /// The users' question end to end: the same extension folder at two commits, run and compared. The
    /// candidate moves a known crash down a line and adds a crash in a closure that takes down one
    /// invocation in sixty: too few for `crashed_rate` to be significant, yet `compare` exits 2 naming it.
    @Test func compareFailsOnACrashNewInTheCandidateAndNotOnAKnownOneThatMoved() async throws {
        let folder = try extensionFolder(
            "CrashPlaces", Self.downloading(first: "        precondition(number % 5 != 0, \"every fifth traps\")"))
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = [
            "--quiet", "--extension", folder.path, "-n", "60", "-c", "12", "--extension-processes", "1",
            "--with-media", "1", "--media", "1KB.jpg:1", "--ttfb", "50ms", "--encrypted", "0",
        ]
        let (first, baseline) = try await runWithOut(onLoopback(arguments))
        defer { try? FileManager.default.removeItem(at: baseline) }
        #expect(first.status == 0, "\(first.output)")
        // A bug in the download's completion handler, a function of its own: a trap in the same function
        // as the known one could share its trap instruction in an optimized build, and be named as it.
        let candidateSource =
            "// a line added above the known crash\n"
            + Self.downloading(first: "        precondition(number % 5 != 0, \"every fifth traps\")")
            .replacing("let content = ", with: "precondition(number != 1, \"a new bug\"); let content = ")
        try candidateSource.write(to: folder.appendingPathComponent("Service.swift"), atomically: true, encoding: .utf8)
        let (second, candidate) = try await runWithOut(onLoopback(arguments))
        defer { try? FileManager.default.removeItem(at: candidate) }
        #expect(second.status == 0, "\(second.output)")

        let compared = try await ChildProcess.run(
            Self.executable.path, ["compare", baseline.path, candidate.path], currentDirectory: Self.root)
        let text = compared.output
        // A run the busy machine made invalid (a full test suite beside it) makes compare a harness error
        // (1), its verdicts still shown: the regression is exit 2 only between valid runs.
        let valid = try [baseline, candidate].allSatisfy {
            try Self.table($0.appendingPathComponent("summary.csv")).first?["valid"] == "true"
        }
        #expect(compared.status == (valid ? 2 : 1), "\(text)")
        let file = folder.appendingPathComponent("Service.swift").path
        let place = try #require(text.split(separator: "\n").first { $0.contains("crash_places") }, "\(text)")
        #expect(place.contains("1 new, 0 gone  regression"), "\(text)")
        #expect(
            text.contains("crashed_rate") && !text.contains("crashed_rate  regression"),
            "one crash more in 60 is not significant: \(text)")
        // Each place: the crashes there in the baseline and in the candidate, new, gone or both, and where.
        let places = text.split(separator: "\n").filter { $0.contains(" the extension crashed at ") }.map {
            $0.split(separator: " ", maxSplits: 3).map { String($0.drop { $0 == " " }) }
        }
        #expect(places.count == 2, "\(text)")
        let new = try #require(places.first { $0.count == 4 && $0[2] == "new" }, "\(text)")
        #expect(new[0] == "0" && new[1] == "1", "\(new)")
        #expect(new[3].hasPrefix("the extension crashed at \(file):9:"), "\(new)")
        #expect(new[3].contains(" in closure #1 in NotificationService.didReceive("), "\(new)")
        let moved = try #require(places.first { $0.count == 4 && $0[2] == "both" }, "\(text)")
        #expect(moved[0] == "12" && moved[1] == "12", "\(moved)")
        #expect(moved[3].hasPrefix("the extension crashed at \(file):6:"), "where the candidate crashed: \(moved)")
        // The JSON report has the places too, for a bot's comment.
        let json = try await ChildProcess.run(
            Self.executable.path, ["compare", baseline.path, candidate.path, "--format", "json"],
            currentDirectory: Self.root)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let scenario = try #require((report["scenarios"] as? [[String: Any]])?.first)
        let listed = try #require(scenario["crash_places"] as? [[String: Any]])
        #expect(listed.map { $0["presence"] as? String } == ["new", "both"], "\(listed)")
        #expect(
            (listed.first?["place"] as? String)?.contains("Service.swift in closure in NotificationService.didReceive(")
                == true, "\(listed)")
    }
    /// What the Swift runtime printed before a `fatalError`'s trap says why it crashed: the reason has it
    /// after where. A message with data of its own (a push's number) differs from crash to crash, and which
    /// crash printed which cannot be told: no crash is given another's message. Each function's is one
    /// place. (Two `fatalError`s in one function are one trap instruction in an optimised build, which names
    /// no line: the second is in the download's completion handler.)
    @Test func aFatalErrorsPrintedMessageIsPartOfItsCrashsReason() async throws {
        let source = Self.downloading(first: "        if number % 4 == 0 { fatalError(\"every fourth stops\") }")
            .replacing(
                "let content = ", with: "if number % 4 == 1 { fatalError(\"push \\(number) stops\") }; let content = ")
        let folder = try extensionFolder("FatalMessages", source)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (result, out) = try await runWithOut(
            onLoopback([
                "--quiet", "--extension", folder.path, "-n", "24", "-c", "4", "--extension-processes", "1",
                "--with-media", "1", "--media", "1KB.jpg:1", "--ttfb", "20ms", "--encrypted", "0",
            ]))
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(result.status == 0, "\(result.output)")
        let rows = try Self.table(out.appendingPathComponent("invocations.csv"))
        let crashed = rows.filter { $0["outcome"] == "crashed" }
        #expect(crashed.count == 12, "\(rows.map { $0["outcome"] })")
        var differ = 0
        for row in crashed {
            let id = try #require(row["id"].flatMap { Int($0) })
            let error = row["error"] ?? ""
            if id % 4 == 0 {
                #expect(
                    error.contains("/Service.swift:5:")
                        && error.contains(
                            " in NotificationService.didReceive(_:withContentHandler:): Fatal error: every fourth stops (signal "
                        ), "\(error)")
            } else {
                #expect(error.contains("/Service.swift:8:") && error.contains(" in closure #1 in "), "\(error)")
                let own = error.contains(": Fatal error: push \(id) stops (signal ")
                let none = error.contains(": Fatal error: \(RuntimeMessage.messagesDiffer) (signal ")
                #expect(own || none, "its own message or none: \(error)")
                if none { differ += 1 }
            }
        }
        #expect(differ > 0, "six crashes printed six messages: the last named saw them differ")
        let summary = try #require(try Self.table(out.appendingPathComponent("summary.csv")).first)
        let tally = try CrashTally(text: summary["crash_reasons"] ?? "")
        #expect(tally.total == 12)
        let places = Set(tally.entries.compactMap { CrashPlace(reason: $0.reason)?.key })
        #expect(
            places == [
                "the extension crashed at Service.swift in NotificationService.didReceive(_:withContentHandler:)",
                "the extension crashed at Service.swift in closure in NotificationService.didReceive(_:withContentHandler:)",
            ], "one place a function, whatever was printed")
    }
    /// A crash on a thread no invocation marked (made with `pthread_create`) takes down every invocation its
    /// process held, and each is named where it crashed: named only when the process held one, its place
    /// came and went between runs of the same code with how many that was.
    @Test func aCrashOnAThreadOfNoInvocationsIsNamedForEveryInvocationItTookDown() async throws {
        let source = """
            import Glibc
            import UserNotifications
            class NotificationService: UNNotificationServiceExtension {
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    let number = Int(request.identifier.split(separator: "-").last ?? "") ?? -1
                    if number == 3 {
                        var thread = pthread_t()
                        pthread_create(&thread, nil, { _ in usleep(100_000); let none: [Int] = []; print(none[1]); return nil }, nil)
                    }
                    let url = URL(string: request.content.userInfo["media_url"] as? String ?? "")!
                    URLSession.shared.dataTask(with: url) { _, _, _ in contentHandler(request.content) }.resume()
                }
            }
            """
        let folder = try extensionFolder("UnmarkedCrash", source)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (result, out) = try await runWithOut(
            onLoopback([
                "--quiet", "--extension", folder.path, "-n", "8", "-c", "4", "--extension-processes", "1",
                "--with-media", "1", "--media", "1KB.jpg:1", "--ttfb", "1s", "--encrypted", "0",
            ]))
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(result.status == 0, "\(result.output)")
        let rows = try Self.table(out.appendingPathComponent("invocations.csv"))
        let errors = rows.filter { $0["outcome"] == "crashed" }.map { $0["error"] ?? "" }
        // The four the first process held when the thread crashed, 100 ms into a 1 s first byte (fewer only if
        // a loaded machine took a second to start them): more than one, each named.
        #expect((2...4).contains(errors.count), "\(rows.map { ($0["id"], $0["outcome"], $0["error"]) })")
        #expect(Set(errors).count == 1, "one crash, one reason: \(errors)")
        let reason = try #require(errors.first)
        #expect(reason.hasPrefix("the extension crashed at ") && reason.contains("/Service.swift:8:"), "\(reason)")
        #expect(reason.contains(": Index out of range (signal "), "\(reason)")
    }
}
