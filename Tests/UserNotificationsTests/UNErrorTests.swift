import Foundation
import Testing
import UserNotifications

@Suite("UNError")
struct UNErrorTests {
    private let notAFileURL = URL(string: "https://cdn.example.com/image.jpg")!

    @Test func catchByCodePattern() {
        var caught = ""
        do {
            _ = try UNNotificationAttachment(identifier: "image", url: notAFileURL, options: nil)
        } catch UNError.attachmentUnrecognizedType {
            caught = "unrecognized type"
        } catch UNError.attachmentInvalidURL {
            caught = "invalid URL"
        } catch {
            caught = "other: \(error)"
        }
        #expect(caught == "invalid URL")
    }

    @Test func catchAsUNErrorWithCode() {
        do {
            _ = try UNNotificationAttachment(identifier: "image", url: notAFileURL)
            Issue.record("no error thrown")
        } catch let error as UNError where error.code == .attachmentInvalidURL {
            #expect(error.errorCode == 100)
            #expect(UNError.errorDomain == UNErrorDomain)
            #expect(UNErrorDomain == "UNErrorDomain")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    /// The iOS idiom `(error as NSError).code` works on an `any Error` here; the reason the initializer keeps
    /// untyped `throws`.
    @Test func bridgesToNSErrorFromAnyError() {
        do {
            _ = try UNNotificationAttachment(identifier: "image", url: notAFileURL)
        } catch {
            let nsError = error as NSError
            #expect(nsError.domain == UNErrorDomain)
            #expect(nsError.code == UNError.Code.attachmentInvalidURL.rawValue)
            #expect(nsError.localizedDescription.hasPrefix("Invalid attachment file URL: "))
            #expect(nsError.localizedDescription.contains("https://cdn.example.com/image.jpg"))
        }
    }

    @Test func codePatternMatchesOnlyItsCode() {
        let error: any Error = UNError(.attachmentCorrupt)
        #expect(UNError.attachmentCorrupt ~= error)
        #expect(!(UNError.attachmentInvalidURL ~= error))
        #expect(!(UNError.attachmentCorrupt ~= CocoaError(.fileNoSuchFile)))
    }

    @Test(arguments: [
        (UNError.notificationsNotAllowed, 1), (UNError.attachmentInvalidURL, 100),
        (UNError.attachmentUnrecognizedType, 101), (UNError.attachmentInvalidFileSize, 102),
        (UNError.attachmentNotInDataStore, 103), (UNError.attachmentMoveIntoDataStoreFailed, 104),
        (UNError.attachmentCorrupt, 105), (UNError.notificationInvalidNoDate, 1400),
        (UNError.notificationInvalidNoContent, 1401), (UNError.contentProvidingObjectNotAllowed, 1500),
        (UNError.contentProvidingInvalid, 1501), (UNError.badgeInputInvalid, 1600),
    ])
    func codesHaveApplesRawValues(code: UNError.Code, rawValue: Int) {
        #expect(code.rawValue == rawValue)
        #expect(UNError(code).code == code)
        #expect(UNError(code).errorCode == rawValue)
    }

    @Test func equalityFollowsTheWrappedError() {
        #expect(UNError(.attachmentCorrupt) == UNError(.attachmentCorrupt))
        #expect(UNError(.attachmentCorrupt) != UNError(.attachmentInvalidURL))
        #expect(Set([UNError(.attachmentCorrupt), UNError(.attachmentCorrupt)]).count == 1)
        let wrapped = UNError(_nsError: NSError(domain: UNErrorDomain, code: 102))
        #expect(wrapped.code == .attachmentInvalidFileSize)
    }
}
