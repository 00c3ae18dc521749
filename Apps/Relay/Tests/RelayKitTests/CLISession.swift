import Foundation
import Testing

/// A temp folder to run `relay` in, and everything its runs printed (to search for secrets afterwards).
final class CLISession {
    let directory: URL
    private(set) var everything = ""

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("relay-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    func file(_ relativePath: String) -> URL {
        directory.appendingPathComponent(relativePath)
    }

    /// Runs `relay arguments`, which must succeed.
    @discardableResult
    func succeed(
        _ arguments: [String], environment: [String: String] = [:], input: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> CLIProcess.Result {
        let result = try await CLIProcess.relay(arguments, in: directory, environment: environment, input: input)
        everything += result.allOutput
        try #require(
            result.status == 0, "relay \(arguments.joined(separator: " ")) failed: \(result.standardError)",
            sourceLocation: sourceLocation)
        return result
    }

    /// Runs `relay arguments`, which must fail with one line on standard error containing `message`, and nothing
    /// on standard output.
    func fail(
        _ arguments: [String], environment: [String: String] = [:], saying message: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let result = try await CLIProcess.relay(arguments, in: directory, environment: environment)
        everything += result.allOutput
        let lines = result.standardError.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        #expect(result.status != 0, "relay \(arguments.joined(separator: " ")) succeeded", sourceLocation: sourceLocation)
        #expect(result.standardError.contains(message), "\(result.standardError)", sourceLocation: sourceLocation)
        // A mistyped command line also gets ArgumentParser's usage hint after its one error line.
        #expect(lines.first?.hasPrefix("Error: ") == true, "\(result.standardError)", sourceLocation: sourceLocation)
        #expect(lines.count == 1 || lines.contains { $0.hasPrefix("Usage: relay") },
            "not one line: \(result.standardError)", sourceLocation: sourceLocation)
        #expect(!result.standardError.contains("Fatal error") && !result.standardError.contains("Stack dump"),
            sourceLocation: sourceLocation)
        #expect(result.standardOutput.isEmpty, "\(result.standardOutput)", sourceLocation: sourceLocation)
    }

    /// A file's permission bits (`0o600`).
    func permissions(_ relativePath: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: file(relativePath).path)
        return ((attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1) & 0o777
    }

    /// The ids in `relay-data/master.keys`, in order.
    func masterKeyIDs() throws -> [String] {
        try masterKeyLines().map { String($0.prefix { $0 != ":" }) }
    }

    /// The base64 key of the first master key.
    func masterKeyMaterial() throws -> String {
        let line = try #require(try masterKeyLines().first)
        return String(line.drop { $0 != ":" }.dropFirst())
    }

    /// Every file under the folder whose bytes contain `text`.
    func filesContaining(_ text: String) throws -> [String] {
        let needle = Data(text.utf8)
        let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL } ?? []
        return try files.filter { url in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                return false
            }
            return try Data(contentsOf: url).range(of: needle) != nil
        }.map(\.lastPathComponent)
    }

    private func masterKeyLines() throws -> [Substring] {
        try String(contentsOf: file("relay-data/master.keys"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }
}
