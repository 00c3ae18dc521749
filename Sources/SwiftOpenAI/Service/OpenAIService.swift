import AICore
import Foundation

/// The OpenAI API. Obtain one from ``OpenAIServiceFactory``.
///
/// Every method has a form with ``RequestOptions`` for per-call timeouts, retries and headers.
/// Failures are thrown as ``APIError``.
public protocol OpenAIService: AnyObject, Sendable {
    /// [Creates](https://platform.openai.com/docs/api-reference/chat/create) a chat completion.
    func startChat(parameters: ChatCompletionParameters, options: RequestOptions) async throws -> ChatCompletionObject

    /// Creates a chat completion streamed as chunks.
    ///
    /// HTTP errors are thrown from this call; errors after the first byte are thrown from the stream,
    /// after every chunk received before them.
    func startStreamedChat(
        parameters: ChatCompletionParameters, options: RequestOptions
    ) async throws -> AsyncThrowingStream<ChatCompletionChunkObject, any Error>

    /// [Lists](https://platform.openai.com/docs/api-reference/models/list) the available models.
    func listModels(options: RequestOptions) async throws -> OpenAIResponse<ModelObject>

    /// [Retrieves](https://platform.openai.com/docs/api-reference/models/retrieve) a model.
    func retrieveModelWith(id: String, options: RequestOptions) async throws -> ModelObject

    /// [Deletes](https://platform.openai.com/docs/api-reference/models/delete) a fine-tuned model.
    func deleteFineTuneModelWith(id: String, options: RequestOptions) async throws -> ModelObject.DeletionStatus

    /// [Creates](https://platform.openai.com/docs/api-reference/embeddings/create) embeddings.
    func createEmbeddings(parameters: EmbeddingParameter, options: RequestOptions) async throws -> OpenAIResponse<EmbeddingObject>

    /// [Classifies](https://platform.openai.com/docs/api-reference/moderations/create) any moderation input.
    func createModeration<Input: Encodable & Sendable>(
        parameters: ModerationParameter<Input>, options: RequestOptions
    ) async throws -> ModerationObject

    /// [Creates](https://platform.openai.com/docs/api-reference/responses/create) a model response.
    func responseCreate(_ parameters: ModelResponseParameter, options: RequestOptions) async throws -> ResponseModel

    /// Creates a model response streamed as events.
    ///
    /// HTTP errors are thrown from this call; an `error` event, a truncated stream or an undecodable event
    /// is thrown from the stream after every event received before it. Unknown event types are yielded as
    /// ``ResponseStreamEvent/unknown(type:raw:)``.
    func responseCreateStream(
        _ parameters: ModelResponseParameter, options: RequestOptions
    ) async throws -> AsyncThrowingStream<ResponseStreamEvent, any Error>

    /// [Retrieves](https://platform.openai.com/docs/api-reference/responses/get) a stored response.
    ///
    /// - Parameters:
    ///   - id: the response.
    ///   - include: extra output to include, e.g. `file_search_call.results`.
    ///   - options: per-call options.
    func responseModel(id: String, include: [String]?, options: RequestOptions) async throws -> ResponseModel

    /// Streams a background response again from the event after `startingAfter` (a sequence number).
    func responseRetrieveStream(
        id: String, startingAfter: Int?, options: RequestOptions
    ) async throws -> AsyncThrowingStream<ResponseStreamEvent, any Error>

    /// [Deletes](https://platform.openai.com/docs/api-reference/responses/delete) a stored response.
    func responseDelete(id: String, options: RequestOptions) async throws -> ResponseModel.DeletionStatus

    /// [Cancels](https://platform.openai.com/docs/api-reference/responses/cancel) a background response.
    func responseCancel(id: String, options: RequestOptions) async throws -> ResponseModel

    /// [Lists](https://platform.openai.com/docs/api-reference/responses/input-items) the input items of a response.
    func responseInputItems(
        id: String, parameters: ResponseInputItemsParameter, options: RequestOptions
    ) async throws -> ResponseModel.InputItemList

    /// [Counts](https://platform.openai.com/docs/api-reference/responses/input-tokens) the input tokens of a request without running it.
    func responseInputTokens(_ parameters: ResponseInputTokensParameter, options: RequestOptions) async throws -> ResponseInputTokens

    /// [Compacts](https://platform.openai.com/docs/api-reference/responses/compact) a conversation into fewer input items.
    func responseCompact(_ parameters: ResponseCompactParameter, options: RequestOptions) async throws -> ResponseCompaction
    /// [Transcribes](https://platform.openai.com/docs/api-reference/audio/createTranscription) audio.
    func createTranscription(parameters: AudioTranscriptionParameters, options: RequestOptions) async throws -> AudioObject

