import AICore
import Foundation

extension MessageParameter.Message.Content.ContentObject {
    /// The block that sends a response block back in the next turn, as the API needs it: text, tool calls and
    /// thinking (with its signature) as their own blocks, container uploads and compaction blocks as theirs, and
    /// every other block (server tool calls and results, text with citations, blocks this library does not know)
    /// unchanged.
    public init(_ block: MessageResponse.Content) {
        switch block {
        case .text(let text): self = .text(text)
        case .toolUse(let id, let name, let input): self = .toolUse(id, name, input)
        case .thinking(let thinking, let signature): self = .thinking(thinking: thinking, signature: signature)
        case .redactedThinking(let data): self = .redactedThinking(data: data)
        case .containerUpload(let fileID): self = .containerUpload(fileID: fileID)
        case .compaction(let compaction): self = .compaction(compaction)
        default: self = .block(block)
        }
    }
}

extension MessageParameter.Message {
    /// The assistant turn that sends `response` back in the next request, every block converted with
    /// ``MessageParameter/Message/Content/ContentObject/init(_:)``; empty text blocks, which the API refuses, are
    /// left out.
    public init(_ response: MessageResponse) {
        let blocks = response.content.filter { block in
            if case .text(let text) = block { return !text.isEmpty }
            return true
        }
        self.init(role: .assistant, content: .list(blocks.map(Content.ContentObject.init)))
    }
}
