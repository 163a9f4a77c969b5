import Foundation
import NSEBenchCore
import SDKProfiles
import Testing
import UserNotifications

@testable import NSERuntime

/// The registry of built-in extensions.
@Suite("Built-in extensions")
struct BuiltInExtensionsTests {
    @Test("every listed name makes an extension of the documented kind")
    func everyName() throws {
        for name in BuiltInExtensions.allNames {
            let factory = try BuiltInExtensions.named(name)
            #expect(factory.name == name)
            let instance = factory.make()
            switch name {
            case "template": #expect(instance is XcodeTemplateService)
            case "decrypt": #expect(instance is DecryptService)
            case "priority": #expect((instance as? PriorityService)?.safetyMargin == 2 * second)
            case let profile where SDKProfile(rawValue: profile) != nil:
                #expect(String(describing: type(of: instance)).hasSuffix("Profile"), "\(name)")
            default: #expect(instance is MediaService, "\(name)")
            }
        }
    }

    @Test("the presets carry their SDK's resource timeout")
    func presets() throws {
        let timeouts = try ["media", "media-20s", "media-25s", "media-30s"].map {
            (try BuiltInExtensions.named($0).make() as? MediaService)?.resourceTimeout
        }
        #expect(timeouts == [nil, 20 * second, 25 * second, 30 * second])
    }

    @Test("an unknown name is an error that lists the valid ones")
    func unknownName() {
        #expect(throws: UnknownNameError(.builtInExtension, name: "medai", validNames: BuiltInExtensions.allNames)) {
            try BuiltInExtensions.named("medai")
        }
        let message = UnknownNameError(.builtInExtension, name: "medai", validNames: BuiltInExtensions.allNames)
            .description
        #expect(
            message
                == "unknown extension \"medai\": expected one of template, decrypt, media, media-20s, media-25s, "
                + "media-30s, media-no-expiry, priority, firebase, onesignal, airship, customerio, batch, iterable, klaviyo, notifee, clevertap, pushwoosh"
        )
    }

    @Test("each call of a factory makes a new instance")
    func freshInstances() throws {
        let factory = try BuiltInExtensions.named("media")
        #expect(factory.make() !== factory.make())
    }
}
