import Foundation
import NSEBenchTestSupport
import Testing

@testable import NSERuntime

/// Every Apple framework or push SDK module nse-bench ships as a library product is one a user's module may
/// import: part of the compiled extension's cache key (a library built against another build of it must not
/// load), refused as the name of a `--module`, and its submodule imports made whole. Combine was once left out.
@Suite("user extensions: the provided modules")
struct ProvidedModulesTests {
    /// The library products Package.swift declares, read as text: each `.library(name: "X"`.
    static func libraryProducts() throws -> [String] {
        let manifest = try String(
            contentsOf: RepositoryPaths.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        return manifest.components(separatedBy: ".library(name: \"").dropFirst().compactMap {
            $0.split(separator: "\"", maxSplits: 1).first.map(String.init)
        }
    }

    @Test("each library product but the load-test one is a provided module")
    func productsAreProvided() throws {
        let products = try Self.libraryProducts()
        #expect(products.contains("UserNotifications") && products.contains("QuartzCore") && products.count > 20)
        let missing = products.filter { $0 != "NSEBench" && !UserExtensionBuilder.providedModules.contains($0) }
        #expect(missing.isEmpty, "library products a user's module may import but the build does not know: \(missing)")
    }

    @Test("a provided module cannot be a user's --module, and its submodule imports are made whole")
    func providedNamesAreReserved() {
        for name in ["Combine", "QuartzCore"] {
            #expect(UserExtensionBuilder.reservedModuleNames.contains(name))
            #expect(SubmoduleImports.frameworks.contains(name))
        }
    }
}