    /// Transcribes audio, streaming the text as it is recognised (gpt-4o transcription models).
    func createTranscriptionStream(
        parameters: AudioTranscriptionParameters, options: RequestOptions
    ) async throws -> AsyncThrowingStream<AudioTranscriptionStreamEvent, any Error>

    /// [Translates](https://platform.openai.com/docs/api-reference/audio/createTranslation) audio into English.
    func createTranslation(parameters: AudioTranslationParameters, options: RequestOptions) async throws -> AudioObject

    /// [Generates speech](https://platform.openai.com/docs/api-reference/audio/createSpeech); the audio bytes in one `Data`.
    func createSpeech(parameters: AudioSpeechParameters, options: RequestOptions) async throws -> AudioSpeechObject

    /// Generates speech, yielding the audio bytes as they arrive (start playback before the end).
    func createSpeechStream(
        parameters: AudioSpeechParameters, options: RequestOptions
    ) async throws -> AsyncThrowingStream<Data, any Error>

    /// Generates speech as server-sent events (`stream_format: sse`, gpt-4o-mini-tts): audio deltas, then
    /// `done` with the token usage.
    func createSpeechEventStream(
        parameters: AudioSpeechParameters, options: RequestOptions
    ) async throws -> AsyncThrowingStream<AudioSpeechStreamEvent, any Error>

    /// [Creates images](https://platform.openai.com/docs/api-reference/images/create).
    func createImages(parameters: ImageCreateParameters, options: RequestOptions) async throws -> OpenAIResponse<ImageObject>

    /// [Edits images](https://platform.openai.com/docs/api-reference/images/createEdit).
    func editImage(parameters: ImageEditParameters, options: RequestOptions) async throws -> OpenAIResponse<ImageObject>

    /// [Creates variations](https://platform.openai.com/docs/api-reference/images/createVariation) of an image.
    func createImageVariations(parameters: ImageVariationParameters, options: RequestOptions) async throws -> OpenAIResponse<ImageObject>

    /// The bytes of an image: decoded from `b64_json`, or downloaded from its `url` (without this service's credentials).
    func imageData(for image: ImageObject, options: RequestOptions) async throws -> Data
    /// [Lists files](https://platform.openai.com/docs/api-reference/files/list), optionally of one purpose; one page.
    func listFiles(purpose: String?, parameters: ListParameters, options: RequestOptions) async throws -> OpenAIResponse<FileObject>

    /// [Uploads a file](https://platform.openai.com/docs/api-reference/files/create) (up to 512 MB; use an upload beyond).
    func uploadFile(parameters: FileParameters, options: RequestOptions) async throws -> FileObject

    /// [Retrieves](https://platform.openai.com/docs/api-reference/files/retrieve) a file's metadata.
    func retrieveFileWith(id: String, options: RequestOptions) async throws -> FileObject

    /// [Deletes](https://platform.openai.com/docs/api-reference/files/delete) a file.
    func deleteFileWith(id: String, options: RequestOptions) async throws -> FileObject.DeletionStatus

    /// [The content](https://platform.openai.com/docs/api-reference/files/retrieve-contents) of a file, as raw bytes.
    func retrieveContentForFileWith(id: String, options: RequestOptions) async throws -> Data

    /// [Creates an upload](https://platform.openai.com/docs/api-reference/uploads/create) to send a large file in parts.
    func createUpload(parameters: UploadParameters, options: RequestOptions) async throws -> UploadObject

    /// [Adds a part](https://platform.openai.com/docs/api-reference/uploads/add-part) (up to 64 MB) to an upload.
    func addUploadPart(uploadID: String, data: Data, options: RequestOptions) async throws -> UploadPartObject

    /// [Completes an upload](https://platform.openai.com/docs/api-reference/uploads/complete): the parts, in order, become a file.
    func completeUpload(uploadID: String, partIDs: [String], md5: String?, options: RequestOptions) async throws -> UploadObject

    /// [Cancels an upload](https://platform.openai.com/docs/api-reference/uploads/cancel).
    func cancelUpload(uploadID: String, options: RequestOptions) async throws -> UploadObject
    /// [Creates a batch](https://platform.openai.com/docs/api-reference/batch/create).
    func createBatch(parameters: BatchParameter, options: RequestOptions) async throws -> BatchObject

    /// [Retrieves a batch](https://platform.openai.com/docs/api-reference/batch/retrieve).
    func retrieveBatch(id: String, options: RequestOptions) async throws -> BatchObject

