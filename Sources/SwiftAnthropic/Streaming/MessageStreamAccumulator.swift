import AICore
import Foundation

/// Assembles a message stream into the final ``MessageResponse``: text (with citations), tool inputs
/// parsed from their JSON fragments, thinking with its signature, server tool blocks, usage and stop reason.
public struct MessageStreamAccumulator: Sendable {
    private struct Block: Sendable {
        var start: MessageStreamResponse.ContentBlock
        var text = ""
        var json = ""
        var thinking = ""
        var signature = ""
        var citations: [MessageResponse.Citation] = []
        var summary: String?
        var encryptedSummary: String?
    }

    private var message: MessageResponse?
    private var blocks: [Int: Block] = [:]
    private var stopReason: String?
    private var stopSequence: String?
    private var usage: MessageResponse.Usage?
    private var container: MessageResponse.Container?
    private var contextManagement: MessageResponse.ContextManagement?
    private var stopDetails: MessageResponse.StopDetails?
    /// The model a fallback block hands the answer to, which the final message names (as the non-streamed one does).
    private var servingModel: String?
    /// The text received so far, in order.
    public private(set) var text = ""
    /// Whether `message_stop` arrived.
    public private(set) var isComplete = false

    public init() {}

    /// Adds one event; returns the text it added, if any (for printing as it arrives).
    @discardableResult
    public mutating func add(_ response: MessageStreamResponse) -> String? {
        switch response.event {
        case .messageStart(let start):
            message = start
            usage = start.usage
            container = start.container
            contextManagement = start.contextManagement
        case .contentBlockStart(let index, let block):
            var entry = Block(start: block)
            entry.text = block.text ?? ""
            entry.thinking = block.thinking ?? ""
            entry.signature = block.signature ?? ""
            entry.citations = block.citations ?? []
            if block.type == "fallback", let model = block.raw?["to"]?["model"]?.stringValue { servingModel = model }
            if block.type == "compaction" {
                entry.summary = block.content?.stringValue
                entry.encryptedSummary = block.raw?["encrypted_content"]?.stringValue
            }
            blocks[index] = entry
            if let initial = block.text, !initial.isEmpty {
                text += initial
                return initial
            }
        case .contentBlockDelta(let index, let delta):
            guard var block = blocks[index] else { return nil }
            defer { blocks[index] = block }
            switch delta {
            case .text(let piece):
                block.text += piece
                text += piece
                return piece
            case .inputJSON(let piece): block.json += piece
            case .citation(let citation): block.citations.append(citation)
            case .thinking(let piece): block.thinking += piece
            case .signature(let piece): block.signature += piece
            case .compaction(let content, let encrypted):
                // A compaction delta carries the whole summary, as anthropic-python reads it.
                block.summary = content
                block.encryptedSummary = encrypted
            case .unknown: break
            }
        case .messageDelta(let reason, let sequence, let deltaUsage):
            stopReason = reason ?? stopReason
            stopSequence = sequence ?? stopSequence
            if let deltaUsage { usage = merge(usage, deltaUsage) }
            container = response.delta?.container ?? container
            stopDetails = response.delta?.stopDetails ?? stopDetails
            contextManagement = response.contextManagement ?? contextManagement
        case .messageStop:
            isComplete = true
        case .contentBlockStop, .ping, .error, .unknown:
            break
        }
        return nil
    }

    /// The message assembled so far.
    public var response: MessageResponse {
        let content: [MessageResponse.Content] = blocks.keys.sorted().compactMap { index in
            guard let block = blocks[index] else { return nil }
            switch block.start.type {
            case "text":
                return block.citations.isEmpty ? .text(block.text) : .textWithCitations(block.text, citations: block.citations)
            case "tool_use", "server_tool_use":
                let input = Self.parseInput(block.json) ?? block.start.input ?? [:]
                let id = block.start.id ?? "", name = block.start.name ?? ""
                return block.start.type == "tool_use"
                    ? .toolUse(id: id, name: name, input: input) : .serverToolUse(id: id, name: name, input: input)
            case "thinking":
                return .thinking(thinking: block.thinking, signature: block.signature)
            case "redacted_thinking":
                return .redactedThinking(data: block.start.data ?? "")
            default:
                return Self.wholeBlock(block)
            }
        }
        return MessageResponse(
            id: message?.id ?? "", type: message?.type ?? "message", model: servingModel ?? message?.model ?? "",
            role: message?.role ?? "assistant", content: content, stopReason: stopReason,
            stopSequence: stopSequence,
            usage: usage ?? .init(
                inputTokens: nil, outputTokens: 0, cacheCreationInputTokens: nil, cacheReadInputTokens: nil,
                cacheCreation: nil, serverToolUse: nil, serviceTier: nil),
            container: container, contextManagement: contextManagement, stopDetails: stopDetails, diagnostics: message?.diagnostics)
    }

    /// A block that arrives whole in its start (server tool results, blocks this library does not know), or whose
    /// deltas complete it (compaction), decoded as the non-streamed response decodes it.
    private static func wholeBlock(_ block: Block) -> MessageResponse.Content {
        var object = block.start.raw?.objectValue ?? ["type": .string(block.start.type)]
        if block.start.type == "compaction" {
            object["content"] = block.summary.map(JSONValue.string) ?? .null
            if let encrypted = block.encryptedSummary { object["encrypted_content"] = .string(encrypted) }
        }
        let raw = JSONValue.object(object)
        return (try? BlockJSON.decode(MessageResponse.Content.self, from: raw)) ?? .unknown(type: block.start.type, raw: raw)
    }

    private static func parseInput(_ json: String) -> MessageResponse.Content.Input? {
        guard !json.isEmpty else { return nil }
        return try? JSONDecoder().decode(MessageResponse.Content.Input.self, from: Data(json.utf8))
    }

    /// `message_delta` usage is cumulative output; input and cache counts come from `message_start`
    /// unless the delta repeats them.
    private func merge(_ base: MessageResponse.Usage?, _ delta: MessageResponse.Usage) -> MessageResponse.Usage {
        MessageResponse.Usage(
            inputTokens: delta.inputTokens ?? base?.inputTokens, outputTokens: delta.outputTokens,
            cacheCreationInputTokens: delta.cacheCreationInputTokens ?? base?.cacheCreationInputTokens,
            cacheReadInputTokens: delta.cacheReadInputTokens ?? base?.cacheReadInputTokens,
            cacheCreation: delta.cacheCreation ?? base?.cacheCreation,
            serverToolUse: delta.serverToolUse ?? base?.serverToolUse, serviceTier: delta.serviceTier ?? base?.serviceTier,
            speed: delta.speed ?? base?.speed, inferenceGeo: delta.inferenceGeo ?? base?.inferenceGeo,
            thinkingTokens: delta.thinkingTokens ?? base?.thinkingTokens, iterations: delta.iterations ?? base?.iterations)
    }
}

extension AsyncSequence where Element == MessageStreamResponse {
    /// Reads the whole stream, calling `onText` with text as it arrives, and returns the final message.
    public func accumulate(onText: (String) throws -> Void = { _ in }) async throws -> MessageResponse {
        var accumulator = MessageStreamAccumulator()
        for try await event in self {
            if let text = accumulator.add(event) { try onText(text) }
        }
        return accumulator.response
    }
}
