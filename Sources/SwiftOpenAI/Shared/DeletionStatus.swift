import AICore

/// The answer to a deletion (files, vector stores and their files, assistants, threads, messages).
public struct DeletionStatus: Codable, Sendable {
    public let id: String
    public let object: String
    public let deleted: Bool
}
