//
//  NotificationService.swift
//  SenderAvatar: an illustrative communication notification (a chat message with its sender's face).
//
//  Fetches the sender's avatar and the message's media in parallel and delivers once both are done.
//  On iOS 15 and later a messaging app hands the avatar to an INPerson's INImage in an
//  INSendMessageIntent and delivers `content.updating(from: intent)` (nse-bench's Intents compiles
//  that, but what iOS draws from the intent is not simulated), so this example attaches the avatar as
//  a second attachment instead, which the record sees: what it measures is the same, a second download
//  (the avatar host) that must finish before the display. This is not any SDK's code.
//  Of nse-bench's SDK profiles, Notifee's helper builds a sender's INImage with imageWithURL: from the
//  payload's avatar URL inside an INSendMessageIntent: it hands the URL to Intents, and whether iOS then
//  fetches it is not simulated (the notifee profile makes no avatar request).
//
//  The avatar comes from `sender_avatar_url` in the payload, else from /avatars/64KB.png on the media's
//  host (nse-bench's server answers it, under `--endpoint avatars:...`). On expiry it cancels both and
//  delivers what it has.
//

import UserNotifications

class NotificationService: UNNotificationServiceExtension {

    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?
    private let lock = NSLock()
    private var attachments: [String: UNNotificationAttachment] = [:]
    private var pending = 0
    private var delivered = false
    private var session: URLSession?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)
        guard let bestAttemptContent = bestAttemptContent else { return contentHandler(request.content) }

        guard let text = request.content.userInfo["media_url"] as? String, let media = URL(string: text) else {
            return contentHandler(bestAttemptContent)
        }
        let avatar = (request.content.userInfo["sender_avatar_url"] as? String).flatMap(URL.init(string:))
            ?? NotificationService.avatarURL(besideMedia: media)
        let session = URLSession(configuration: .default)
        let downloads = [("media", media), ("avatar", avatar)].compactMap { name, url in url.map { (name, $0) } }
        lock.lock()
        self.session = session
        pending = downloads.count
        lock.unlock()
        for (name, url) in downloads {
            session.downloadTask(with: url) { location, response, error in
                var attachment: UNNotificationAttachment?
                if let location = location, error == nil,
                   let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode) {
                    let file = location.deletingPathExtension().appendingPathExtension(url.pathExtension)
                    do {
                        try FileManager.default.moveItem(at: location, to: file)
                        attachment = try UNNotificationAttachment(identifier: name, url: file, options: nil)
                    } catch {
                        print("\(name) attachment failed: \(error)")
                    }
                }
                self.finished(name, attachment)
            }.resume()
        }
    }

    /// One download ended; the last one delivers, the avatar first as a messaging app shows it.
    private func finished(_ name: String, _ attachment: UNNotificationAttachment?) {
        lock.lock()
        attachments[name] = attachment
        pending -= 1
        let last = pending == 0
        lock.unlock()
        if last { deliver() }
    }

    private func deliver() {
        lock.lock()
        let first = !delivered
        delivered = true
        let found = ["avatar", "media"].compactMap { attachments[$0] }
        lock.unlock()
        guard first, let contentHandler = contentHandler, let content = bestAttemptContent else { return }
        content.attachments = found
        contentHandler(content)
    }

    override func serviceExtensionTimeWillExpire() {
        lock.lock()
        let session = self.session
        lock.unlock()
        session?.invalidateAndCancel()
        deliver()
    }

    /// /avatars/64KB.png on the media URL's scheme, host and port.
    static func avatarURL(besideMedia media: URL) -> URL? {
        var components = URLComponents(url: media, resolvingAgainstBaseURL: false)
        components?.path = "/avatars/64KB.png"
        components?.query = nil
        return components?.url
    }
}
