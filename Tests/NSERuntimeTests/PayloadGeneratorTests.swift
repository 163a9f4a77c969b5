import Foundation
import NSEBenchCore
import NSEBenchSystem
import Testing

@testable import NSERuntime

/// The seeded payload generator: repeatable, mixed as asked, never over the limit unless asked, and with
/// injected crypto faults that fail decryption the way the report expects.
@Suite("Payload generator")
struct PayloadGeneratorTests {
    static let key = [UInt8]((0..<32).map { UInt8(255 - $0) })
    static let baseURL = URL(string: "http://127.0.0.1:8080")!

    static func generator(
        seed: UInt64 = 42, mix: PayloadMix = PayloadMix(encrypted: 0.5, media: 0.5),
        mediaMix: String = "200KB.jpg:50,1MB.png:30,8MB.gif:20", faults: CryptoFaultRates = .none
    ) throws -> PayloadGenerator {
        try PayloadGenerator(
            seed: seed, mix: mix, mediaMix: MediaMix(parsing: mediaMix), mediaBaseURL: baseURL, key: key,
            faults: faults)
    }

    @Test("the same seed and index give the same bytes, in any order")
    func determinism() throws {
        let first = try Self.generator()
        let second = try Self.generator()
        let forward = try (0..<50).map { try first.payload(at: $0) }
        let backward = try (0..<50).reversed().map { try second.payload(at: $0) }.reversed()
        #expect(forward == Array(backward))
        #expect(try first.payload(at: 1_000_000).bytes == second.payload(at: 1_000_000).bytes)
        #expect(try first.payload(at: -3).bytes == second.payload(at: -3).bytes)
    }

    @Test("an input carries its generated payload's size, and serializes again once the payload changes")
    func inputByteCount() throws {
        let generated = try Self.generator().payload(at: 9)
        let media = try BuiltInExtensions.named("media")
        var input = InvocationInput(generated: generated, arrival: 0, extension: media)
        #expect(input.payloadByteCount == generated.bytes.count)
        #expect(input.payloadByteCount == generated.payload.byteCount)

        input.payload.customFields["extra"] = .string(String(repeating: "x", count: 100))

        #expect(input.payloadByteCount == input.payload.byteCount)
        #expect(input.payloadByteCount > generated.bytes.count)
    }

    @Test("the request made for a changed input's payload holds the change in userInfo, as iOS hands it")
    func changedInputRequest() throws {
        let generated = try Self.generator().payload(at: 9)
        let media = try BuiltInExtensions.named("media")
        var changed = InvocationInput(generated: generated, arrival: 0, extension: media)
        changed.payload.customFields["extra"] = .string("x")
        let request = changed.payload.notificationRequest(identifier: "9")
        #expect(request.content.userInfo["extra"] as? String == "x")
        #expect(request.content.userInfo["media_url"] as? String == changed.payload.mediaURL?.absoluteString)
    }

    @Test("different indices and different seeds give different payloads")
    func variety() throws {
        let generator = try Self.generator()
        let bytes = try (0..<500).map { try generator.payload(at: $0).bytes }
        #expect(Set(bytes).count == bytes.count)
        let other = try Self.generator(seed: 43)
        #expect(try generator.payload(at: 0).bytes != other.payload(at: 0).bytes)
    }

