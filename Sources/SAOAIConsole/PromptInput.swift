import Foundation
import SwiftAzureOpenAI

/// Prompts from a file, and the messages they become.
public enum PromptInput {
    /// The prompts of a file: one a line; blank lines and lines starting with `#` are skipped.
    public static func prompts(inFile contents: String) -> [String] {
        contents.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// A failure to read a file a prompt refers to.
    public struct FileError: Error, CustomStringConvertible {
        public let description: String
    }

    static let imageTypes = ["png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp"]
    static let documentTypes = ["pdf": "application/pdf"]

    /// The user message for a prompt. `file:/path` prompts inline text files, and send PDFs and images as base64
    /// file and image inputs.
    public static func message(for prompt: String) throws -> SAOAIMessage {
        guard prompt.hasPrefix("file:") else { return SAOAIMessage(role: .user, text: prompt) }
        let path = String(prompt.dropFirst("file:".count)).trimmingCharacters(in: .whitespaces)
        let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw FileError(description: "Referenced file does not exist: \(path)")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw FileError(description: "Could not read \(path): \(error.localizedDescription)")
        }
        let name = url.lastPathComponent
        let ext = url.pathExtension.lowercased()
        let request = "Analyze this \(ext.isEmpty ? "" : ext.uppercased() + " ")file: \(name)"
        if let mimeType = imageTypes[ext] {
            return SAOAIMessage(role: .user, text: request, base64Image: data.base64EncodedString(), mimeType: mimeType)
        }
        if let mimeType = documentTypes[ext] {
            return SAOAIMessage(
                role: .user, text: request, filename: name, base64FileData: data.base64EncodedString(), mimeType: mimeType)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw FileError(description: "Unsupported binary file (not text, PDF or an image): \(path)")
        }
        return SAOAIMessage(role: .user, text: "\(request)\n\nFile content (\(name)):\n\(text)")
    }
}
