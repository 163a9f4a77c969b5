import NSEBenchCore
import Testing

/// `redirects=N`: the media server's redirects before the media, as a flag, a query or a profile field.
@Suite("Network settings: redirects")
struct RedirectSettingTests {
    @Test("0 to 16 are read, written back and layered like any setting")
    func readAndLayered() throws {
        for count in [0, 1, 16] {
            let conditions = try NetworkConditions(queryItems: [("redirects", "\(count)")])
            #expect(conditions.redirects == count)
            #expect(conditions.description == "redirects=\(count)")
        }
        let server = try NetworkConditions(settings: [("redirects", "3"), ("ttfb", "1s")], scope: .server)
        let request = try NetworkConditions(queryItems: [("redirects", "0")])
        #expect(server.merged(overriding: request).redirects == 0, "a request's own wins")
        #expect(server.merged(overriding: NetworkConditions()).redirects == 3)
        #expect(server.scaled(by: 0.01).redirects == 3, "a count, not a time: --time-scale leaves it")
    }

    @Test("a count out of range, or not a whole number, is refused naming the setting and the range")
    func refused() {
        for value in ["17", "-1", "1.5", "two", ""] {
            #expect {
                _ = try NetworkConditions(queryItems: [("redirects", value)])
            } throws: { error in
                let text = (error as? NetworkSettingError)?.description ?? ""
                return text.contains("setting \"redirects\"") && text.contains("0 to 16")
            }
        }
    }
}