    /// [Cancels a batch](https://platform.openai.com/docs/api-reference/batch/cancel).
    func cancelBatch(id: String, options: RequestOptions) async throws -> BatchObject

    /// [Lists batches](https://platform.openai.com/docs/api-reference/batch/list); one page.
    func listBatch(parameters: ListParameters, options: RequestOptions) async throws -> OpenAIResponse<BatchObject>

    /// Streams the lines of a batch output (or error) file as typed results, reading the file as it downloads.
    func batchResults<Body: Decodable & Sendable>(
        fileID: String, as type: Body.Type, options: RequestOptions
    ) async throws -> AsyncThrowingStream<BatchResult<Body>, any Error>
    /// [Lists fine-tuning jobs](https://platform.openai.com/docs/api-reference/fine-tuning/list); one page.
    func listFineTuningJobs(after: String?, limit: Int?, options: RequestOptions) async throws -> OpenAIResponse<FineTuningJobObject>

    /// [Creates a fine-tuning job](https://platform.openai.com/docs/api-reference/fine-tuning/create).
    func createFineTuningJob(parameters: FineTuningJobParameters, options: RequestOptions) async throws -> FineTuningJobObject

    /// [Retrieves a fine-tuning job](https://platform.openai.com/docs/api-reference/fine-tuning/retrieve).
    func retrieveFineTuningJob(id: String, options: RequestOptions) async throws -> FineTuningJobObject

    /// [Cancels a fine-tuning job](https://platform.openai.com/docs/api-reference/fine-tuning/cancel).
    func cancelFineTuningJobWith(id: String, options: RequestOptions) async throws -> FineTuningJobObject

    /// [Lists the events](https://platform.openai.com/docs/api-reference/fine-tuning/list-events) of a fine-tuning job.
    func listFineTuningEventsForJobWith(
        id: String, after: String?, limit: Int?, options: RequestOptions
    ) async throws -> OpenAIResponse<FineTuningJobEventObject>

    /// [Lists the checkpoints](https://platform.openai.com/docs/api-reference/fine-tuning/list-checkpoints) of a fine-tuning job.
    func listFineTuningCheckpoints(
        jobID: String, after: String?, limit: Int?, options: RequestOptions
    ) async throws -> OpenAIResponse<FineTuningCheckpointObject>
    /// [Creates a vector store](https://platform.openai.com/docs/api-reference/vector-stores/create).
    func createVectorStore(parameters: VectorStoreParameter, options: RequestOptions) async throws -> VectorStoreObject
    /// [Lists vector stores](https://platform.openai.com/docs/api-reference/vector-stores/list); one page.
    func listVectorStores(parameters: ListParameters, options: RequestOptions) async throws -> OpenAIResponse<VectorStoreObject>
    /// [Retrieves a vector store](https://platform.openai.com/docs/api-reference/vector-stores/retrieve).
    func retrieveVectorStore(id: String, options: RequestOptions) async throws -> VectorStoreObject
    /// [Modifies a vector store](https://platform.openai.com/docs/api-reference/vector-stores/modify): name, expiry, metadata.
    func modifyVectorStore(parameters: VectorStoreParameter, id: String, options: RequestOptions) async throws -> VectorStoreObject
    /// [Deletes a vector store](https://platform.openai.com/docs/api-reference/vector-stores/delete).
    func deleteVectorStore(id: String, options: RequestOptions) async throws -> DeletionStatus
    /// [Adds a file](https://platform.openai.com/docs/api-reference/vector-stores-files/createFile) to a vector store.
    func createVectorStoreFile(vectorStoreID: String, parameters: VectorStoreFileParameter, options: RequestOptions) async throws -> VectorStoreFileObject
    /// [Lists the files](https://platform.openai.com/docs/api-reference/vector-stores-files/listFiles) of a vector store;
    /// `filter` is `in_progress`, `completed`, `failed` or `cancelled`.
    func listVectorStoreFiles(
        vectorStoreID: String, parameters: ListParameters, filter: String?, options: RequestOptions
    ) async throws -> OpenAIResponse<VectorStoreFileObject>
    /// [Retrieves a file](https://platform.openai.com/docs/api-reference/vector-stores-files/getFile) of a vector store.
    func retrieveVectorStoreFile(vectorStoreID: String, fileID: String, options: RequestOptions) async throws -> VectorStoreFileObject
    /// [Removes a file](https://platform.openai.com/docs/api-reference/vector-stores-files/deleteFile) from a vector store.
    func deleteVectorStoreFile(vectorStoreID: String, fileID: String, options: RequestOptions) async throws -> DeletionStatus
    /// [Adds files in a batch](https://platform.openai.com/docs/api-reference/vector-stores-file-batches/createBatch).
    func createVectorStoreFileBatch(
        vectorStoreID: String, parameters: VectorStoreFileBatchParameter, options: RequestOptions
    ) async throws -> VectorStoreFileBatchObject
    /// [Retrieves a file batch](https://platform.openai.com/docs/api-reference/vector-stores-file-batches/getBatch).
    func retrieveVectorStoreFileBatch(vectorStoreID: String, batchID: String, options: RequestOptions) async throws -> VectorStoreFileBatchObject
    /// [Cancels a file batch](https://platform.openai.com/docs/api-reference/vector-stores-file-batches/cancelBatch).
    func cancelVectorStoreFileBatch(vectorStoreID: String, batchID: String, options: RequestOptions) async throws -> VectorStoreFileBatchObject
    /// [Lists the files of a batch](https://platform.openai.com/docs/api-reference/vector-stores-file-batches/listBatchFiles).
    func listVectorStoreFilesInABatch(
        vectorStoreID: String, batchID: String, parameters: ListParameters, filter: String?, options: RequestOptions
    ) async throws -> OpenAIResponse<VectorStoreFileObject>
    /// [Searches a vector store](https://platform.openai.com/docs/api-reference/vector-stores/search).
    func searchVectorStore(id: String, parameters: VectorStoreSearchParameter, options: RequestOptions) async throws -> VectorStoreSearchResultsPage

