import Foundation

/// The id counter of one of the sandbox's stateful resources (files, batches, responses, …): ids such as
/// `file-sandbox0001`, and distinct timestamps for what they create. It lives inside the resource's locked state.
struct SandboxCounter: Sendable {
    /// How many ids were handed out.
    private(set) var count = 0

    /// A new id such as `file-sandbox0001`.
    mutating func nextID(_ prefix: String, separator: String = "_sandbox") -> String {
        count += 1
        return "\(prefix)\(separator)\(String(format: "%04d", count))"
    }
}
