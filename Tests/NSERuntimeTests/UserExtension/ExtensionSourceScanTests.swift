import Testing

@testable import NSERuntime

@Suite("Extension source scan")
struct ExtensionSourceScanTests {
    @Test("finds subclasses directly and through another subclass, not other classes")
    func subclasses() {
        let text = """
            final class NotificationService: UNNotificationServiceExtension {}
            open class Base : UserNotifications.UNNotificationServiceExtension {}
            class Derived: Base, Sendable {}
            class Helper: NSObject {}
            class Generic<T>: Helper {}
            let subclassName = "x" // not a declaration
            """
        let declarations = ExtensionSourceScan.classes(in: text)
        #expect(declarations.contains(.init(name: "Generic", base: "Helper")))
        #expect(
            ExtensionSourceScan.serviceExtensionSubclasses(in: declarations) == [
                "Base", "Derived", "NotificationService",
            ])
    }

    @Test("the string keys the code subscripts with, in order, once each")
    func subscriptKeys() {
        let text = #"""
            let url = userInfo["image"] as? String ?? (userInfo[ "data" ] as? [String: Any])?["url"] as? String
            let again = userInfo["image"]; let computed = userInfo[key]; let escaped = info["a\"b"]
            // let old = userInfo["legacy"]
            let group = Bundle.main.infoDictionary?["AppGroup"] as? String, home = ProcessInfo.processInfo.environment["HOME"]
            let name = Bundle.main.localizedInfoDictionary! ["CFBundleDisplayName"], version = Bundle.main.infoDictionary? [ "V" ]
            let id = payload["id"]
            """#
        #expect(ExtensionSourceScan.subscriptKeys(in: text) == ["image", "data", "url", "id"])
    }

    @Test("untimed calls are named with file and line; comments are skipped")
    func untimed() {
        let text =
            "let a = 1\n    DispatchQueue.global().asyncAfter(deadline: .now() + 1) {}\n// Thread.sleep(forTimeInterval: 1)\n"
        let notes = ExtensionSourceScan.untimedCalls(in: text, file: "Service.swift")
        #expect(notes.count == 1)
        #expect(notes.first?.hasPrefix("Service.swift:2: DispatchQueue.asyncAfter") == true)
    }

    @Test("work nse-bench cannot tie to its invocation is named; the ways it carries are not")
    func workOutsideItsInvocation() {
        let text = """
            final class Fetch: Operation, @unchecked Sendable {}
            final class Step: Foundation.Operation {}
            NotificationCenter.default.addObserver(forName: .changed, object: nil, queue: .main) { _ in }
            DispatchQueue.main.sync { }
            pthread_create(&thread, nil, start, nil)
            let observer = NotificationCenter.default.addObserver(
                forName: .changed, object: nil,
                queue: operations) { _ in }
            final class Steps: BlockOperation, @unchecked Sendable {}
            final class Queue: OperationQueue {}
            func enqueue(_ op: Operation, after delay: Int) {}
            var current: Operation { queue.operations[0] }
            NotificationCenter.default.addObserver(forName: .changed, object: nil, queue: nil) { _ in }
            Thread { }.start()
            DispatchQueue.global().async { }
            """
        let notes = ExtensionSourceScan.untimedCalls(in: text, file: "Work.swift")
        #expect(
            notes.map { $0.prefix { $0 != " " } } == [
                "Work.swift:1:", "Work.swift:2:", "Work.swift:3:", "Work.swift:4:", "Work.swift:5:", "Work.swift:6:",
            ])
        #expect(notes.allSatisfy { $0.contains("cannot tell which simulated phone") }, "\(notes)")
        #expect(notes[0].contains("an Operation subclass's main()"))
        #expect(notes[2].contains("NotificationCenter observer"))
        #expect(notes[5].contains("NotificationCenter observer"))
    }

    @Test("a file with CRLF line ends is read line by line: its keys, lines and comments are found")
    func crlfLineEnds() {
        let text =
            "//\r\n//  NotificationService.swift\r\nimport UserNotifications\r\nlet u = userInfo[\"image_url\"]\r\n"
            + "Thread.sleep(forTimeInterval: 1)\r\n"
        #expect(ExtensionSourceScan.subscriptKeys(in: text) == ["image_url"])
        let notes = ExtensionSourceScan.untimedCalls(in: text, file: "Service.swift")
        #expect(notes.count == 1)
        #expect(notes.first?.hasPrefix("Service.swift:5: Thread.sleep") == true, "\(notes)")
    }

    @Test("a folder function qualified with Foundation is named: it gives the host's folder")
    func qualifiedFolderFunction() {
        let text = """
            let scratch = Foundation.NSTemporaryDirectory() + "image.jpg"
            let home = NSHomeDirectory()
            """
        let notes = ExtensionSourceScan.untimedCalls(in: text, file: "Save.swift")
        #expect(notes.count == 1)
        #expect(notes.first?.hasPrefix("Save.swift:1: a folder function qualified with Foundation") == true)
    }

    @Test("a folder kept in a static is named; one asked for in the call that writes is not")
    func folderKeptInAStatic() {
        let text = """
            enum ImageCache {
                static let folder = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
                static let scratch: URL = {
                    let base = URL(fileURLWithPath: NSTemporaryDirectory())
                    return base.appendingPathComponent("images")
                }()
                static let limit = 20
                static var names: [String] = {
                    ["a"]
                }()
            }
            func save() { let folder = FileManager.default.temporaryDirectory; _ = folder }
            """
        let notes = ExtensionSourceScan.untimedCalls(in: text, file: "Cache.swift")
        #expect(
            notes == [
                "Cache.swift:2: \(ExtensionSourceScan.folderInStatic)",
                "Cache.swift:3: \(ExtensionSourceScan.folderInStatic)",
            ])
    }

    @Test("Combine's timed operators are named: they wait in real time on their schedulers")
    func combineTiming() {
        let text = """
            $query.debounce(for: .milliseconds(300), scheduler: RunLoop.main)
                .throttle(for: 1, scheduler: DispatchQueue.main, latest: true)
                .delay(for: .seconds(1), scheduler: queue)
                .map { $0 }
            let ticks = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
            """
        let notes = ExtensionSourceScan.untimedCalls(in: text, file: "Model.swift")
        #expect(
            notes.map { String($0.prefix { $0 != "," }) } == [
                "Model.swift:1: debounce waits in real time on its scheduler: --time-scale does not shorten it",
                "Model.swift:2: throttle waits in real time on its scheduler: --time-scale does not shorten it",
                "Model.swift:3: Combine's delay waits in real time on its scheduler: --time-scale does not shorten it",
                "Model.swift:5: Combine's Timer.publish fires in real time: --time-scale does not shorten it",
            ], "\(notes)")
    }

    @Test("Combine's timeout is named: it waits in real time on its scheduler; timeoutInterval is not")
    func combineTimeout() {
        let text = """
            request.timeoutInterval = 10
            session.dataTaskPublisher(for: request)
                .timeout(.seconds(5), scheduler: DispatchQueue.main, customError: { URLError(.timedOut) })
            """
        #expect(
            ExtensionSourceScan.untimedCalls(in: text, file: "Feed.swift") == [
                "Feed.swift:3: Combine's timeout waits in real time on its scheduler: --time-scale does not shorten it"
            ])
    }

    @Test("a view's layer class is named: one of the app's own is made as its Core Animation ancestor")
    func layerClass() {
        let text = """
            final class RingView: UIView {
                override class var layerClass: AnyClass { RingLayer.self }
            }
            let layerClassName = "RingLayer"
            """
        let notes = ExtensionSourceScan.untimedCalls(in: text, file: "Ring.swift")
        #expect(notes.count == 1)
        #expect(notes.first?.hasPrefix("Ring.swift:2: a view's layerClass is made by name on iOS") == true)
        let gradient = """
            final class FadeView: UIView {
                override class var layerClass: AnyClass {
                    return CAGradientLayer.self
                }
            }
            """
        #expect(ExtensionSourceScan.untimedCalls(in: gradient, file: "Fade.swift").isEmpty, "Core Animation's own")
    }

    @Test("a font asked for by name is named: any name gives one here")
    func fontsByName() {
        let notes = ExtensionSourceScan.untimedCalls(
            in: "let title = UIFont(name: \"Avenir-Heavy\", size: 17) ?? .systemFont(ofSize: 17)\n", file: "Style.swift"
        )
        #expect(notes.count == 1)
        #expect(notes.first?.hasPrefix("Style.swift:1: UIFont(name:size:) gives a font for any name") == true)
        let swiftGen = ExtensionSourceScan.untimedCalls(
            in:
                "internal struct FontConvertible {\n  let name: String\n}\nlet f = FontConvertible.Font.init(name: n, size: 1)\n"
                + "let g = UIFont.init(name: n, size: 2)\n", file: "Fonts.swift")
        #expect(swiftGen.count == 2, "\(swiftGen)")
        #expect(swiftGen.first?.hasPrefix("Fonts.swift:1: SwiftGen's font accessors find a font registered") == true)
        #expect(swiftGen.last?.hasPrefix("Fonts.swift:5: UIFont(name:size:) gives a font for any name") == true)
    }

    @Test("refusing cellular, expensive or constrained networks is simulated, so not named")
    func cellularAndExpensive() {
        let text = """
            configuration.allowsCellularAccess = false
            configuration.allowsExpensiveNetworkAccess = false
            configuration.allowsConstrainedNetworkAccess = false
            """
        #expect(ExtensionSourceScan.untimedCalls(in: text, file: "Service.swift").isEmpty)
        let waiting = ExtensionSourceScan.untimedCalls(in: "configuration.waitsForConnectivity = true", file: "S.swift")
        #expect(waiting.first?.hasPrefix("S.swift:1: waitsForConnectivity is not simulated") == true)
    }

    @Test("intents, calls' reports and keychain reads are not timed, and are named; logging is not")
    func intentsAndCalls() {
        let text = """
            interaction.donate { _ in }
            let image = INImage(url: avatar)
            CXProvider.reportNewIncomingVoIPPushPayload(payload) { _ in }
            contentHandler(try content.updating(from: intent))
            let status = SecItemCopyMatching(query as CFDictionary, &item)
            logger.info("delivered")
            """
        let notes = ExtensionSourceScan.untimedCalls(in: text, file: "S.swift")
        #expect(notes.count == 5, "\(notes)")
        #expect(notes.first?.hasPrefix("S.swift:1: an Intents donation completes at once") == true)
        #expect(notes.map { $0.prefix(9) } == ["S.swift:1", "S.swift:2", "S.swift:3", "S.swift:4", "S.swift:5"])
        #expect(notes.last?.contains("the phones are locked") == true)
    }

    @Test("UIKit's encoding and drawing, which are not simulated, are named; UIImage(data:) is not")
    func imageWork() {
        let text = """
            guard let image = UIImage(data: data) else { return }
            let thumbnail = UIGraphicsImageRenderer(size: size).image { _ in image.draw(in: rect) }
            let png = thumbnail.pngData()
            let jpeg = image.jpegData(compressionQuality: 0.8)
            """
        let notes = ExtensionSourceScan.untimedCalls(in: text, file: "S.swift")
        #expect(notes.map { $0.prefix(9) } == ["S.swift:2", "S.swift:2", "S.swift:3", "S.swift:4"], "\(notes)")
        #expect(notes.first?.contains("drawing a UIImage: nothing is decoded or drawn here") == true)
        #expect(notes.first?.contains("46 MiB") == true, "the memory a phone would spend is named")
    }

    @Test("header fields, which a phone sends and receives as iOS does, are not named")
    func headerFields() {
        let text = """
            request.setValue("Bearer x", forHTTPHeaderField: "Authorization")
            let tag = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "ETag")
            configuration.httpAdditionalHeaders = ["X-App": "1"]
            """
        #expect(ExtensionSourceScan.untimedCalls(in: text, file: "Service.swift").isEmpty)
    }

    @Test("module names follow Xcode's rule; a project's SWIFT_VERSION is read")
    func namesAndVersions() {
        #expect(ExtensionSourceScan.moduleName(for: "My Service-Ext") == "My_Service_Ext")
        #expect(ExtensionSourceScan.moduleName(for: "9Lives") == "_9Lives")
        #expect(ExtensionSourceScan.swiftVersion(inProject: "\t\tSWIFT_VERSION = 6.0;\n") == "6")
        #expect(ExtensionSourceScan.swiftVersion(inProject: "nothing here") == nil)
    }
}
