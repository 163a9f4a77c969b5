import Foundation
import Testing

@testable import NSEBenchSystem

/// `ProcessResources.cores`: the CPUs this process may run on, which is what a loop per core should
/// count (under `taskset` or a container's cpuset, fewer than the CPUs online).
@Suite("The cores a process may use")
struct ProcessCoresTests {
    /// The CPUs the kernel lets this process run on, read independently: `Cpus_allowed_list` in
    /// /proc/self/status, e.g. "0-3,8,10-11".
    private func allowedFromProc() throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") })
        let list = line.dropFirst("Cpus_allowed_list:".count).trimmingCharacters(in: .whitespaces)
        return try list.split(separator: ",").reduce(0) { count, range in
            let ends = try range.split(separator: "-").map { try #require(Int($0)) }
            return count + (ends.count == 2 ? ends[1] - ends[0] + 1 : 1)
        }
    }

    @Test("the count is the process's CPU affinity, as the kernel reports it")
    func coresAreTheAllowedCPUs() throws {
        #expect(ProcessResources.cores == (try allowedFromProc()))
        #expect(ProcessResources.cores >= 1)
    }

}
