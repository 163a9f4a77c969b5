import Foundation
import Testing

@testable import NSEBenchCore

@Suite("Where an extension crashed")
struct CrashSiteTests {
    /// What llvm-symbolizer named for a force unwrap of nil in a -O build with debug information: the
    /// runtime's reason as an inlined frame, the stdlib's specialization, then the user's function.
    let forceUnwrap = [
        SourceFrame(
            function: "Swift runtime failure: Unexpectedly found nil while unwrapping an Optional value",
            file: "/<compiler-generated>", line: 0, column: 0),
        SourceFrame(
            function: "specialized Dictionary.subscript.getter", file: "/work/app/Ext/NotificationService.swift",
            line: 25, column: 78),
        SourceFrame(
            function: "specialized NotificationService.didReceive(_:withContentHandler:)",
            file: "/work/app/Ext/NotificationService.swift", line: 25, column: 40),
    ]

    @Test func aTrapNamesItsLineFunctionAndTheRuntimesReason() {
        let site = CrashSite(frames: [forceUnwrap])
        #expect(site.runtimeFailure == "Unexpectedly found nil while unwrapping an Optional value")
        #expect(
            site.description(relativeTo: "/work/app")
                == "at Ext/NotificationService.swift:25:78 in NotificationService.didReceive(_:withContentHandler:): "
                + "Unexpectedly found nil while unwrapping an Optional value")
        // Outside the folder (and a folder given with its slash), the whole path.
        #expect(
            site.description(relativeTo: "/elsewhere/")?.hasPrefix("at /work/app/Ext/NotificationService.swift:25:78 ")
                == true)
        #expect(
            site.description(relativeTo: "/work/ap")?.hasPrefix("at /work/app/Ext/") == true,
            "a folder is a whole path component")
    }

    @Test func aHelperInlinedIntoItsCallerIsNamedWithItsOwnLine() {
        // The helper has source of its own (where it is declared); the standard library's code
        // specialized into a line has none, and the function named is then the user's around it.
        let inlined = CrashSite(frames: [
            [
                SourceFrame(
                    function: "Swift runtime failure: Index out of range", file: "/<compiler-generated>", line: 0,
                    column: 0),
                SourceFrame(
                    function: "specialized Array.subscript.getter", file: "/src/Helper.swift", line: 4, column: 17),
                SourceFrame(
                    function: "Helper.pick(_:)", file: "/src/Helper.swift", line: 4, column: 9,
                    declarationFile: "/src/Helper.swift"),
                SourceFrame(
                    function: "Service.didReceive(_:withContentHandler:)", file: "/src/Service.swift", line: 30,
                    column: 5, declarationFile: "/src/Service.swift"),
            ]
        ])
        #expect(
            inlined.description(relativeTo: "/src") == "at Helper.swift:4:17 in Helper.pick(_:): Index out of range")
    }

    @Test func theFirstFrameWithALineOfSourceIsTheOneNamed() {
        // A crash inside a library without debug information (the runtime's abort): its caller's line.
        let site = CrashSite(frames: [
            [SourceFrame(function: "swift_unknownObjectRelease", file: "??", line: 0, column: 0)],
            [SourceFrame(function: "closure #1 in Loader.fetch()", file: "/src/Loader.swift", line: 12, column: 9)],
        ])
        #expect(site.runtimeFailure == nil)
        #expect(site.description(relativeTo: "/src") == "at Loader.swift:12:9 in closure #1 in Loader.fetch()")
        // The line named is the one whose printed message is looked for, and that message says why.
        #expect(site.sourceLine?.file == "/src/Loader.swift" && site.sourceLine?.line == 12)
        #expect(
            site.description(relativeTo: "/src", printedMessage: "Fatal error: no loader")
                == "at Loader.swift:12:9 in closure #1 in Loader.fetch(): Fatal error: no loader")
    }

    @Test func aRuntimeFailureTheStackNamesComesBeforeAPrintedMessage() {
        let site = CrashSite(frames: [
            [
                SourceFrame(
                    function: "Swift runtime failure: Index out of range", file: "/<compiler-generated>", line: 0,
                    column: 0),
                SourceFrame(
                    function: "f()", file: "/src/a.swift", line: 4, column: 9, declarationFile: "/src/a.swift"),
            ]
        ])
        #expect(site.sourceLine?.line == 4)
        #expect(
            site.description(relativeTo: "/src", printedMessage: "Fatal error: other")
                == "at a.swift:4:9 in f(): Index out of range")
        #expect(CrashSite(frames: [[SourceFrame(function: "f()", file: "??", line: 0, column: 0)]]).sourceLine == nil)
    }

    @Test func withoutDebugInformationOnlyTheFunctionIsNamedAndWithoutSymbolsNothing() {
        let functionOnly = CrashSite(frames: [
            [SourceFrame(function: "??", file: "??", line: 0, column: 0)],
            [SourceFrame(function: "partial apply for closure #1 in Service.run()", file: "??", line: 0, column: 0)],
        ])
        #expect(functionOnly.description(relativeTo: "/") == "in closure #1 in Service.run()")
        #expect(
            CrashSite(frames: [[SourceFrame(function: "??", file: "??", line: 0, column: 0)]])
                .description(relativeTo: "/") == nil)
        #expect(CrashSite(frames: []).description(relativeTo: "/") == nil)
    }

    @Test func whatTheCompilerMadeOfAFunctionIsLeftOut() {
        #expect(CrashSite.sourceName("specialized partial apply for closure #1 in A.b()") == "closure #1 in A.b()")
        #expect(CrashSite.sourceName("merged A.b()") == "A.b()")
        #expect(
            CrashSite.sourceName(
                "vtable thunk for UNNotificationServiceExtension.didReceive(_:withContentHandler:) dispatching to "
                    + "NotificationService.didReceive(_:withContentHandler:)")
                == "NotificationService.didReceive(_:withContentHandler:)")
        #expect(CrashSite.sourceName("A.specialized()") == "A.specialized()", "only a leading qualifier")
    }

    @Test func theReportersStackReadsFromItsJSON() throws {
        // As crash_reporter.c writes it.
        let json =
            #"{"images":["/cache/ab\"c/extension.so","/cache/libM.so"],"frames":[[0,4585],[1,18446744073709551615]]}"#
        let stack = try JSONDecoder().decode(CrashStack.self, from: Data(json.utf8))
        #expect(stack.images == [#"/cache/ab"c/extension.so"#, "/cache/libM.so"])
        #expect(stack.frames == [.init(image: 0, address: 4585), .init(image: 1, address: .max)])
        #expect(stack.addresses(in: 1) == [.max])
        let encoded = try JSONEncoder().encode(stack)
        #expect(try JSONDecoder().decode(CrashStack.self, from: encoded) == stack)
    }

    @Test func aFrameThatIsNotAPairIsRefused() {
        for frames in ["[[0]]", "[[0,1,2]]", "[[0,-1]]", "[{\"image\":0}]"] {
            let json = #"{"images":["/x.so"],"frames":"# + frames + "}"
            #expect(throws: DecodingError.self, "\(frames)") {
                try JSONDecoder().decode(CrashStack.self, from: Data(json.utf8))
            }
        }
    }
}
