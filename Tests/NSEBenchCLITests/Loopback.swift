/// `arguments` on bare loopback (`--profile none`) unless they choose a network themselves or name a
/// `--target`: tests of the harness's own mechanics want loopback's speed and no faults of their own,
/// not the population of phones that `run` simulates by default.
func onLoopback(_ arguments: [String]) -> [String] {
    let choosesNetwork = arguments.contains { ["--profile", "--target", "--scenario"].contains($0) }
    return choosesNetwork ? arguments : arguments + ["--profile", "none"]
}
