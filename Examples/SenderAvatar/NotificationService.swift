//
//  NotificationService.swift
//  SenderAvatar: an illustrative communication notification (a chat message with its sender's face).
//
//  Fetches the sender's avatar and the message's media in parallel and delivers once both are done, as
//  a messaging app does on iOS 15 and later: the media as the attachment, the avatar as the sender's
//  INImage in an INSendMessageIntent, donated in an INInteraction, and `content.updating(from: intent)`
//  delivered. What iOS then draws (the sender's face, the restyled title) is not simulated by nse-bench;
//  what it measures is the avatar's download, which must finish before the display (a side call in the
//  record). This is not any SDK's code. Of nse-bench's SDK profiles, Notifee's helper builds a sender's
//  INImage with imageWithURL: from the payload's avatar URL instead: it hands the URL to Intents, and
//  whether iOS then fetches it is not simulated (the notifee profile makes no avatar request).
//
//  The avatar comes from `sender_avatar_url` in the payload, else from /avatars/64KB.png on the media's
//  host (nse-bench's server answers it, under `--endpoint avatars:...`). On expiry it cancels both and
//  delivers what it has.
//

import Intents
import UserNotifications
import os.log

class NotificationService: UNNotificationServiceExtension {
    private static let logger = Logger(subsystem: Bundle.main.bundleIdentifier ?? "SenderAvatar", category: "push")

    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?
    private let lock = NSLock()
    private var attachment: UNNotificationAttachment?
    private var avatar: INImage?
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
                guard let location = location, error == nil,
                      let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode) else {
                    Self.logger.error("\(name, privacy: .public) download failed: \(String(describing: error))")
                    return self.finished()
                }
                if name == "avatar" {
                    // The sender's face: its bytes for the INImage; the file goes with the task.
                    let image = (try? Data(contentsOf: location)).map(INImage.init(imageData:))
                    self.lock.lock()
                    self.avatar = image
                    self.lock.unlock()
                } else {
                    let file = location.deletingPathExtension().appendingPathExtension(url.pathExtension)
                    do {
                        try FileManager.default.moveItem(at: location, to: file)
                        let attachment = try UNNotificationAttachment(identifier: name, url: file, options: nil)
                        self.lock.lock()
                        self.attachment = attachment
                        self.lock.unlock()
                    } catch {
                        Self.logger.error("media attachment failed: \(error.localizedDescription, privacy: .public)")
                    }
                }
                self.finished()
            }.resume()
        }
    }

    /// One download ended; the last one delivers.
    private func finished() {
        lock.lock()
        pending -= 1
        let last = pending == 0
        lock.unlock()
        if last { deliver(asMessage: true) }
    }

    /// Delivers once: the media attached, and, when both downloads are done, as a message from its sender.
    private func deliver(asMessage: Bool) {
        lock.lock()
        let first = !delivered
        delivered = true
        let attachment = self.attachment
        let avatar = self.avatar
        lock.unlock()
        guard first, let contentHandler = contentHandler, let content = bestAttemptContent else { return }
        content.attachments = attachment.map { [$0] } ?? []
        guard asMessage else { return contentHandler(content) }
        let senderID = content.userInfo["sender_id"] as? String ?? content.threadIdentifier
        let sender = INPerson(
            personHandle: INPersonHandle(value: senderID, type: .unknown), nameComponents: nil,
            displayName: content.title, image: avatar, contactIdentifier: nil, customIdentifier: senderID,
            isMe: false, suggestionType: .none)
        let intent = INSendMessageIntent(
            recipients: nil, outgoingMessageType: .outgoingMessageText, content: content.body,
            speakableGroupName: nil, conversationIdentifier: content.threadIdentifier, serviceName: nil,
            sender: sender, attachments: nil)
        let interaction = INInteraction(intent: intent, response: nil)
        interaction.direction = .incoming
        interaction.donate { error in
            if let error { Self.logger.error("donation failed: \(error.localizedDescription, privacy: .public)") }
            do {
                contentHandler(try content.updating(from: intent))
            } catch {
                // Without the communication notifications entitlement: the plain notification.
                contentHandler(content)
            }
        }
    }

    override func serviceExtensionTimeWillExpire() {
        lock.lock()
        let session = self.session
        lock.unlock()
        session?.invalidateAndCancel()
        deliver(asMessage: false)
    }

    /// /avatars/64KB.png on the media URL's scheme, host and port.
    static func avatarURL(besideMedia media: URL) -> URL? {
        var components = URLComponents(url: media, resolvingAgainstBaseURL: false)
        components?.path = "/avatars/64KB.png"
        components?.query = nil
        return components?.url
    }
}