    @Test("changing one fraction leaves the other decisions and the text of an index alone")
    func independentDecisions() throws {
        let fewMedia = try Self.generator(mix: PayloadMix(encrypted: 0.5, media: 0.1))
        let mostMedia = try Self.generator(mix: PayloadMix(encrypted: 0.5, media: 0.9))
        for index in 0..<200 {
            let a = try fewMedia.payload(at: index)
            let b = try mostMedia.payload(at: index)
            #expect(a.text == b.text)
            #expect(a.requested.contains(.decryptedText) == b.requested.contains(.decryptedText))
            if a.mediaPath != nil { #expect(a.mediaPath == b.mediaPath) }
        }
    }

    @Test("fractions, fault rates and media weights hold over 10,000 payloads")
    func fractions() throws {
        let generator = try Self.generator(
            mix: PayloadMix(encrypted: 0.3, media: 0.6, oversize: 0.02),
            faults: CryptoFaultRates(tamper: 0.1, truncate: 0.05, wrongKey: 0.05))
        let count = 10_000
        var encrypted = 0
        var media = 0
        var oversize = 0
        var faults: [InjectedCryptoFault: Int] = [:]
        var paths: [String: Int] = [:]
        for index in 0..<count {
            let generated = try generator.payload(at: index)
            if generated.requested.contains(.decryptedText) { encrypted += 1 }
            if let path = generated.mediaPath {
                media += 1
                paths[path, default: 0] += 1
                #expect(generated.requested.contains(.attachment))
            }
            if generated.isOversize { oversize += 1 }
            if let fault = generated.injectedFault {
                faults[fault, default: 0] += 1
                #expect(generated.requested.contains(.decryptedText))
            }
        }
        #expect(abs(Double(encrypted) / Double(count) - 0.3) < 0.02)
        #expect(abs(Double(media) / Double(count) - 0.6) < 0.02)
        #expect(abs(Double(oversize) / Double(count) - 0.02) < 0.01)
        for (fault, rate) in [(InjectedCryptoFault.tamper, 0.1), (.truncate, 0.05), (.wrongKey, 0.05)] {
            #expect(abs(Double(faults[fault, default: 0]) / Double(encrypted) - rate) < 0.025, "\(fault)")
        }
        for (path, weight) in [("/media/200KB.jpg", 0.5), ("/media/1MB.png", 0.3), ("/media/8MB.gif", 0.2)] {
            #expect(abs(Double(paths[path, default: 0]) / Double(media) - weight) < 0.03, "\(path)")
        }
    }

    @Test("payloads stay within 4096 bytes unless padded on purpose, and parse back to their model")
    func sizeLimit() throws {
        let generator = try Self.generator(mix: PayloadMix(encrypted: 0.5, media: 0.5, oversize: 0.1))
        #expect(generator.largestByteCount <= NotificationPayload.maximumByteCount)
        var sawOversize = false
        for index in 0..<2_000 {
            let generated = try generator.payload(at: index)
            // Counted when generated, written only here: the two agree, oversize payloads included.
            #expect(generated.byteCount == generated.payload.serialized().count)
            if generated.isOversize {
                sawOversize = true
                #expect(generated.bytes.count > NotificationPayload.maximumByteCount)
                #expect(throws: PayloadError.tooLarge(byteCount: generated.bytes.count)) {
                    try NotificationPayload(parsing: generated.bytes)
                }
            } else {
                #expect(generated.bytes.count <= generator.largestByteCount)
                #expect(try NotificationPayload(parsing: generated.bytes) == generated.payload)
            }
        }
        #expect(sawOversize)
    }

    @Test("the largest payload is the bound: every template, encrypted, with the longest media URL")
    func largestIsReached() throws {
        let generator = try Self.generator(mix: PayloadMix(encrypted: 1, media: 1), mediaMix: "200KB.jpg:1")
        let sizes = try (0..<2_000).map { try generator.payload(at: $0).bytes.count }
        #expect(sizes.max() == generator.largestByteCount)
    }

    @Test("payloads are realistic: mutable, with an alert, a badge, a thread and a category")
    func shape() throws {
        let generator = try Self.generator()
        for index in 0..<100 {
            let generated = try generator.payload(at: index)
            let payload = generated.payload
            #expect(payload.isMutable)
            #expect(payload.alert.hasText)
            #expect((1...9).contains(payload.badge ?? 0))
            #expect(payload.threadIdentifier != nil && payload.category != nil)
            if let path = generated.mediaPath {
                #expect(payload.mediaURL?.absoluteString == "http://127.0.0.1:8080" + path)
            } else {
                #expect(payload.mediaURL == nil)
            }
            if payload.encryptedData == nil {
                #expect(payload.alert.title == generated.text.title && payload.alert.body == generated.text.body)
            } else {
                #expect(payload.alert.title != generated.text.title)
            }
        }
    }

    @Test("encrypted payloads without a fault decrypt to their text")
    func encryptionRoundTrip() throws {
        let generator = try Self.generator(mix: PayloadMix(encrypted: 1))
        for index in 0..<300 {
            let generated = try generator.payload(at: index)
            #expect(generated.injectedFault == nil)
            let sealed = try #require(generated.payload.encryptedData)
            #expect(try PayloadCrypto.open(sealed, key: Self.key) == generated.text)
        }
    }

