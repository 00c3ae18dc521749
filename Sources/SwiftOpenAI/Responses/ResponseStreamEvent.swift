import AICore
import Foundation

/// One event of a streamed response (`responseCreateStream`): all 58 event types of the Responses API.
///
/// An event type this version doesn't know arrives as ``unknown(type:raw:)`` and never ends the stream.
///
/// The cases that carry a whole response or output item are `indirect` (boxed): an event is copied into a batch and
/// out to the loop that reads it, and the text deltas a stream is made of are then 144 bytes instead of 1,128.
public enum ResponseStreamEvent: Codable, Sendable {
    /// `response.created`: The response was created (status `in_progress`, or `queued` in the background).
    indirect case responseCreated(ResponseEvent)
    /// `response.queued`: A background response is waiting to start.
    indirect case responseQueued(ResponseEvent)
    /// `response.in_progress`: The response is being generated.
    indirect case responseInProgress(ResponseEvent)
    /// `response.completed`: The response is complete; it carries the whole output and usage.
    indirect case responseCompleted(ResponseEvent)
    /// `response.failed`: The response failed; `response.error` says why.
    indirect case responseFailed(ResponseEvent)
    /// `response.incomplete`: The response stopped early; `response.incompleteDetails` says why.
    indirect case responseIncomplete(ResponseEvent)
    /// `response.output_item.added`: An output item started.
    indirect case outputItemAdded(OutputItemEvent)
    /// `response.output_item.done`: An output item is complete.
    indirect case outputItemDone(OutputItemEvent)
    /// `response.content_part.added`: A content part of a message started.
    case contentPartAdded(ContentPartEvent)
    /// `response.content_part.done`: A content part of a message is complete.
    case contentPartDone(ContentPartEvent)
    /// `response.output_text.delta`: More text of an `output_text` part.
    case outputTextDelta(TextDelta)
    /// `response.output_text.done`: The whole text of an `output_text` part.
    case outputTextDone(TextDone)
    /// `response.output_text.annotation.added`: An annotation (citation) was added to an `output_text` part.
    indirect case outputTextAnnotationAdded(AnnotationAdded)
    /// `response.refusal.delta`: More refusal text.
    case refusalDelta(TextDelta)
    /// `response.refusal.done`: The whole refusal text.
    case refusalDone(TextDone)
    /// `response.function_call_arguments.delta`: More of a function call's arguments.
    case functionCallArgumentsDelta(TextDelta)
    /// `response.function_call_arguments.done`: A function call's whole arguments (and its name).
    case functionCallArgumentsDone(TextDone)
    /// `response.reasoning_summary_part.added`: A reasoning summary part started.
    case reasoningSummaryPartAdded(SummaryPartEvent)
    /// `response.reasoning_summary_part.done`: A reasoning summary part is complete.
    case reasoningSummaryPartDone(SummaryPartEvent)
    /// `response.reasoning_summary_text.delta`: More reasoning summary text.
    case reasoningSummaryTextDelta(TextDelta)
    /// `response.reasoning_summary_text.done`: The whole text of a reasoning summary part.
    case reasoningSummaryTextDone(TextDone)
    /// `response.reasoning_text.delta`: More reasoning text.
    case reasoningTextDelta(TextDelta)
    /// `response.reasoning_text.done`: The whole reasoning text of a part.
    case reasoningTextDone(TextDone)
    /// `response.file_search_call.in_progress`: A file search started.
    case fileSearchCallInProgress(ItemProgress)
    /// `response.file_search_call.searching`: A file search is searching.
    case fileSearchCallSearching(ItemProgress)
    /// `response.file_search_call.completed`: A file search finished.
    case fileSearchCallCompleted(ItemProgress)
    /// `response.web_search_call.in_progress`: A web search started.
    case webSearchCallInProgress(ItemProgress)
    /// `response.web_search_call.searching`: A web search is searching.
    case webSearchCallSearching(ItemProgress)
    /// `response.web_search_call.completed`: A web search finished.
    case webSearchCallCompleted(ItemProgress)
    /// `response.image_generation_call.in_progress`: Image generation started.
    case imageGenerationCallInProgress(ItemProgress)
    /// `response.image_generation_call.generating`: An image is being generated.
    case imageGenerationCallGenerating(ItemProgress)
    /// `response.image_generation_call.partial_image`: A partial image is available.
    indirect case imageGenerationCallPartialImage(PartialImage)
    /// `response.image_generation_call.completed`: Image generation finished.
    case imageGenerationCallCompleted(ItemProgress)
    /// `response.code_interpreter_call.in_progress`: A code interpreter call started.
    case codeInterpreterCallInProgress(ItemProgress)
    /// `response.code_interpreter_call.interpreting`: The code interpreter is running code.
    case codeInterpreterCallInterpreting(ItemProgress)
    /// `response.code_interpreter_call.completed`: A code interpreter call finished.
    case codeInterpreterCallCompleted(ItemProgress)
    /// `response.code_interpreter_call_code.delta`: More of the code being written.
    case codeInterpreterCallCodeDelta(TextDelta)
    /// `response.code_interpreter_call_code.done`: The whole code.
    case codeInterpreterCallCodeDone(TextDone)
    /// `response.mcp_call_arguments.delta`: More of an MCP tool call's arguments.
    case mcpCallArgumentsDelta(TextDelta)
    /// `response.mcp_call_arguments.done`: An MCP tool call's whole arguments.
    case mcpCallArgumentsDone(TextDone)
    /// `response.mcp_call.in_progress`: An MCP tool call started.
    case mcpCallInProgress(ItemProgress)
    /// `response.mcp_call.completed`: An MCP tool call succeeded.
    case mcpCallCompleted(ItemProgress)
    /// `response.mcp_call.failed`: An MCP tool call failed.
    case mcpCallFailed(ItemProgress)
    /// `response.mcp_list_tools.in_progress`: Listing an MCP server's tools started.
    case mcpListToolsInProgress(ItemProgress)
    /// `response.mcp_list_tools.completed`: An MCP server's tools were listed.
    case mcpListToolsCompleted(ItemProgress)
    /// `response.mcp_list_tools.failed`: Listing an MCP server's tools failed.
    case mcpListToolsFailed(ItemProgress)
    /// `response.custom_tool_call_input.delta`: More of a custom tool call's input.
    case customToolCallInputDelta(TextDelta)
    /// `response.custom_tool_call_input.done`: A custom tool call's whole input.
    case customToolCallInputDone(TextDone)
    /// `response.shell_call_command.added`: A shell command was added to a shell call.
    case shellCallCommandAdded(ShellCallEvent)
    /// `response.shell_call_command.delta`: More of a shell command.
    case shellCallCommandDelta(ShellCallEvent)
    /// `response.shell_call_command.done`: A whole shell command.
    case shellCallCommandDone(ShellCallEvent)
    /// `response.shell_call_output_content.delta`: More output of a shell command.
    case shellCallOutputContentDelta(ShellCallEvent)
    /// `response.shell_call_output_content.done`: The whole output of a shell command.
    case shellCallOutputContentDone(ShellCallEvent)
    /// `response.audio.delta`: More audio, base64-encoded.
    case audioDelta(TextDelta)
    /// `response.audio.done`: The audio is complete.
    case audioDone(SequenceEvent)
    /// `response.audio.transcript.delta`: More of the audio transcript.
    case audioTranscriptDelta(TextDelta)
    /// `response.audio.transcript.done`: The audio transcript is complete.
    case audioTranscriptDone(SequenceEvent)
    /// `error`: An error; the stream throws it as `APIError`, so it is seen only when decoding events yourself.
    case error(ErrorEvent)
    /// An event type this version doesn't model, with its JSON.
    case unknown(type: String, raw: JSONValue)

