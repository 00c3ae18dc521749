import Foundation

/// Where the executables this package builds with its tests (`swiftai`, `swiftai-mcp-fixture`, the console
/// programs) are found: next to the test bundle.
///
/// Linux: the `.xctest` executable sits in the build directory beside them. macOS: the products sit beside
/// `X.xctest`, a few levels above `X.xctest/Contents/MacOS`. So each start (the test process's own path, the main
/// bundle, every loaded bundle's folder) is searched together with a few of its parents.
public enum BuiltExecutable {
    /// The built executable `name`, or ``Missing`` naming the folders searched.
    public static func url(named name: String) throws -> URL {
        let starts = searchStarts()
        for start in starts {
            var directory = start.standardizedFileURL
            for _ in 0..<5 {
                let candidate = directory.appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
                directory.deleteLastPathComponent()
            }
        }
        throw Missing(name: name, searched: starts.map(\.path))
    }

    private static func searchStarts() -> [URL] {
        var starts = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(), Bundle.main.bundleURL]
        starts += Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        var seen = Set<String>()
        return starts.filter { seen.insert($0.standardizedFileURL.path).inserted }
    }

    /// The executable was not built: the tests that need it say so instead of failing on a missing file later.
    public struct Missing: Error, CustomStringConvertible {
        public let name: String
        public let searched: [String]

        public var description: String {
            "\(name) was not found next to the test bundle (searched \(searched.joined(separator: ", ")) and their "
                + "parents); build it with `swift build --build-tests`."
        }
    }
}