    @Test("each injected fault fails decryption with the error it explains", arguments: InjectedCryptoFault.allCases)
    func injectedFaults(_ fault: InjectedCryptoFault) throws {
        let rates =
            switch fault {
            case .tamper: CryptoFaultRates(tamper: 1)
            case .truncate: CryptoFaultRates(truncate: 1)
            case .wrongKey: CryptoFaultRates(wrongKey: 1)
            }
        let generator = try Self.generator(mix: PayloadMix(encrypted: 1), faults: rates)
        var truncatedLengths: [Int] = []
        for index in 0..<300 {
            let generated = try generator.payload(at: index)
            #expect(generated.injectedFault == fault)
            let sealed = try #require(generated.payload.encryptedData)
            let error = try #require(throws: PayloadDecryptionError.self) {
                try PayloadCrypto.open(sealed, key: Self.key)
            }
            guard case .crypto(let cryptoError) = error else {
                Issue.record("\(fault) at \(index) gave \(error)")
                continue
            }
            switch fault {
            case .tamper, .wrongKey:
                #expect(cryptoError == .authenticationFailed)
            case .truncate:
                // Valid base64 of the sealed bytes cut short: under nonce + tag a truncation, longer a
                // ciphertext whose tag no longer matches.
                let bytes = try #require(Data(base64Encoded: sealed)).count
                truncatedLengths.append(bytes)
                #expect(
                    cryptoError
                        == (bytes < AESGCM.nonceByteCount + AESGCM.tagByteCount
                            ? .truncated(byteCount: bytes) : .authenticationFailed))
            }
            #expect(fault.explains(cryptoError))
            // A report must tell a truncation apart from a failed authentication.
            if case .truncated = cryptoError { #expect(!InjectedCryptoFault.tamper.explains(cryptoError)) }
        }
        if fault == .truncate {
            // Once only ever under 28 bytes: a long but truncated ciphertext was never tried.
            #expect(truncatedLengths.contains { $0 < 28 })
            #expect(truncatedLengths.contains { $0 >= 28 })
        }
    }

    @Test("faults never touch plain payloads")
    func faultsNeedEncryption() throws {
        let generator = try Self.generator(
            mix: PayloadMix(encrypted: 0, media: 1), faults: CryptoFaultRates(tamper: 0.5, truncate: 0.5))
        for index in 0..<200 {
            #expect(try generator.payload(at: index).injectedFault == nil)
        }
    }

    struct BadSettings: Sendable, CustomTestStringConvertible {
        let name: String
        let mix: PayloadMix
        let mediaMix: MediaMix
        let baseURL: String
        let key: [UInt8]
        let faults: CryptoFaultRates
        let expected: PayloadGeneratorError
        var testDescription: String { name }

        init(
            _ name: String, mix: PayloadMix = PayloadMix(encrypted: 0.5, media: 0.5),
            mediaMix: MediaMix = MediaMix([MediaChoice(path: "/media/1KB.jpg", weight: 1)]),
            baseURL: String = "http://127.0.0.1:8080", key: [UInt8] = PayloadGeneratorTests.key,
            faults: CryptoFaultRates = .none, expected: PayloadGeneratorError
        ) {
            self.name = name
            self.mix = mix
            self.mediaMix = mediaMix
            self.baseURL = baseURL
            self.key = key
            self.faults = faults
            self.expected = expected
        }
    }

    static let badSettings: [BadSettings] = [
        BadSettings(
            "encrypted fraction above 1", mix: PayloadMix(encrypted: 1.5),
            expected: .fractionOutOfRange(name: "encrypted fraction", value: 1.5)),
        BadSettings(
            "negative media fraction", mix: PayloadMix(media: -0.1),
            expected: .fractionOutOfRange(name: "media fraction", value: -0.1)),
        BadSettings(
            "oversize fraction above 1", mix: PayloadMix(oversize: 2),
            expected: .fractionOutOfRange(name: "oversize fraction", value: 2)),
        BadSettings(
            "tamper rate above 1", faults: CryptoFaultRates(tamper: 1.1),
            expected: .fractionOutOfRange(name: "tamper rate", value: 1.1)),
        BadSettings(
            "fault rates add up past 1", faults: CryptoFaultRates(tamper: 0.5, truncate: 0.4, wrongKey: 0.2),
            expected: .faultRatesExceedOne(total: 0.5 + 0.4 + 0.2)),
        BadSettings("short key", key: [1, 2, 3], expected: .invalidKeyLength(byteCount: 3)),
        BadSettings("empty media mix", mediaMix: .none, expected: .emptyMediaMix),
        BadSettings(
            "zero media weight", mediaMix: MediaMix([MediaChoice(path: "/media/1KB.jpg", weight: 0)]),
            expected: .invalidMediaWeight(path: "/media/1KB.jpg", weight: 0)),
        BadSettings(
            "ftp media host", baseURL: "ftp://files.example.com",
            expected: .invalidMediaURL("ftp://files.example.com/media/1KB.jpg")),
        BadSettings(
            "media URL so long that a payload could pass 4096 bytes",
            mediaMix: MediaMix([MediaChoice(path: "/media/" + String(repeating: "a", count: 3_900), weight: 1)]),
            expected: .payloadCanExceedLimit(byteCount: 0)),
    ]

    @Test("bad settings are refused with the offending value", arguments: badSettings)
    func refusesBadSettings(_ example: BadSettings) throws {
        let error = try #require(throws: PayloadGeneratorError.self) {
            try PayloadGenerator(
                seed: 1, mix: example.mix, mediaMix: example.mediaMix,
                mediaBaseURL: URL(string: example.baseURL)!, key: example.key, faults: example.faults)
        }
        if case .payloadCanExceedLimit(let count) = error {
            #expect(count > NotificationPayload.maximumByteCount)
            #expect(error.description.contains("over APNs' 4096-byte limit"))
        } else {
            #expect(error == example.expected)
        }
    }

    @Test("no key is needed when nothing is encrypted, and no media mix when nothing has media")
    func optionalSettings() throws {
        let generator = try PayloadGenerator(
            seed: 1, mix: PayloadMix(), mediaBaseURL: Self.baseURL, key: [])
        let generated = try generator.payload(at: 0)
        #expect(generated.requested == [])
    }
}
