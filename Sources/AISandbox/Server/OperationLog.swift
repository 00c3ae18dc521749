import Foundation

/// An optional line-per-request log of what every sandbox in the process answered: `METHOD PATH STATUS`.
///
/// Set `AISANDBOX_OPERATION_LOG` to a file path and run any suite; `scripts/api-coverage` then matches the lines
/// against the OpenAI OpenAPI spec to count which operations the SDK and the sandbox really exercised. Lines are
/// appended with one `write` each (`O_APPEND`), so sandboxes in several test processes can share one file.
enum OperationLog {
    private static let descriptor: Int32? = {
        guard let path = ProcessInfo.processInfo.environment["AISANDBOX_OPERATION_LOG"], !path.isEmpty else { return nil }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        return descriptor >= 0 ? descriptor : nil
    }()

    static func record(method: String, path: String, status: Int) {
        guard let descriptor else { return }
        let line = Array("\(method) \(path) \(status)\n".utf8)
        _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}