    // MARK: Assistants v2 (OpenAI-Beta: assistants=v2)

    /// [Creates an assistant](https://platform.openai.com/docs/api-reference/assistants/createAssistant).
    func createAssistant(parameters: AssistantParameters, options: RequestOptions) async throws -> AssistantObject
    /// [Retrieves an assistant](https://platform.openai.com/docs/api-reference/assistants/getAssistant).
    func retrieveAssistant(id: String, options: RequestOptions) async throws -> AssistantObject
    /// [Modifies an assistant](https://platform.openai.com/docs/api-reference/assistants/modifyAssistant).
    func modifyAssistant(id: String, parameters: AssistantParameters, options: RequestOptions) async throws -> AssistantObject
    /// [Deletes an assistant](https://platform.openai.com/docs/api-reference/assistants/deleteAssistant).
    func deleteAssistant(id: String, options: RequestOptions) async throws -> AssistantObject.DeletionStatus
    /// [Lists assistants](https://platform.openai.com/docs/api-reference/assistants/listAssistants); one page.
    func listAssistants(limit: Int?, order: String?, after: String?, before: String?, options: RequestOptions) async throws -> OpenAIResponse<AssistantObject>
    /// [Creates a thread](https://platform.openai.com/docs/api-reference/threads/createThread).
    func createThread(parameters: CreateThreadParameters, options: RequestOptions) async throws -> ThreadObject
    /// [Retrieves a thread](https://platform.openai.com/docs/api-reference/threads/getThread).
    func retrieveThread(id: String, options: RequestOptions) async throws -> ThreadObject
    /// [Modifies a thread](https://platform.openai.com/docs/api-reference/threads/modifyThread): metadata and tool resources.
    func modifyThread(id: String, parameters: CreateThreadParameters, options: RequestOptions) async throws -> ThreadObject
    /// [Deletes a thread](https://platform.openai.com/docs/api-reference/threads/deleteThread).
    func deleteThread(id: String, options: RequestOptions) async throws -> ThreadObject.DeletionStatus
    /// [Creates a message](https://platform.openai.com/docs/api-reference/messages/createMessage).
    func createMessage(threadID: String, parameters: MessageParameter, options: RequestOptions) async throws -> MessageObject
    /// [Retrieves a message](https://platform.openai.com/docs/api-reference/messages/getMessage).
    func retrieveMessage(threadID: String, messageID: String, options: RequestOptions) async throws -> MessageObject
    /// [Modifies a message](https://platform.openai.com/docs/api-reference/messages/modifyMessage).
    func modifyMessage(threadID: String, messageID: String, parameters: ModifyMessageParameters, options: RequestOptions) async throws -> MessageObject
    /// [Deletes a message](https://platform.openai.com/docs/api-reference/messages/deleteMessage).
    func deleteMessage(threadID: String, messageID: String, options: RequestOptions) async throws -> DeletionStatus
    /// [Lists the messages](https://platform.openai.com/docs/api-reference/messages/listMessages) of a thread, optionally of one run.
    func listMessages(threadID: String, limit: Int?, order: String?, after: String?, before: String?, runID: String?, options: RequestOptions) async throws -> OpenAIResponse<MessageObject>
    /// [Creates a run](https://platform.openai.com/docs/api-reference/runs/createRun).
    func createRun(threadID: String, parameters: RunParameter, options: RequestOptions) async throws -> RunObject
    /// [Retrieves a run](https://platform.openai.com/docs/api-reference/runs/getRun).
    func retrieveRun(threadID: String, runID: String, options: RequestOptions) async throws -> RunObject
    /// [Modifies a run](https://platform.openai.com/docs/api-reference/runs/modifyRun).
    func modifyRun(threadID: String, runID: String, parameters: ModifyRunParameters, options: RequestOptions) async throws -> RunObject
    /// [Lists the runs](https://platform.openai.com/docs/api-reference/runs/listRuns) of a thread.
    func listRuns(threadID: String, limit: Int?, order: String?, after: String?, before: String?, options: RequestOptions) async throws -> OpenAIResponse<RunObject>
    /// [Cancels a run](https://platform.openai.com/docs/api-reference/runs/cancelRun) that is in progress.
    func cancelRun(threadID: String, runID: String, options: RequestOptions) async throws -> RunObject
    /// [Submits tool outputs](https://platform.openai.com/docs/api-reference/runs/submitToolOutputs) to a run that requires action.
    func submitToolOutputsToRun(threadID: String, runID: String, parameters: RunToolsOutputParameter, options: RequestOptions) async throws -> RunObject
    /// [Creates a thread and runs it](https://platform.openai.com/docs/api-reference/runs/createThreadAndRun).
    func createThreadAndRun(parameters: CreateThreadAndRunParameter, options: RequestOptions) async throws -> RunObject
    /// [Retrieves a run step](https://platform.openai.com/docs/api-reference/run-steps/getRunStep).
    func retrieveRunstep(threadID: String, runID: String, stepID: String, options: RequestOptions) async throws -> RunStepObject
    /// [Lists the steps](https://platform.openai.com/docs/api-reference/run-steps/listRunSteps) of a run.
    func listRunSteps(threadID: String, runID: String, limit: Int?, order: String?, after: String?, before: String?, options: RequestOptions) async throws -> OpenAIResponse<RunStepObject>
    /// Creates a run and streams its [events](https://platform.openai.com/docs/api-reference/assistants-streaming/events).
    func createRunAndStreamMessage(threadID: String, parameters: RunParameter, options: RequestOptions) async throws -> AsyncThrowingStream<AssistantStreamEvent, any Error>
    /// Creates a thread and a run, streaming the run's events.
    func createThreadAndRunStream(parameters: CreateThreadAndRunParameter, options: RequestOptions) async throws -> AsyncThrowingStream<AssistantStreamEvent, any Error>
    /// Submits tool outputs and streams the rest of the run.
    func submitToolOutputsToRunStream(threadID: String, runID: String, parameters: RunToolsOutputParameter, options: RequestOptions) async throws -> AsyncThrowingStream<AssistantStreamEvent, any Error>
}

