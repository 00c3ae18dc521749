import AICore
import Foundation

/// A command of the memory tool (`memory_20250818`), as the model sends it in a `tool_use` block's input.
///
/// Paths are virtual: they start with `/memories`, the root of the memory directory.
public enum AnthropicMemoryCommand: Codable, Sendable, Equatable {
    /// Lists a directory (two levels deep) or shows a file with line numbers; `viewRange` is `[first, last]`
    /// (1-based, `-1` for the end of the file).
    case view(path: String, viewRange: [Int]? = nil)
    /// Creates a file with `fileText`; fails when it exists.
    case create(path: String, fileText: String)
    /// Replaces the one occurrence of `oldString` in a file with `newString`.
    case strReplace(path: String, oldString: String, newString: String)
    /// Inserts `insertText` after line `insertLine` of a file (0 inserts at the top).
    case insert(path: String, insertLine: Int, insertText: String)
    /// Deletes a file or a directory with its contents.
    case delete(path: String)
    /// Renames or moves a file or directory.
    case rename(oldPath: String, newPath: String)

    private enum CodingKeys: String, CodingKey {
        case command, path
        case viewRange = "view_range"
        case fileText = "file_text"
        case oldString = "old_str"
        case newString = "new_str"
        case insertLine = "insert_line"
        case insertText = "insert_text"
        case oldPath = "old_path"
        case newPath = "new_path"
    }

    /// The command's name on the wire (`view`, `create`, `str_replace`, `insert`, `delete`, `rename`).
    public var name: String {
        switch self {
        case .view: "view"
        case .create: "create"
        case .strReplace: "str_replace"
        case .insert: "insert"
        case .delete: "delete"
        case .rename: "rename"
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let command = try container.decode(String.self, forKey: .command)
        switch command {
        case "view":
            self = .view(
                path: try container.decode(String.self, forKey: .path),
                viewRange: try container.decodeIfPresent([Int].self, forKey: .viewRange))
        case "create":
            self = .create(path: try container.decode(String.self, forKey: .path), fileText: try container.decode(String.self, forKey: .fileText))
        case "str_replace":
            self = .strReplace(
                path: try container.decode(String.self, forKey: .path), oldString: try container.decode(String.self, forKey: .oldString),
                newString: try container.decodeIfPresent(String.self, forKey: .newString) ?? "")
        case "insert":
            self = .insert(
                path: try container.decode(String.self, forKey: .path), insertLine: try container.decode(Int.self, forKey: .insertLine),
                insertText: try container.decode(String.self, forKey: .insertText))
        case "delete":
            self = .delete(path: try container.decode(String.self, forKey: .path))
        case "rename":
            self = .rename(oldPath: try container.decode(String.self, forKey: .oldPath), newPath: try container.decode(String.self, forKey: .newPath))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .command, in: container,
                debugDescription: "Unknown command `\(command)`; use view, create, str_replace, insert, delete or rename.")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .command)
        switch self {
        case .view(let path, let viewRange):
            try container.encode(path, forKey: .path)
            try container.encodeIfPresent(viewRange, forKey: .viewRange)
        case .create(let path, let fileText):
            try container.encode(path, forKey: .path)
            try container.encode(fileText, forKey: .fileText)
        case .strReplace(let path, let oldString, let newString):
            try container.encode(path, forKey: .path)
            try container.encode(oldString, forKey: .oldString)
            try container.encode(newString, forKey: .newString)
        case .insert(let path, let insertLine, let insertText):
            try container.encode(path, forKey: .path)
            try container.encode(insertLine, forKey: .insertLine)
            try container.encode(insertText, forKey: .insertText)
        case .delete(let path):
            try container.encode(path, forKey: .path)
        case .rename(let oldPath, let newPath):
            try container.encode(oldPath, forKey: .oldPath)
            try container.encode(newPath, forKey: .newPath)
        }
    }
}
