#if SwiftAIMCP && (os(macOS) || os(Linux))
import AICore
import Foundation

/// Finds a server's executable the way a shell would, so `launch(executable: "npx")` works: a name with a slash
/// is a path (relative to the current directory), a bare name is looked up on `PATH`.
enum ExecutableLocator {
    /// The executable's URL, or nil when there is no executable file there or on `PATH`.
    static func locate(_ executable: String, path: String?) -> URL? {
        let files = FileManager.default
        guard !executable.isEmpty else { return nil }
        if executable.contains("/") {
            return isRunnable(executable, files) ? URL(fileURLWithPath: executable) : nil
        }
        let directories = (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":", omittingEmptySubsequences: true)
        for directory in directories {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(executable)
            if isRunnable(candidate.path, files) { return candidate }
        }
        return nil
    }

    private static func isRunnable(_ path: String, _ files: FileManager) -> Bool {
        var isDirectory: ObjCBool = false
        return files.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            && files.isExecutableFile(atPath: path)
    }
}
#endif
