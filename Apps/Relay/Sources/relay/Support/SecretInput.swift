import ArgumentParser
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a secret comes from: an environment variable or a file (`-`: standard input). Never an argument's value,
/// which every user of the machine can read in `ps`.
struct SecretSource: ParsableArguments {
    @Option(name: .customLong("key-env"), help: "Read the key from this environment variable.")
    var environmentVariable: String?

    @Option(name: .customLong("key-file"), help: "Read the key from this file (`-`: standard input).")
    var file: String?

    /// The secret, surrounding whitespace (a file's final newline) removed.
    /// - Parameter what: what the secret is, for the messages (`the OpenAI key`).
    func read(_ what: String) throws -> String {
        switch (environmentVariable, file) {
        case (let name?, nil):
            return try Self.environment(name, holding: what)
        case (nil, let path?):
            return try Self.nonEmpty(try SecretFile.readText(path), what: what, from: path == "-" ? "standard input" : path)
        case (nil, nil):
            throw ValidationError("Give \(what) with --key-env NAME or --key-file PATH (`-` for standard input).")
        case (_?, _?):
            throw ValidationError("Give either --key-env or --key-file, not both.")
        }
    }

    /// The value of the environment variable `name`, which should hold `what`.
    static func environment(_ name: String, holding what: String) throws -> String {
        guard let value = ProcessInfo.processInfo.environment[name] else {
            throw CLIFailure("The environment variable \(name) is not set (it should hold \(what)).")
        }
        return try nonEmpty(value, what: what, from: "The environment variable \(name)")
    }

    private static func nonEmpty(_ value: String, what: String, from source: String) throws -> String {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw CLIFailure("\(source) is empty (it should hold \(what)).") }
        return trimmed
    }
}

/// Reading and writing files that hold secrets.
enum SecretFile {
    /// The whole file (`-`: standard input) as UTF-8 text.
    static func readText(_ path: String) throws -> String {
        if path == "-" { return String(decoding: readAll(STDIN_FILENO), as: UTF8.self) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIFailure("Can't read \(path): no such file, or not readable.")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Writes `text` to a new file only its owner may read (mode 0600 from the moment it exists), replacing any
    /// file at `path` atomically: written beside it, then renamed over it.
    static func save(_ text: String, to path: String) throws {
        let temporary = path + ".tmp-\(ProcessInfo.processInfo.processIdentifier)"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw CLIFailure("Can't create \(temporary): \(String(cString: strerror(errno))).") }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                unlink(temporary)
                throw CLIFailure("Can't write \(temporary): \(reason).")
            }
            written += count
        }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard synced, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw CLIFailure("Can't write \(path): \(reason).")
        }
    }

    /// Reads a descriptor to its end with `read(2)`, retried when a signal interrupts it.
    private static func readAll(_ descriptor: Int32) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(contentsOf: buffer[0..<count])
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return data
            }
        }
    }
}
