import AICore
import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#elseif os(Windows)
    import ucrt
#endif

/// A failed memory command: `message` is the tool result the model reads (`is_error`).
struct MemoryError: Error {
    let message: String

    init(_ message: String) { self.message = message }
}

/// The directory behind the memory tool's `/memories`: maps virtual paths to files inside it and refuses any
/// path that would reach outside (`..`, another root, a symlink leading out, NUL bytes, over-long names).
/// Commands on one directory run one at a time, across every ``AnthropicMemoryTool`` in the process.
final class MemoryDirectory: Sendable {
    /// The virtual root every path starts with.
    static let virtualRoot = "/memories"
    /// The longest virtual path, in UTF-8 bytes.
    static let maxPathBytes = 1024
    /// The longest name of one file or directory, in UTF-8 bytes (`NAME_MAX`).
    static let maxNameBytes = 255

    let root: URL
    private let gate: LockedValue<Void>

    /// One gate per directory in the process, so two tools on the same directory don't interleave.
    private static let gates = LockedValue<[String: LockedValue<Void>]>([:])

    init(root: URL) {
        self.root = root.standardizedFileURL
        let key = self.root.path
        gate = Self.gates.withLock { gates in
            if let gate = gates[key] { return gate }
            let gate = LockedValue(())
            gates[key] = gate
            return gate
        }
    }

    /// Runs `body` alone on this directory, after making sure the directory exists.
    func exclusively<Result>(_ body: () throws -> Result) throws -> Result {
        try gate.withLock { _ in
            do {
                try FileManager.default.createDirectory(
                    at: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw MemoryError("Error: The memory directory could not be created: \(error.localizedDescription)")
            }
            return try body()
        }
    }

    /// A virtual path resolved to its place in the directory.
    struct Location {
        /// The path as the model wrote it, for messages.
        let path: String
        /// The file or directory on disk.
        let url: URL
        /// `/memories` itself.
        var isRoot: Bool { components.isEmpty }
        let components: [String]
    }

    /// Resolves `path`, or throws the error the model reads when it is not a safe path under `/memories`.
    func locate(_ path: String) throws -> Location {
        if path.utf8.contains(0) {
            throw MemoryError("Error: The path contains a NUL character; use a path under /memories.")
        }
        if path.utf8.count > Self.maxPathBytes {
            throw MemoryError("Error: The path \(Self.shortened(path)) is too long (at most \(Self.maxPathBytes) bytes).")
        }
        guard path == Self.virtualRoot || path.hasPrefix(Self.virtualRoot + "/") else {
            throw MemoryError("Error: Path must start with /memories, got: \(path)")
        }
        var components: [String] = []
        for part in path.dropFirst(Self.virtualRoot.count).split(separator: "/") where part != "." {
            if part == ".." { throw MemoryError("Error: Path \(path) would escape /memories directory") }
            if part.utf8.count > Self.maxNameBytes {
                throw MemoryError("Error: The name \(Self.shortened(String(part))) in \(Self.shortened(path)) is too long (at most \(Self.maxNameBytes) bytes).")
            }
            components.append(String(part))
        }
        var url = root
        let inside = Self.realPath(root)
        for component in components {
            url.appendPathComponent(component)
            guard isSymbolicLink(url) else { continue }
            let target = Self.realPath(url)
            guard target == inside || target.hasPrefix(inside + "/") else {
                throw MemoryError("Error: Path \(path) would escape /memories directory via symlink")
            }
        }
        return Location(path: path, url: url, components: components)
    }

    /// What is at `url`, without following a final symlink.
    enum Kind { case missing, file, directory, other }

    func kind(of url: URL) -> Kind {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            return isSymbolicLink(url) ? .other : .missing
        }
        if isDirectory.boolValue { return .directory }
        let type = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.type] as? FileAttributeType
        return type == .typeRegular || type == .typeSymbolicLink ? .file : .other
    }

    func isSymbolicLink(_ url: URL) -> Bool {
        let type = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.type] as? FileAttributeType
        return type == .typeSymbolicLink
    }

    /// The file's text; throws the tool's error for a file that is not UTF-8.
    func readText(_ location: Location) throws -> String {
        let data: Data
        do {
            data = try Data(contentsOf: location.url)
        } catch {
            throw MemoryError("Error: The file \(location.path) could not be read: \(error.localizedDescription)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw MemoryError("Error: The file \(location.path) is not UTF-8 text.")
        }
        return text
    }

    /// Writes `text` to the file through a hidden temporary file renamed over it, so a reader never sees half
    /// a file; the file is readable by its owner only.
    func writeText(_ text: String, to location: Location) throws {
        let parent = location.url.deletingLastPathComponent()
        let temporary = parent.appendingPathComponent(".memory-\(UUID().uuidString).tmp")
        do {
            try Data(text.utf8).write(to: temporary, options: .withoutOverwriting)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: temporary.path)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw MemoryError("Error: The file \(location.path) could not be written: \(error.localizedDescription)")
        }
        if let reason = move(temporary, to: location.url) {
            try? FileManager.default.removeItem(at: temporary)
            throw MemoryError("Error: The file \(location.path) could not be written: \(reason)")
        }
    }

    /// Creates the directories leading to `location`, readable by their owner only.
    func createParents(of location: Location) throws {
        let parent = location.url.deletingLastPathComponent()
        switch kind(of: parent) {
        case .directory: return
        case .missing:
            do {
                try FileManager.default.createDirectory(
                    at: parent, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw MemoryError("Error: The directory for \(location.path) could not be created: \(error.localizedDescription)")
            }
        case .file, .other:
            throw MemoryError("Error: The parent of \(location.path) is not a directory")
        }
    }

    /// rename(2): atomic, and replaces a file at the destination (Foundation's `moveItem` refuses to, and
    /// corelibs' `replaceItemAt` deletes the destination first). Returns the system's reason when it fails.
    func move(_ source: URL, to destination: URL) -> String? {
        guard rename(source.path, destination.path) != 0 else { return nil }
        return String(cString: strerror(errno))
    }

    /// The path with every symlink resolved (root and targets go through the same function, so they compare).
    static func realPath(_ url: URL) -> String {
        url.resolvingSymlinksInPath().standardizedFileURL.path
    }

    /// A long path cut for an error message.
    static func shortened(_ text: String) -> String {
        text.count > 80 ? String(text.prefix(80)) + "…" : text
    }
}
