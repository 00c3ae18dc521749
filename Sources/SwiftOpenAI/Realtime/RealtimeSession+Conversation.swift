import AICore
import Foundation

extension RealtimeSession {
    /// `session.update` with the fields of `configuration` that are set.
    public func updateSession(_ configuration: RealtimeSessionConfiguration) async throws {
        try await send(.sessionUpdate(configuration))
    }

    /// Adds a user text message to the conversation (`conversation.item.create`); ask for an answer with
    /// ``createResponse(_:)``.
    public func sendText(_ text: String) async throws {
        try await send(.conversationItemCreate(.userText(text)))
    }

    /// Appends PCM16 audio to the input buffer, in chunks of at most `chunkBytes` (the server takes up to 15 MiB
    /// per event; smaller chunks keep latency low).
    public func appendAudio(_ pcm16: Data, chunkBytes: Int = PCM16Audio.bytesPerSecond / 2) async throws {
        for chunk in PCM16Audio.base64Chunks(pcm16, chunkBytes: chunkBytes) {
            try await send(.inputAudioBufferAppend(audio: chunk))
        }
    }

    /// Commits the input buffer as a user message (needed when turn detection is off).
    public func commitAudio() async throws {
        try await send(.inputAudioBufferCommit)
    }

    /// Asks the model for a response (`response.create`), with optional overrides.
    public func createResponse(_ parameters: RealtimeResponseCreateParameters? = nil) async throws {
        try await send(.responseCreate(parameters))
    }

    /// Cancels the response in progress.
    public func cancelResponse() async throws {
        try await send(.responseCancel())
    }

    /// Sends a function's output back (`function_call_output`); follow with ``createResponse(_:)`` for the model's
    /// answer.
    public func sendFunctionCallOutput(callID: String, output: String) async throws {
        try await send(.conversationItemCreate(.functionCallOutput(callID: callID, output: output)))
    }

    /// Reads ``events`` until the current response is done, and returns what it produced.
    ///
    /// Events before `response.created` (session and conversation events) are passed to `onEvent` too.
    ///
    /// - Throws: the server's `error` as ``APIError`` (`.streamError`) when it refuses the request before a
    ///   response starts; an error later in the response is kept in ``RealtimeResponseAccumulator/errors``; the
    ///   session's own end (``events`` throwing) as it is.
    public func collectResponse(onEvent: ((RealtimeServerEvent) -> Void)? = nil) async throws -> RealtimeResponseAccumulator {
        var accumulator = RealtimeResponseAccumulator()
        var started = false
        for try await event in events {
            onEvent?(event)
            switch event {
            case .responseCreated: started = true
            case .error(let error) where !started: throw error.apiError
            default: break
            }
            if started { accumulator.apply(event) }
            if accumulator.isDone { return accumulator }
        }
        throw APIError(kind: .connection, message: "The Realtime session ended before the response was done.")
    }
}
