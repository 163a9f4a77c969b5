import Foundation
import SimulatedDevice
import Testing

/// The run's keychain file: one instance per path, changes written through, and another process's change
/// (the file replaced) seen on the next read.
@Suite("Keychain: the run's file")
struct PhoneKeychainTests {
    @Test("a change is in the file; a file replaced by another process is read again; missing is empty")
    func file() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("keychain-\(UUID().uuidString).json")
        defer {
            try? FileManager.default.removeItem(at: file)
            try? FileManager.default.removeItem(atPath: file.path + ".lock")
        }
        let keychain = PhoneKeychain.at(file)
        #expect(PhoneKeychain.at(file) === keychain)
        let all = KeychainItemsTests.query([:])
        #expect(throws: KeychainFailure.notFound) {
            try keychain.read { items throws(KeychainFailure) in try items.matching(all, limit: nil, phoneLocked: true)
            }
        }
        _ = try keychain.change { items throws(KeychainFailure) in
            try items.add(KeychainItemsTests.item(service: "push", account: "a"), phoneLocked: true, now: 0)
        }
        let written = try JSONDecoder().decode(KeychainItems.self, from: Data(contentsOf: file))
        #expect(written.items.count == 1)

        // Another worker adds an item: it writes a new file and renames it over this one.
        var other = written
        try other.add(KeychainItemsTests.item(service: "push", account: "b"), phoneLocked: true, now: 0)
        try PhoneKeychain.write(other, to: file)
        let seen = try keychain.read { items throws(KeychainFailure) in
            try items.matching(all, limit: nil, phoneLocked: true)
        }
        #expect(seen.count == 2)
    }

    @Test("a keychain file that is not one is an I/O failure naming it, not an empty keychain")
    func corrupt() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("keychain-\(UUID().uuidString).json")
        defer {
            try? FileManager.default.removeItem(at: file)
            try? FileManager.default.removeItem(atPath: file.path + ".lock")
        }
        try Data("not json".utf8).write(to: file)
        #expect {
            try PhoneKeychain.at(file).read { items throws(KeychainFailure) in items.items.count }
        } throws: { error in
            guard case .io(let reason) = error as? KeychainFailure else { return false }
            return reason.contains(file.path)
        }
    }
}
