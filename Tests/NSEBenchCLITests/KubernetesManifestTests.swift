import NSEBenchTestSupport
import Testing

/// deploy/kubernetes/ against the Kubernetes API schema, with the PyPI kubernetes client's models
/// (Tests/Scripts/k8s_validate.py; skipped, saying so, where the package is not installed;
/// `.ci/install-deps` installs it). No container engine runs here, so the image is not built.
@Suite("Kubernetes manifests")
struct KubernetesManifestTests {
    @Test func theIndexedJobAndTheMergeJobAreValidAndSplitTheRun() async throws {
        let manifests = RepositoryPaths.root.appendingPathComponent("deploy/kubernetes").path
        guard let result = try await PythonScript.run("k8s_validate.py", [manifests]) else { return }
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("3 manifests valid"), "\(result.output)")
    }
}
