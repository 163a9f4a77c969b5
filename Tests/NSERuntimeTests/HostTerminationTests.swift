import Foundation
import NSEBenchCore
import Testing

@testable import NSERuntime

/// The ways the process dies: memory kills and crashes, none of them with the expiry call.
@Suite("Extension host kills and crashes", .timeLimit(.minutes(1)))
struct HostTerminationTests {
    @Test("going over the memory limit through the meter: killed, no expiry call")
    func meterKill() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        let factory = ExtensionFactory(name: "hog") { MemoryHogService(bytes: 20 << 20) }
        let record = await harness.host.invoke(harness.input(TestPayloads.plain(), extension: factory))

        #expect(record.outcome == .killed)
        #expect(record.times.expiryCalled == nil)
        #expect(record.peakMemory > HostSettings.defaultMemoryLimit)
        #expect(record.visible.kind == .original)
        #expect(record.violations.isEmpty, "the handler call after the kill is not heard")
    }

    @Test("within the limit the meter changes nothing")
    func meterWithinLimit() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        let factory = ExtensionFactory(name: "modest") { MemoryHogService(bytes: 1 << 20) }
        let payload = TestPayloads.plain()
        let record = await harness.host.invoke(harness.input(payload, extension: factory))

        #expect(record.outcome == .enriched)
        #expect(record.peakMemory == HostSettings.defaultBaselineFootprint + payload.byteCount + (1 << 20))
    }

    @Test("a download read whole into memory, larger than the budget: killed")
    func inMemoryDownloadKill() async throws {
        let harness = try HostHarness { _ in
            .respond(.init(after: second, contentType: "image/jpeg", body: .sparse(30_000_000)))
        }
        defer { harness.remove() }
        let factory = ExtensionFactory(name: "in-memory") { InMemoryMediaService() }
        let task = harness.start(harness.input(TestPayloads.plain(mediaURL: TestPayloads.mediaURL), extension: factory))
        await harness.downloader.waitForRequests(1)
        harness.clock.advance(by: second)
        let record = await task.value

        #expect(record.outcome == .killed)
        #expect(record.bytesDownloaded == 30_000_000)
        #expect(record.times.expiryCalled == nil)
        #expect(record.times.finished == second)
    }

    @Test("a simulated crash: crashed, the original shown")
    func simulatedCrash() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        let factory = ExtensionFactory(name: "crash") { CrashingService() }
        let record = await harness.host.invoke(harness.input(TestPayloads.plain(), extension: factory))

        #expect(record.outcome == .crashed)
        #expect(record.crashReason == "EXC_BAD_ACCESS in didReceive")
        #expect(!record.injectedCrash)
        #expect(record.visible.kind == .original)
        #expect(record.violations.isEmpty)
    }

    @Test("an error thrown by the extension's tracked work: crashed, with the error as the reason")
    func thrownError() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        let factory = ExtensionFactory(name: "throws") { ThrowingService() }
        let record = await harness.host.invoke(harness.input(TestPayloads.plain(), extension: factory))

        #expect(record.outcome == .crashed)
        #expect(record.crashReason?.contains("the image decoder failed") == true)
    }

    @Test("an injected crash strikes at the first handler call")
    func injectedCrash() async throws {
        let harness = try HostHarness(settings: HostSettings(crashInjection: CrashInjection(probability: 1)))
        defer { harness.remove() }
        let record = await harness.host.invoke(
            harness.input(TestPayloads.plain(), extension: try BuiltInExtensions.named("template")))

        #expect(record.outcome == .crashed)
        #expect(record.injectedCrash)
        #expect(record.crashReason == "injected crash")
        #expect(record.times.delivered == nil)
    }

    @Test("crash injection is reproducible from its seed and close to its probability")
    func crashInjectionIsSeeded() {
        let injection = CrashInjection(probability: 0.25, seed: 42)
        let first = (0..<4_000).map { injection.strikes(invocation: $0) }
        let second = (0..<4_000).map { injection.strikes(invocation: $0) }
        #expect(first == second)
        let share = Double(first.filter { $0 }.count) / 4_000
        #expect(abs(share - 0.25) < 0.03)
        #expect(!CrashInjection.none.strikes(invocation: 1))
    }
}