    /// The event's `type` on the wire.
    public var type: String {
        switch self {
        case .responseCreated: "response.created"
        case .responseQueued: "response.queued"
        case .responseInProgress: "response.in_progress"
        case .responseCompleted: "response.completed"
        case .responseFailed: "response.failed"
        case .responseIncomplete: "response.incomplete"
        case .outputItemAdded: "response.output_item.added"
        case .outputItemDone: "response.output_item.done"
        case .contentPartAdded: "response.content_part.added"
        case .contentPartDone: "response.content_part.done"
        case .outputTextDelta: "response.output_text.delta"
        case .outputTextDone: "response.output_text.done"
        case .outputTextAnnotationAdded: "response.output_text.annotation.added"
        case .refusalDelta: "response.refusal.delta"
        case .refusalDone: "response.refusal.done"
        case .functionCallArgumentsDelta: "response.function_call_arguments.delta"
        case .functionCallArgumentsDone: "response.function_call_arguments.done"
        case .reasoningSummaryPartAdded: "response.reasoning_summary_part.added"
        case .reasoningSummaryPartDone: "response.reasoning_summary_part.done"
        case .reasoningSummaryTextDelta: "response.reasoning_summary_text.delta"
        case .reasoningSummaryTextDone: "response.reasoning_summary_text.done"
        case .reasoningTextDelta: "response.reasoning_text.delta"
        case .reasoningTextDone: "response.reasoning_text.done"
        case .fileSearchCallInProgress: "response.file_search_call.in_progress"
        case .fileSearchCallSearching: "response.file_search_call.searching"
        case .fileSearchCallCompleted: "response.file_search_call.completed"
        case .webSearchCallInProgress: "response.web_search_call.in_progress"
        case .webSearchCallSearching: "response.web_search_call.searching"
        case .webSearchCallCompleted: "response.web_search_call.completed"
        case .imageGenerationCallInProgress: "response.image_generation_call.in_progress"
        case .imageGenerationCallGenerating: "response.image_generation_call.generating"
        case .imageGenerationCallPartialImage: "response.image_generation_call.partial_image"
        case .imageGenerationCallCompleted: "response.image_generation_call.completed"
        case .codeInterpreterCallInProgress: "response.code_interpreter_call.in_progress"
        case .codeInterpreterCallInterpreting: "response.code_interpreter_call.interpreting"
        case .codeInterpreterCallCompleted: "response.code_interpreter_call.completed"
        case .codeInterpreterCallCodeDelta: "response.code_interpreter_call_code.delta"
        case .codeInterpreterCallCodeDone: "response.code_interpreter_call_code.done"
        case .mcpCallArgumentsDelta: "response.mcp_call_arguments.delta"
        case .mcpCallArgumentsDone: "response.mcp_call_arguments.done"
        case .mcpCallInProgress: "response.mcp_call.in_progress"
        case .mcpCallCompleted: "response.mcp_call.completed"
        case .mcpCallFailed: "response.mcp_call.failed"
        case .mcpListToolsInProgress: "response.mcp_list_tools.in_progress"
        case .mcpListToolsCompleted: "response.mcp_list_tools.completed"
        case .mcpListToolsFailed: "response.mcp_list_tools.failed"
        case .customToolCallInputDelta: "response.custom_tool_call_input.delta"
        case .customToolCallInputDone: "response.custom_tool_call_input.done"
        case .shellCallCommandAdded: "response.shell_call_command.added"
        case .shellCallCommandDelta: "response.shell_call_command.delta"
        case .shellCallCommandDone: "response.shell_call_command.done"
        case .shellCallOutputContentDelta: "response.shell_call_output_content.delta"
        case .shellCallOutputContentDone: "response.shell_call_output_content.done"
        case .audioDelta: "response.audio.delta"
        case .audioDone: "response.audio.done"
        case .audioTranscriptDelta: "response.audio.transcript.delta"
        case .audioTranscriptDone: "response.audio.transcript.done"
        case .error: "error"
        case .unknown(let type, _): type
        }
    }

