import Glibc

/// This process's environment, for settings that must be in place before code that reads them starts
/// (Foundation's `UserDefaults` reads `XDG_CONFIG_HOME` when a suite is first opened).
public enum ProcessEnvironment {
    /// Sets `name` to `value` (`setenv(3)`, replacing a value already there).
    public static func set(_ name: String, to value: String) throws(SystemError) {
        guard setenv(name, value, 1) == 0 else { throw SystemError(call: "setenv(\(name))", errno: errno) }
    }
}
