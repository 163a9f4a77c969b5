import Foundation
import Testing

@testable import NSERuntime

/// An extension that refreshes its app's widgets when a push arrives, as shipped ones do: compiled
/// unchanged, the calls complete at once, no widget is placed, and the run says the reload is not simulated.
@Suite("WidgetKit: an extension reloading its app's widgets", .timeLimit(.minutes(3)))
struct WidgetKitExtensionTests {
    static let service = """
        import UserNotifications
        import WidgetKit

        class NotificationService: UNNotificationServiceExtension {
            override func didReceive(
                _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
            ) {
                WidgetCenter.shared.reloadAllTimelines()
                WidgetCenter.shared.reloadTimelines(ofKind: "Inbox")
                WidgetCenter.shared.getCurrentConfigurations { result in
                    let content = request.content.mutableCopy() as! UNMutableNotificationContent
                    content.title = "widgets: \\((try? result.get())?.count ?? -1)"
                    contentHandler(content)
                }
            }
        }
        """

    @Test("the reloads complete, no widget is placed, and the scan names the call")
    func reloads() async throws {
        let record = try await CompiledExamples.record(of: ["NotificationService.swift": Self.service], title: "New")
        #expect(record.outcome == .enriched)
        #expect(record.visible.title == "widgets: 0")
        let folder = try CompiledExamples.folder(["NotificationService.swift": Self.service])
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try UserExtensionSource.locate(folder.path)
        #expect(source.untimedCalls.contains { $0.hasPrefix("NotificationService.swift:8: WidgetCenter's calls") })
    }
}