    /// Every event type this version models.
    public static let knownTypes: Set<String> = [
        "response.created",
        "response.queued",
        "response.in_progress",
        "response.completed",
        "response.failed",
        "response.incomplete",
        "response.output_item.added",
        "response.output_item.done",
        "response.content_part.added",
        "response.content_part.done",
        "response.output_text.delta",
        "response.output_text.done",
        "response.output_text.annotation.added",
        "response.refusal.delta",
        "response.refusal.done",
        "response.function_call_arguments.delta",
        "response.function_call_arguments.done",
        "response.reasoning_summary_part.added",
        "response.reasoning_summary_part.done",
        "response.reasoning_summary_text.delta",
        "response.reasoning_summary_text.done",
        "response.reasoning_text.delta",
        "response.reasoning_text.done",
        "response.file_search_call.in_progress",
        "response.file_search_call.searching",
        "response.file_search_call.completed",
        "response.web_search_call.in_progress",
        "response.web_search_call.searching",
        "response.web_search_call.completed",
        "response.image_generation_call.in_progress",
        "response.image_generation_call.generating",
        "response.image_generation_call.partial_image",
        "response.image_generation_call.completed",
        "response.code_interpreter_call.in_progress",
        "response.code_interpreter_call.interpreting",
        "response.code_interpreter_call.completed",
        "response.code_interpreter_call_code.delta",
        "response.code_interpreter_call_code.done",
        "response.mcp_call_arguments.delta",
        "response.mcp_call_arguments.done",
        "response.mcp_call.in_progress",
        "response.mcp_call.completed",
        "response.mcp_call.failed",
        "response.mcp_list_tools.in_progress",
        "response.mcp_list_tools.completed",
        "response.mcp_list_tools.failed",
        "response.custom_tool_call_input.delta",
        "response.custom_tool_call_input.done",
        "response.shell_call_command.added",
        "response.shell_call_command.delta",
        "response.shell_call_command.done",
        "response.shell_call_output_content.delta",
        "response.shell_call_output_content.done",
        "response.audio.delta",
        "response.audio.done",
        "response.audio.transcript.delta",
        "response.audio.transcript.done",
        "error",
    ]

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: TypeKey.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "response.created": self = .responseCreated(try ResponseEvent(from: decoder))
        case "response.queued": self = .responseQueued(try ResponseEvent(from: decoder))
        case "response.in_progress": self = .responseInProgress(try ResponseEvent(from: decoder))
        case "response.completed": self = .responseCompleted(try ResponseEvent(from: decoder))
        case "response.failed": self = .responseFailed(try ResponseEvent(from: decoder))
        case "response.incomplete": self = .responseIncomplete(try ResponseEvent(from: decoder))
        case "response.output_item.added": self = .outputItemAdded(try OutputItemEvent(from: decoder))
        case "response.output_item.done": self = .outputItemDone(try OutputItemEvent(from: decoder))
        case "response.content_part.added": self = .contentPartAdded(try ContentPartEvent(from: decoder))
        case "response.content_part.done": self = .contentPartDone(try ContentPartEvent(from: decoder))
        case "response.output_text.delta": self = .outputTextDelta(try TextDelta(from: decoder))
        case "response.output_text.done": self = .outputTextDone(try TextDone(from: decoder))
        case "response.output_text.annotation.added": self = .outputTextAnnotationAdded(try AnnotationAdded(from: decoder))
        case "response.refusal.delta": self = .refusalDelta(try TextDelta(from: decoder))
        case "response.refusal.done": self = .refusalDone(try TextDone(from: decoder))
        case "response.function_call_arguments.delta": self = .functionCallArgumentsDelta(try TextDelta(from: decoder))
        case "response.function_call_arguments.done": self = .functionCallArgumentsDone(try TextDone(from: decoder))
        case "response.reasoning_summary_part.added": self = .reasoningSummaryPartAdded(try SummaryPartEvent(from: decoder))
        case "response.reasoning_summary_part.done": self = .reasoningSummaryPartDone(try SummaryPartEvent(from: decoder))
        case "response.reasoning_summary_text.delta": self = .reasoningSummaryTextDelta(try TextDelta(from: decoder))
        case "response.reasoning_summary_text.done": self = .reasoningSummaryTextDone(try TextDone(from: decoder))
        case "response.reasoning_text.delta": self = .reasoningTextDelta(try TextDelta(from: decoder))
        case "response.reasoning_text.done": self = .reasoningTextDone(try TextDone(from: decoder))
        case "response.file_search_call.in_progress": self = .fileSearchCallInProgress(try ItemProgress(from: decoder))
        case "response.file_search_call.searching": self = .fileSearchCallSearching(try ItemProgress(from: decoder))
        case "response.file_search_call.completed": self = .fileSearchCallCompleted(try ItemProgress(from: decoder))
        case "response.web_search_call.in_progress": self = .webSearchCallInProgress(try ItemProgress(from: decoder))
        case "response.web_search_call.searching": self = .webSearchCallSearching(try ItemProgress(from: decoder))
        case "response.web_search_call.completed": self = .webSearchCallCompleted(try ItemProgress(from: decoder))
        case "response.image_generation_call.in_progress": self = .imageGenerationCallInProgress(try ItemProgress(from: decoder))
        case "response.image_generation_call.generating": self = .imageGenerationCallGenerating(try ItemProgress(from: decoder))
        case "response.image_generation_call.partial_image": self = .imageGenerationCallPartialImage(try PartialImage(from: decoder))
        case "response.image_generation_call.completed": self = .imageGenerationCallCompleted(try ItemProgress(from: decoder))
        case "response.code_interpreter_call.in_progress": self = .codeInterpreterCallInProgress(try ItemProgress(from: decoder))
        case "response.code_interpreter_call.interpreting": self = .codeInterpreterCallInterpreting(try ItemProgress(from: decoder))
        case "response.code_interpreter_call.completed": self = .codeInterpreterCallCompleted(try ItemProgress(from: decoder))
        case "response.code_interpreter_call_code.delta": self = .codeInterpreterCallCodeDelta(try TextDelta(from: decoder))
        case "response.code_interpreter_call_code.done": self = .codeInterpreterCallCodeDone(try TextDone(from: decoder))
        case "response.mcp_call_arguments.delta": self = .mcpCallArgumentsDelta(try TextDelta(from: decoder))
        case "response.mcp_call_arguments.done": self = .mcpCallArgumentsDone(try TextDone(from: decoder))
        case "response.mcp_call.in_progress": self = .mcpCallInProgress(try ItemProgress(from: decoder))
        case "response.mcp_call.completed": self = .mcpCallCompleted(try ItemProgress(from: decoder))
        case "response.mcp_call.failed": self = .mcpCallFailed(try ItemProgress(from: decoder))
        case "response.mcp_list_tools.in_progress": self = .mcpListToolsInProgress(try ItemProgress(from: decoder))
        case "response.mcp_list_tools.completed": self = .mcpListToolsCompleted(try ItemProgress(from: decoder))
        case "response.mcp_list_tools.failed": self = .mcpListToolsFailed(try ItemProgress(from: decoder))
        case "response.custom_tool_call_input.delta": self = .customToolCallInputDelta(try TextDelta(from: decoder))
        case "response.custom_tool_call_input.done": self = .customToolCallInputDone(try TextDone(from: decoder))
        case "response.shell_call_command.added": self = .shellCallCommandAdded(try ShellCallEvent(from: decoder))
        case "response.shell_call_command.delta": self = .shellCallCommandDelta(try ShellCallEvent(from: decoder))
        case "response.shell_call_command.done": self = .shellCallCommandDone(try ShellCallEvent(from: decoder))
        case "response.shell_call_output_content.delta": self = .shellCallOutputContentDelta(try ShellCallEvent(from: decoder))
        case "response.shell_call_output_content.done": self = .shellCallOutputContentDone(try ShellCallEvent(from: decoder))
        case "response.audio.delta": self = .audioDelta(try TextDelta(from: decoder))
        case "response.audio.done": self = .audioDone(try SequenceEvent(from: decoder))
        case "response.audio.transcript.delta": self = .audioTranscriptDelta(try TextDelta(from: decoder))
        case "response.audio.transcript.done": self = .audioTranscriptDone(try SequenceEvent(from: decoder))
        case "error": self = .error(try ErrorEvent(from: decoder))
        default: self = .unknown(type: type, raw: try JSONValue(from: decoder))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        let payload: any Encodable
        switch self {
        case .responseCreated(let value): payload = value
        case .responseQueued(let value): payload = value
        case .responseInProgress(let value): payload = value
        case .responseCompleted(let value): payload = value
        case .responseFailed(let value): payload = value
        case .responseIncomplete(let value): payload = value
        case .outputItemAdded(let value): payload = value
        case .outputItemDone(let value): payload = value
        case .contentPartAdded(let value): payload = value
        case .contentPartDone(let value): payload = value
        case .outputTextDelta(let value): payload = value
        case .outputTextDone(let value): payload = value
        case .outputTextAnnotationAdded(let value): payload = value
        case .refusalDelta(let value): payload = value
        case .refusalDone(let value): payload = value
        case .functionCallArgumentsDelta(let value): payload = value
        case .functionCallArgumentsDone(let value): payload = value
        case .reasoningSummaryPartAdded(let value): payload = value
        case .reasoningSummaryPartDone(let value): payload = value
        case .reasoningSummaryTextDelta(let value): payload = value
        case .reasoningSummaryTextDone(let value): payload = value
        case .reasoningTextDelta(let value): payload = value
        case .reasoningTextDone(let value): payload = value
        case .fileSearchCallInProgress(let value): payload = value
        case .fileSearchCallSearching(let value): payload = value
        case .fileSearchCallCompleted(let value): payload = value
        case .webSearchCallInProgress(let value): payload = value
        case .webSearchCallSearching(let value): payload = value
        case .webSearchCallCompleted(let value): payload = value
        case .imageGenerationCallInProgress(let value): payload = value
        case .imageGenerationCallGenerating(let value): payload = value
        case .imageGenerationCallPartialImage(let value): payload = value
        case .imageGenerationCallCompleted(let value): payload = value
        case .codeInterpreterCallInProgress(let value): payload = value
        case .codeInterpreterCallInterpreting(let value): payload = value
        case .codeInterpreterCallCompleted(let value): payload = value
        case .codeInterpreterCallCodeDelta(let value): payload = value
        case .codeInterpreterCallCodeDone(let value): payload = value
        case .mcpCallArgumentsDelta(let value): payload = value
        case .mcpCallArgumentsDone(let value): payload = value
        case .mcpCallInProgress(let value): payload = value
        case .mcpCallCompleted(let value): payload = value
        case .mcpCallFailed(let value): payload = value
        case .mcpListToolsInProgress(let value): payload = value
        case .mcpListToolsCompleted(let value): payload = value
        case .mcpListToolsFailed(let value): payload = value
        case .customToolCallInputDelta(let value): payload = value
        case .customToolCallInputDone(let value): payload = value
        case .shellCallCommandAdded(let value): payload = value
        case .shellCallCommandDelta(let value): payload = value
        case .shellCallCommandDone(let value): payload = value
        case .shellCallOutputContentDelta(let value): payload = value
        case .shellCallOutputContentDone(let value): payload = value
        case .audioDelta(let value): payload = value
        case .audioDone(let value): payload = value
        case .audioTranscriptDelta(let value): payload = value
        case .audioTranscriptDone(let value): payload = value
        case .error(let value): payload = value
        case .unknown(_, let raw): try raw.encode(to: encoder); return
        }
        try payload.encode(to: encoder)
        var container = encoder.container(keyedBy: TypeKey.self)
        try container.encode(type, forKey: .type)
    }

    private enum TypeKey: String, CodingKey { case type }
}
