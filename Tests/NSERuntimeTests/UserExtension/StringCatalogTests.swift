import Foundation
import Testing

@testable import NSERuntime

/// Xcode's string catalogs compiled as Xcode compiles them: one table a language, the source language's
/// holding every key.
@Suite("User extension: string catalogs")
struct StringCatalogTests {
    static let catalog = #"""
        {
          "sourceLanguage" : "en",
          "version" : "1.0",
          "strings" : {
            "Action required" : {},
            "New message from %@" : {
              "localizations" : {
                "en" : { "stringUnit" : { "state" : "translated", "value" : "Message from %@" } },
                "it" : { "stringUnit" : { "state" : "needs_review", "value" : "Messaggio da %@" } }
              }
            },
            "%lld apples" : {
              "localizations" : {
                "en" : {
                  "stringUnit" : { "state" : "translated", "value" : "You have %#@apples@" },
                  "substitutions" : { "apples" : {
                    "argNum" : 1, "formatSpecifier" : "lld",
                    "variations" : { "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg apple" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg apples" } }
                    } }
                  } }
                },
                "it" : { "stringUnit" : { "state" : "translated", "value" : "%#@missing@" } }
              }
            },
            "%lld photos from %@" : {
              "localizations" : {
                "en" : {
                  "stringUnit" : { "state" : "translated", "value" : "%#@photos@ from %@" },
                  "substitutions" : { "photos" : {
                    "formatSpecifier" : "lld",
                    "variations" : { "plural" : { "other" : { "stringUnit" : { "state" : "translated", "value" : "Photos" } } } }
                  } }
                }
              }
            },
            "Loop %lld" : {
              "localizations" : {
                "en" : {
                  "stringUnit" : { "state" : "translated", "value" : "%#@loop@" },
                  "substitutions" : { "loop" : {
                    "variations" : { "plural" : { "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg %#@loop@" } } } }
                  } }
                }
              }
            },
            "Delete %lld" : {
              "localizations" : {
                "en" : {
                  "stringUnit" : { "state" : "translated", "value" : "%#@items@" },
                  "substitutions" : { "items" : {
                    "formatSpecifier" : "lld",
                    "variations" : { "plural" : { "other" : { "stringUnit" : { "state" : "translated", "value" : "Delete these items?" } } } }
                  } }
                }
              }
            },
            "Where" : {
              "localizations" : {
                "en" : { "variations" : { "device" : {
                  "iphone" : { "stringUnit" : { "state" : "translated", "value" : "On iPhone" } },
                  "mac" : { "stringUnit" : { "state" : "translated", "value" : "On Mac" } }
                } } }
              }
            },
            "%lld new photos" : {
              "localizations" : {
                "en" : { "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld new photo" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld new photos!" } }
                } } },
                "it" : { }
              }
            }
          }
        }
        """#

    @Test func eachLanguageGetsItsTableAndTheSourceLanguageEveryKey() throws {
        let tables = try StringCatalog.tables(from: Data(Self.catalog.utf8))
        #expect(tables.keys.sorted() == ["en", "it"])
        #expect(
            tables["en"] == [
                "Action required": "Action required", "New message from %@": "Message from %@",
                "%lld new photos": "%lld new photos!", "%lld apples": "You have %1$lld apples", "Where": "On iPhone",
                "%lld photos from %@": "%lld photos from %@", "Loop %lld": "Loop %lld",
                "Delete %lld": "Delete these items?",
            ])
        #expect(String(format: tables["en"]?["%lld apples"] ?? "", 3) == "You have 3 apples", "a valid format")
        #expect(
            tables["it"] == ["New message from %@": "Messaggio da %@"],
            "no value, or a substitution it does not give: no entry, lookups fall back")
    }

    @Test func aCatalogBecomesLprojTablesThatFoundationReads() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Localizable.xcstrings")
        try Data(Self.catalog.utf8).write(to: file)
        let resources = try StringCatalog.resources(of: file)
        #expect(resources.map(\.bundlePath) == ["en.lproj/Localizable.strings", "it.lproj/Localizable.strings"])
        let english = try #require(resources.first?.contents)
        let table = try PropertyListSerialization.propertyList(from: english, format: nil) as? [String: String]
        #expect(table?["New message from %@"] == "Message from %@")
    }

    @Test(arguments: [
        ("not json", "not JSON"), (#"{"sourceLanguage": "en"}"#, "no \"strings\""),
        (#"{"strings": {}}"#, "no \"sourceLanguage\""),
    ])
    func whatIsNoCatalogIsRefusedNamingTheFile(text: String, reason: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Localizable.xcstrings")
        try Data(text.utf8).write(to: file)
        #expect {
            _ = try StringCatalog.resources(of: file)
        } throws: { error in
            guard let error = error as? UserExtensionError, case .unreadableStringCatalog(let path, let why) = error
            else { return false }
            return path == file.path && why.contains(reason) && error.isUsageError
        }
    }
}