extension OpenAIService {
    public func startChat(parameters: ChatCompletionParameters) async throws -> ChatCompletionObject {
        try await startChat(parameters: parameters, options: .default)
    }

    public func startStreamedChat(
        parameters: ChatCompletionParameters
    ) async throws -> AsyncThrowingStream<ChatCompletionChunkObject, any Error> {
        try await startStreamedChat(parameters: parameters, options: .default)
    }

    public func listModels() async throws -> OpenAIResponse<ModelObject> {
        try await listModels(options: .default)
    }

    public func retrieveModelWith(id: String) async throws -> ModelObject {
        try await retrieveModelWith(id: id, options: .default)
    }

    public func deleteFineTuneModelWith(id: String) async throws -> ModelObject.DeletionStatus {
        try await deleteFineTuneModelWith(id: id, options: .default)
    }

    public func createEmbeddings(parameters: EmbeddingParameter) async throws -> OpenAIResponse<EmbeddingObject> {
        try await createEmbeddings(parameters: parameters, options: .default)
    }

    /// Classifies one text.
    public func createModerationFromText(
        parameters: ModerationParameter<String>, options: RequestOptions = .default
    ) async throws -> ModerationObject {
        try await createModeration(parameters: parameters, options: options)
    }

    /// Classifies several texts.
    public func createModerationFromTexts(
        parameters: ModerationParameter<[String]>, options: RequestOptions = .default
    ) async throws -> ModerationObject {
        try await createModeration(parameters: parameters, options: options)
    }
}
