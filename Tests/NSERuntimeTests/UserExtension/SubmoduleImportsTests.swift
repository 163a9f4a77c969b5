import Foundation
import Testing

@testable import NSERuntime

/// An Apple framework's submodule import (`import UIKit.UIFont`), which nse-bench's Swift stand-ins cannot
/// take: the compiled copy imports the whole framework, with every line and column kept.
@Suite("User extension: submodule imports")
struct SubmoduleImportsTests {
    @Test(arguments: [
        ("import UIKit.UIFont", "import UIKit       "),
        ("  @_exported import Foundation.NSURL;", "  @_exported import Foundation      ;"),
        (
            "public import UIKit.UIGestureRecognizerSubclass // why",
            "public import UIKit                             // why"
        ),
        ("@preconcurrency import\tCoreGraphics.CGImage", "@preconcurrency import\tCoreGraphics        "),
        ("import ImageIO.CGImageSource.Deep", "import ImageIO                   "),
        ("/* legacy */ import UIKit.UIFont", "/* legacy */ import UIKit       "),
        ("import UIKit.UIFont; import Foundation.NSURL", "import UIKit       ; import Foundation      "),
        ("import Alamofire; @_exported import UIKit.UIImage", "import Alamofire; @_exported import UIKit        "),
    ])
    func aFrameworksSubmoduleIsImportedWhole(line: String, expected: String) throws {
        let text = "// header\n\(line)\r\nlet x = 1\n"
        let whole = try #require(SubmoduleImports.wholeModules(in: text))
        #expect(whole == "// header\n\(expected)\r\nlet x = 1\n")
        #expect(whole.count == text.count)
    }

    @Test(arguments: [
        "import class UIKit.UIImage",
        "import struct Foundation.URL",
        "import Alamofire.Session",
        "import UIKit",
        "// import UIKit.UIFont",
        "let text = \"\"\"\nimport UIKit.UIFont\n\"\"\"",
        "/* a comment\nimport UIKit.UIFont\n*/",
        "imported UIKit.UIFont",
        "import UIKitExtras.Thing",
        "import UIKit; let x = UIKit.UIFont.self",
    ])
    func declarationsOtherModulesCommentsAndStringsAreLeftAlone(text: String) {
        #expect(SubmoduleImports.wholeModules(in: text) == nil, "\(SubmoduleImports.wholeModules(in: text) ?? "")")
    }

    @Test func anExtensionImportingUIKitsSubmodulesCompilesAndAnErrorKeepsItsLine() async throws {
        let service = """
            import UserNotifications
            import UIKit.UIImage
            import Foundation.NSURLSession

            final class NotificationService: UNNotificationServiceExtension {
                let image: UIImage? = nil
            }
            """
        let factory = try await CompiledExamples.factory(of: ["Service.swift": service])
        #expect(String(describing: type(of: factory.make())) == "NotificationService")

        let folder = try CompiledExamples.folder(["Service.swift": service + "\nlet broken: Int = \"not a number\"\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        await #expect {
            _ = try await CompiledExamples.builder().buildOffThePool(try UserExtensionSource.locate(folder.path))
        } throws: { error in
            guard case .compileFailed(_, let messages, _) = error as? UserExtensionError else { return false }
            return messages.contains("\(folder.path)/Service.swift:8:19: error: cannot convert")
                && !messages.contains("/copies/")
        }
    }
}
