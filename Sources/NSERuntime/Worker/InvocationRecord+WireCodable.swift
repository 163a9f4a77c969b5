public import Foundation
public import NSEBenchCore
import Synchronization

// A record crosses from an extension worker process to the run as ``WireCodable`` (``WorkerWire``): each
// part writes its stored properties in declaration order. A property added to one of these types must
// be added here too; `WorkerWireTests` fails for a record whose fields are not all set and sent back.

extension InvocationStage: WireCodable {}
extension InjectedCryptoFault: WireCodable {}
extension MediaDownloadError.Kind: WireCodable {}

extension URL: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.write(relativeString)
        writer.write(baseURL?.absoluteString)
    }

    public init(from reader: inout WireReader) throws(WireFormatError) {
        let start = reader.offset
        let relative: String = try reader.read()
        let baseText: String? = try reader.read()
        let base = baseText.flatMap { URL(string: $0) }
        if let baseText, base == nil { throw WireFormatError("\"\(baseText)\" is not a base URL", at: start) }
        let read = base == nil ? RecentWebURLs.url(relative) : URL(string: relative, relativeTo: base)
        guard let url = read else { throw WireFormatError("\"\(relative)\" is not a URL", at: start) }
        self = url
    }
}

/// The http(s) URLs read lately, by their text: a worker's requests name the same few media URLs and API
/// hosts over and over, and parsing each (RFC 3986) took about 1% of a 5,000-in-flight run's samples (perf,
/// issue #11). Other URLs (an attachment's file, one of a kind) are parsed each time. At most 256 are
/// kept; the cache starts over when full.
enum RecentWebURLs {
    private static let recent = Mutex<[String: URL]>([:])
    static let capacity = 256

    /// The URL `text` names, as `URL(string:)` reads it.
    static func url(_ text: String) -> URL? {
        guard text.hasPrefix("http") else { return URL(string: text) }
        if let known = recent.withLock({ $0[text] }) { return known }
        guard let url = URL(string: text) else { return nil }
        recent.withLock { cache in
            if cache.count >= capacity { cache.removeAll(keepingCapacity: true) }
            cache[text] = url
        }
        return url
    }
}

extension InvocationRecord: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.write(id)
        writer.write(extensionName)
        writer.write(outcome)
        writer.write(visible)
        writer.write(violations)
        writer.write(enrichment)
        writer.write(times)
        writer.write(phases)
        writer.write(download)
        writer.write(stageErrors)
        writer.write(peakMemory)
        writer.write(crashReason)
        writer.write(injectedCrash)
        writer.write(injectedFault)
        writer.write(workAbandoned)
        writer.write(ownTimeout)
        writer.write(sideCallAtDeadline)
        writer.write(lostToHarness)
    }

    public init(from reader: inout WireReader) throws(WireFormatError) {
        self.init(
            id: try reader.read(), extensionName: try reader.read(), outcome: try reader.read(),
            visible: try reader.read(), violations: try reader.read(), enrichment: try reader.read(),
            times: try reader.read(), phases: try reader.read(), download: try reader.read(),
            stageErrors: try reader.read(), peakMemory: try reader.read(), crashReason: try reader.read(),
            injectedCrash: try reader.read(), injectedFault: try reader.read(), workAbandoned: try reader.read(),
            ownTimeout: try reader.read(), sideCallAtDeadline: try reader.read(), lostToHarness: try reader.read())
    }
}

extension VisibleNotification: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.write(kind)
        writer.write(title)
        writer.write(subtitle)
        writer.write(body)
        writer.write(attachments)
    }

    public init(from reader: inout WireReader) throws(WireFormatError) {
        self.init(
            kind: try reader.read(), title: try reader.read(), subtitle: try reader.read(), body: try reader.read(),
            attachments: try reader.read())
    }
}

extension StoredAttachment: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.write(identifier)
        writer.write(url)
        writer.write(bytes)
    }

    public init(from reader: inout WireReader) throws(WireFormatError) {
        self.init(identifier: try reader.read(), url: try reader.read(), bytes: try reader.read())
    }
}

extension InvocationTimes: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.write(arrival)
        writer.write(deadline)
        writer.write(started)
        writer.write(expiryCalled)
        writer.write(delivered)
        writer.write(finished)
    }

    public init(from reader: inout WireReader) throws(WireFormatError) {
        self.init(
            arrival: try reader.read(), deadline: try reader.read(), started: try reader.read(),
            expiryCalled: try reader.read(), delivered: try reader.read(), finished: try reader.read())
    }
}

extension PhaseSpan: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.write(start)
        writer.write(end)
    }

    public init(from reader: inout WireReader) throws(WireFormatError) {
        self.init(start: try reader.read(), end: try reader.read())
    }
}

extension MediaDownloadTimings: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.write(requested)
        writer.write(started)
        writer.write(connected)
        writer.write(firstByte)
        writer.write(completed)
    }

    public init(from reader: inout WireReader) throws(WireFormatError) {
        self.init(
            requested: try reader.read(), started: try reader.read(), connected: try reader.read(),
            firstByte: try reader.read(), completed: try reader.read())
    }
}

extension InvocationPhases: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.write(queued)
        writer.write(coldStart)
        writer.write(decrypt)
        writer.write(download)
        writer.write(downloadTimings)
        writer.write(harnessWait)
        writer.write(attach)
        writer.write(deliver)
    }

    public init(from reader: inout WireReader) throws(WireFormatError) {
        let queued: UInt64 = try reader.read()
        let coldStart: UInt64? = try reader.read()
        self.init(
            queued: queued, decrypt: try reader.read(), download: try reader.read(),
            downloadTimings: try reader.read(), harnessWait: try reader.read(), attach: try reader.read(),
            deliver: try reader.read(), coldStart: coldStart)
    }
}

extension DownloadSummary: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.write(count)
        writer.write(bytes)
        writer.write(status)
        writer.write(contentType)
        writer.write(errorText)
        writer.write(errorKind)
        writer.write(harnessFailure)
        writer.write(injectedFault)
        writer.write(requestTag)
        writer.write(lastBytes)
        writer.write(announcedBytes)
    }

    public init(from reader: inout WireReader) throws(WireFormatError) {
        self.init(
            count: try reader.read(), bytes: try reader.read(), status: try reader.read(),
            contentType: try reader.read(), errorText: try reader.read(), errorKind: try reader.read(),
            harnessFailure: try reader.read(), injectedFault: try reader.read(), requestTag: try reader.read(),
            lastBytes: try reader.read(), announcedBytes: try reader.read())
    }
}
