import AICore
import AISandbox
import Foundation
import SwiftAnthropic
import SwiftOpenAI

/// One call of an API, with everything it delivered before it ended.
struct CallRecord: Sendable {
    /// Text deltas (UTF-8) or byte chunks, in the order they arrived; a plain call delivers one.
    var deltas: [Data] = []
    var error: (any Error)?
}

/// The services of one cell, all pointed at one sandbox through one transport.
struct CellServices: Sendable {
    let openAI: any OpenAIService
    let anthropic: any AnthropicService
    /// The assistant for Assistants runs and the file for downloads, made before the fault is queued.
    var assistantID = ""
    var fileID = ""

    static let openAIKey = "sk-matrix-openai-secret"
    static let anthropicKey = "sk-ant-matrix-secret"

    init(baseURL: URL, transport: any HTTPTransport, idleTimeout: TimeInterval) {
        openAI = OpenAIServiceFactory.service(
            apiKey: Self.openAIKey, overrideBaseURL: baseURL.absoluteString, transport: transport,
            retryPolicy: FaultMatrix.retryPolicy, timeout: 30, streamIdleTimeout: idleTimeout)
        anthropic = AnthropicServiceFactory.service(
            apiKey: Self.anthropicKey, basePath: baseURL.absoluteString, transport: transport,
            retryPolicy: FaultMatrix.retryPolicy, timeout: 30, streamIdleTimeout: idleTimeout)
    }

    /// Creates what `api` needs before the call (an assistant, a file of `fileBytes`).
    mutating func prepare(_ api: FaultMatrix.API, fileBytes: Data) async throws {
        switch api {
        case .assistantsStream:
            assistantID = try await openAI.createAssistant(parameters: AssistantParameters(action: .create(model: "gpt-4o"))).id
        case .fileDownload:
            fileID = try await openAI.uploadFile(
                parameters: FileParameters(fileName: "matrix.txt", file: fileBytes, purpose: "assistants")).id
        default:
            break
        }
    }

    /// Calls `api` with `prompt`, collecting what arrives; `options` carries a per-call total timeout.
    func call(_ api: FaultMatrix.API, prompt: String, options: RequestOptions, record: LockedRecord) async {
        do {
            switch api {
            case .chat:
                let answer = try await openAI.startChat(parameters: chatParameters(prompt), options: options)
                record.append(Data((answer.choices.first?.message.content ?? "").utf8))
            case .chatStream:
                for try await chunk in try await openAI.startStreamedChat(parameters: chatParameters(prompt), options: options) {
                    if let text = chunk.choices.first?.delta.content, !text.isEmpty { record.append(Data(text.utf8)) }
                }
            case .responses:
                let response = try await openAI.responseCreate(responseParameters(prompt), options: options)
                record.append(Data(response.outputText.utf8))
            case .responsesStream:
                for try await event in try await openAI.responseCreateStream(responseParameters(prompt), options: options) {
                    if case .outputTextDelta(let delta) = event { record.append(Data(delta.delta.utf8)) }
                }
            case .anthropic:
                let message = try await anthropic.createMessage(messageParameters(prompt), options: options)
                let text = message.content.compactMap { block -> String? in
                    if case .text(let text) = block { return text }
                    if case .textWithCitations(let text, _) = block { return text }
                    return nil
                }.joined()
                record.append(Data(text.utf8))
            case .anthropicStream:
                for try await event in try await anthropic.streamMessage(messageParameters(prompt), options: options) {
                    if case .contentBlockDelta(_, .text(let text)) = event.event { record.append(Data(text.utf8)) }
                }
            case .assistantsStream:
                let parameters = CreateThreadAndRunParameter(
                    assistantID: assistantID,
                    thread: CreateThreadParameters(messages: [SwiftOpenAI.MessageParameter(role: "user", content: prompt)]))
                for try await event in try await openAI.createThreadAndRunStream(parameters: parameters, options: options) {
                    if case .threadMessageDelta(let delta) = event, case .text(let part)? = delta.delta.content.first {
                        record.append(Data(part.text.value.utf8))
                    }
                }
            case .speechStream:
                let parameters = AudioSpeechParameters(model: .tts1, input: prompt, voice: .alloy)
                for try await chunk in try await openAI.createSpeechStream(parameters: parameters, options: options) {
                    record.append(chunk)
                }
            case .fileDownload:
                record.append(try await openAI.retrieveContentForFileWith(id: fileID, options: options))
            }
        } catch {
            record.fail(error)
        }
    }

    private func chatParameters(_ prompt: String) -> ChatCompletionParameters {
        ChatCompletionParameters(messages: [.init(role: .user, content: .text(prompt))], model: .gpt4oMini)
    }

    private func responseParameters(_ prompt: String) -> ModelResponseParameter {
        ModelResponseParameter(input: .string(prompt), model: .gpt4oMini)
    }

    private func messageParameters(_ prompt: String) -> SwiftAnthropic.MessageParameter {
        SwiftAnthropic.MessageParameter(model: .claude35Haiku, messages: [.init(role: .user, content: .text(prompt))], maxTokens: 4096)
    }
}

/// What a call delivered so far, readable while the call runs (a cancelling task watches it).
final class LockedRecord: Sendable {
    private let record = LockedValue(CallRecord())

    func append(_ delta: Data) { record.withLock { $0.deltas.append(delta) } }

    func fail(_ error: any Error) { record.withLock { $0.error = error } }

    var value: CallRecord { record.current }
}
