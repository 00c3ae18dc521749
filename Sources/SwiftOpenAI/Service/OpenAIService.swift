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
    /// - Parameter include: extra output to include, e.g. `file_search_call.results`.
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
    public func responseCreate(_ parameters: ModelResponseParameter) async throws -> ResponseModel {
        try await responseCreate(parameters, options: .default)
    }

    public func responseCreateStream(
        _ parameters: ModelResponseParameter
    ) async throws -> AsyncThrowingStream<ResponseStreamEvent, any Error> {
        try await responseCreateStream(parameters, options: .default)
    }

    public func responseModel(id: String, include: [String]? = nil) async throws -> ResponseModel {
        try await responseModel(id: id, include: include, options: .default)
    }

    public func responseRetrieveStream(
        id: String, startingAfter: Int? = nil
    ) async throws -> AsyncThrowingStream<ResponseStreamEvent, any Error> {
        try await responseRetrieveStream(id: id, startingAfter: startingAfter, options: .default)
    }

    public func responseDelete(id: String) async throws -> ResponseModel.DeletionStatus {
        try await responseDelete(id: id, options: .default)
    }

    public func responseCancel(id: String) async throws -> ResponseModel {
        try await responseCancel(id: id, options: .default)
    }

    public func responseInputItems(
        id: String, parameters: ResponseInputItemsParameter = ResponseInputItemsParameter()
    ) async throws -> ResponseModel.InputItemList {
        try await responseInputItems(id: id, parameters: parameters, options: .default)
    }


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

extension OpenAIService {
    public func createTranscription(parameters: AudioTranscriptionParameters) async throws -> AudioObject {
        try await createTranscription(parameters: parameters, options: .default)
    }

    public func createTranscriptionStream(
        parameters: AudioTranscriptionParameters
    ) async throws -> AsyncThrowingStream<AudioTranscriptionStreamEvent, any Error> {
        try await createTranscriptionStream(parameters: parameters, options: .default)
    }

    public func createTranslation(parameters: AudioTranslationParameters) async throws -> AudioObject {
        try await createTranslation(parameters: parameters, options: .default)
    }

    public func createSpeech(parameters: AudioSpeechParameters) async throws -> AudioSpeechObject {
        try await createSpeech(parameters: parameters, options: .default)
    }

    public func createSpeechStream(parameters: AudioSpeechParameters) async throws -> AsyncThrowingStream<Data, any Error> {
        try await createSpeechStream(parameters: parameters, options: .default)
    }
}

extension OpenAIService {
    public func createImages(parameters: ImageCreateParameters) async throws -> OpenAIResponse<ImageObject> {
        try await createImages(parameters: parameters, options: .default)
    }

    public func editImage(parameters: ImageEditParameters) async throws -> OpenAIResponse<ImageObject> {
        try await editImage(parameters: parameters, options: .default)
    }

    public func createImageVariations(parameters: ImageVariationParameters) async throws -> OpenAIResponse<ImageObject> {
        try await createImageVariations(parameters: parameters, options: .default)
    }

    public func imageData(for image: ImageObject) async throws -> Data {
        try await imageData(for: image, options: .default)
    }
}

extension OpenAIService {
    public func listFiles(purpose: String? = nil, parameters: ListParameters = ListParameters()) async throws -> OpenAIResponse<FileObject> {
        try await listFiles(purpose: purpose, parameters: parameters, options: .default)
    }

    /// Every file (of `purpose`), page after page as the sequence is consumed.
    public func allFiles(purpose: String? = nil, pageSize: Int? = nil, options: RequestOptions = .default) -> OpenAIPageSequence<FileObject> {
        OpenAIPageSequence(
            fetch: { after in
                try await self.listFiles(purpose: purpose, parameters: ListParameters(limit: pageSize, after: after), options: options)
            }, id: \.id)
    }

    public func uploadFile(parameters: FileParameters) async throws -> FileObject {
        try await uploadFile(parameters: parameters, options: .default)
    }

    public func retrieveFileWith(id: String) async throws -> FileObject {
        try await retrieveFileWith(id: id, options: .default)
    }

    public func deleteFileWith(id: String) async throws -> FileObject.DeletionStatus {
        try await deleteFileWith(id: id, options: .default)
    }

    public func retrieveContentForFileWith(id: String) async throws -> Data {
        try await retrieveContentForFileWith(id: id, options: .default)
    }

    public func createUpload(parameters: UploadParameters) async throws -> UploadObject {
        try await createUpload(parameters: parameters, options: .default)
    }

    public func addUploadPart(uploadID: String, data: Data) async throws -> UploadPartObject {
        try await addUploadPart(uploadID: uploadID, data: data, options: .default)
    }

    public func completeUpload(uploadID: String, partIDs: [String], md5: String? = nil) async throws -> UploadObject {
        try await completeUpload(uploadID: uploadID, partIDs: partIDs, md5: md5, options: .default)
    }

    public func cancelUpload(uploadID: String) async throws -> UploadObject {
        try await cancelUpload(uploadID: uploadID, options: .default)
    }

    /// Uploads a file from disk in parts through the Uploads API, reading one part at a time (never the whole
    /// file), and returns the completed file. A failure cancels the upload.
    ///
    /// - Parameters:
    ///   - partSize: bytes per part, at most 64 MB.
    ///   - progress: called after each part with the bytes sent and the total.
    public func uploadLargeFile(
        at url: URL, purpose: String, mimeType: String, partSize: Int = 64 * 1024 * 1024,
        options: RequestOptions = .default, progress: (@Sendable (_ sent: Int, _ total: Int) -> Void)? = nil
    ) async throws -> FileObject {
        guard partSize > 0, partSize <= 64 * 1024 * 1024 else {
            throw APIError(kind: .invalidRequest, message: "partSize must be between 1 byte and 64 MB.")
        }
        let handle: FileHandle
        let total: Int
        do {
            handle = try FileHandle(forReadingFrom: url)
            total = Int(try handle.seekToEnd())
            try handle.seek(toOffset: 0)
        } catch {
            throw APIError(kind: .invalidRequest, message: "Cannot read \(url.path): \(error.localizedDescription)")
        }
        defer { try? handle.close() }
        let upload = try await createUpload(
            parameters: UploadParameters(filename: url.lastPathComponent, purpose: purpose, bytes: total, mimeType: mimeType),
            options: options)
        do {
            var partIDs: [String] = []
            var sent = 0
            while sent < total {
                let chunk = try handle.read(upToCount: min(partSize, total - sent)) ?? Data()
                guard !chunk.isEmpty else {
                    throw APIError(kind: .invalidRequest, message: "\(url.path) shrank while it was being uploaded.")
                }
                partIDs.append(try await addUploadPart(uploadID: upload.id, data: chunk, options: options).id)
                sent += chunk.count
                progress?(sent, total)
            }
            let completed = try await completeUpload(uploadID: upload.id, partIDs: partIDs, md5: nil, options: options)
            guard let file = completed.file else {
                throw APIError(kind: .invalidResponse, message: "The completed upload \(upload.id) has no file.")
            }
            return file
        } catch {
            _ = try? await cancelUpload(uploadID: upload.id, options: options)
            throw error
        }
    }
}

extension OpenAIService {
    public func createBatch(parameters: BatchParameter) async throws -> BatchObject {
        try await createBatch(parameters: parameters, options: .default)
    }

    public func retrieveBatch(id: String) async throws -> BatchObject {
        try await retrieveBatch(id: id, options: .default)
    }

    public func cancelBatch(id: String) async throws -> BatchObject {
        try await cancelBatch(id: id, options: .default)
    }

    public func listBatch(parameters: ListParameters = ListParameters()) async throws -> OpenAIResponse<BatchObject> {
        try await listBatch(parameters: parameters, options: .default)
    }

    public func batchResults<Body: Decodable & Sendable>(
        fileID: String, as type: Body.Type
    ) async throws -> AsyncThrowingStream<BatchResult<Body>, any Error> {
        try await batchResults(fileID: fileID, as: type, options: .default)
    }

    /// Every batch, page after page.
    public func allBatches(pageSize: Int? = nil, options: RequestOptions = .default) -> OpenAIPageSequence<BatchObject> {
        OpenAIPageSequence(
            fetch: { after in try await self.listBatch(parameters: ListParameters(limit: pageSize, after: after), options: options) },
            id: \.id)
    }

    /// Writes `requests` as a JSONL file, uploads it (purpose `batch`) and creates a batch for `endpoint`.
    public func createBatch<Body: Encodable & Sendable>(
        requests: [BatchRequest<Body>], endpoint: String, metadata: [String: String]? = nil, options: RequestOptions = .default
    ) async throws -> BatchObject {
        let ids = requests.map(\.customID)
        guard Set(ids).count == ids.count else {
            throw APIError(kind: .invalidRequest, message: "Batch custom ids must be unique.")
        }
        let file = try await uploadFile(
            parameters: FileParameters(fileName: "batch-\(UUID().uuidString).jsonl", file: try BatchRequest.jsonLines(requests), purpose: "batch"),
            options: options)
        return try await createBatch(
            parameters: BatchParameter(inputFileID: file.id, endpoint: endpoint, metadata: metadata), options: options)
    }

    /// A batch of chat completions, each with your id.
    public func createChatBatch(
        requests: [(customID: String, parameters: ChatCompletionParameters)], metadata: [String: String]? = nil,
        options: RequestOptions = .default
    ) async throws -> BatchObject {
        try await createBatch(
            requests: requests.map { request in
                var parameters = request.parameters
                parameters.stream = nil
                parameters.streamOptions = nil
                return BatchRequest(customID: request.customID, url: "/v1/chat/completions", body: parameters)
            },
            endpoint: "/v1/chat/completions", metadata: metadata, options: options)
    }

    /// A batch of embeddings requests, each with your id.
    public func createEmbeddingsBatch(
        requests: [(customID: String, parameters: EmbeddingParameter)], metadata: [String: String]? = nil,
        options: RequestOptions = .default
    ) async throws -> BatchObject {
        try await createBatch(
            requests: requests.map { BatchRequest(customID: $0.customID, url: "/v1/embeddings", body: $0.parameters) },
            endpoint: "/v1/embeddings", metadata: metadata, options: options)
    }

    /// Polls a batch until it is completed, failed, expired or cancelled.
    ///
    /// - Parameter progress: called with the batch after every poll.
    public func waitForBatch(
        id: String, pollInterval: TimeInterval = 10, options: RequestOptions = .default,
        progress: (@Sendable (BatchObject) -> Void)? = nil
    ) async throws -> BatchObject {
        while true {
            let batch = try await retrieveBatch(id: id, options: options)
            progress?(batch)
            if batch.isFinished { return batch }
            try await Task.sleep(nanoseconds: UInt64(max(0.001, pollInterval) * 1_000_000_000))
        }
    }

    /// The results of a finished batch: every line of its output file, then of its error file, matched to custom ids.
    public func batchResults<Body: Decodable & Sendable>(
        of batch: BatchObject, as type: Body.Type, options: RequestOptions = .default
    ) async throws -> [BatchResult<Body>] {
        var results: [BatchResult<Body>] = []
        for fileID in [batch.outputFileID, batch.errorFileID].compactMap({ $0 }) {
            for try await result in try await batchResults(fileID: fileID, as: type, options: options) { results.append(result) }
        }
        return results
    }
}

extension OpenAIService {
    public func listFineTuningJobs(after: String? = nil, limit: Int? = nil) async throws -> OpenAIResponse<FineTuningJobObject> {
        try await listFineTuningJobs(after: after, limit: limit, options: .default)
    }

    /// Every fine-tuning job, page after page.
    public func allFineTuningJobs(pageSize: Int? = nil, options: RequestOptions = .default) -> OpenAIPageSequence<FineTuningJobObject> {
        OpenAIPageSequence(fetch: { try await self.listFineTuningJobs(after: $0, limit: pageSize, options: options) }, id: \.id)
    }

    public func createFineTuningJob(parameters: FineTuningJobParameters) async throws -> FineTuningJobObject {
        try await createFineTuningJob(parameters: parameters, options: .default)
    }

    public func retrieveFineTuningJob(id: String) async throws -> FineTuningJobObject {
        try await retrieveFineTuningJob(id: id, options: .default)
    }

    public func cancelFineTuningJobWith(id: String) async throws -> FineTuningJobObject {
        try await cancelFineTuningJobWith(id: id, options: .default)
    }

    public func listFineTuningEventsForJobWith(
        id: String, after: String? = nil, limit: Int? = nil
    ) async throws -> OpenAIResponse<FineTuningJobEventObject> {
        try await listFineTuningEventsForJobWith(id: id, after: after, limit: limit, options: .default)
    }

    public func listFineTuningCheckpoints(
        jobID: String, after: String? = nil, limit: Int? = nil
    ) async throws -> OpenAIResponse<FineTuningCheckpointObject> {
        try await listFineTuningCheckpoints(jobID: jobID, after: after, limit: limit, options: .default)
    }
}

extension OpenAIService {
    public func createVectorStore(parameters: VectorStoreParameter) async throws -> VectorStoreObject {
        try await createVectorStore(parameters: parameters, options: .default)
    }

    public func listVectorStores(parameters: ListParameters = ListParameters()) async throws -> OpenAIResponse<VectorStoreObject> {
        try await listVectorStores(parameters: parameters, options: .default)
    }

    /// Every vector store, page after page.
    public func allVectorStores(pageSize: Int? = nil, options: RequestOptions = .default) -> OpenAIPageSequence<VectorStoreObject> {
        OpenAIPageSequence(
            fetch: { try await self.listVectorStores(parameters: ListParameters(limit: pageSize, after: $0), options: options) }, id: \.id)
    }

    public func retrieveVectorStore(id: String) async throws -> VectorStoreObject {
        try await retrieveVectorStore(id: id, options: .default)
    }

    public func modifyVectorStore(parameters: VectorStoreParameter, id: String) async throws -> VectorStoreObject {
        try await modifyVectorStore(parameters: parameters, id: id, options: .default)
    }

    public func deleteVectorStore(id: String) async throws -> DeletionStatus {
        try await deleteVectorStore(id: id, options: .default)
    }

    public func createVectorStoreFile(vectorStoreID: String, parameters: VectorStoreFileParameter) async throws -> VectorStoreFileObject {
        try await createVectorStoreFile(vectorStoreID: vectorStoreID, parameters: parameters, options: .default)
    }

    public func listVectorStoreFiles(
        vectorStoreID: String, parameters: ListParameters = ListParameters(), filter: String? = nil
    ) async throws -> OpenAIResponse<VectorStoreFileObject> {
        try await listVectorStoreFiles(vectorStoreID: vectorStoreID, parameters: parameters, filter: filter, options: .default)
    }

    public func retrieveVectorStoreFile(vectorStoreID: String, fileID: String) async throws -> VectorStoreFileObject {
        try await retrieveVectorStoreFile(vectorStoreID: vectorStoreID, fileID: fileID, options: .default)
    }

    public func deleteVectorStoreFile(vectorStoreID: String, fileID: String) async throws -> DeletionStatus {
        try await deleteVectorStoreFile(vectorStoreID: vectorStoreID, fileID: fileID, options: .default)
    }

    public func createVectorStoreFileBatch(
        vectorStoreID: String, parameters: VectorStoreFileBatchParameter
    ) async throws -> VectorStoreFileBatchObject {
        try await createVectorStoreFileBatch(vectorStoreID: vectorStoreID, parameters: parameters, options: .default)
    }

    public func retrieveVectorStoreFileBatch(vectorStoreID: String, batchID: String) async throws -> VectorStoreFileBatchObject {
        try await retrieveVectorStoreFileBatch(vectorStoreID: vectorStoreID, batchID: batchID, options: .default)
    }

    public func cancelVectorStoreFileBatch(vectorStoreID: String, batchID: String) async throws -> VectorStoreFileBatchObject {
        try await cancelVectorStoreFileBatch(vectorStoreID: vectorStoreID, batchID: batchID, options: .default)
    }

    public func listVectorStoreFilesInABatch(
        vectorStoreID: String, batchID: String, parameters: ListParameters = ListParameters(), filter: String? = nil
    ) async throws -> OpenAIResponse<VectorStoreFileObject> {
        try await listVectorStoreFilesInABatch(
            vectorStoreID: vectorStoreID, batchID: batchID, parameters: parameters, filter: filter, options: .default)
    }

    public func searchVectorStore(id: String, parameters: VectorStoreSearchParameter) async throws -> VectorStoreSearchResultsPage {
        try await searchVectorStore(id: id, parameters: parameters, options: .default)
    }

    /// Polls a vector store file until it is no longer `in_progress`, waiting as long as the server's
    /// `openai-poll-after-ms` header says (else `defaultInterval`).
    public func pollVectorStoreFile(
        vectorStoreID: String, fileID: String, defaultInterval: TimeInterval = 1, options: RequestOptions = .default
    ) async throws -> VectorStoreFileObject {
        try await VectorStorePolling.poll(defaultInterval: defaultInterval, options: options) { options in
            let file = try await self.retrieveVectorStoreFile(vectorStoreID: vectorStoreID, fileID: fileID, options: options)
            return (file, file.status != "in_progress")
        }
    }

    /// Polls a file batch until it is no longer `in_progress`, honouring `openai-poll-after-ms`.
    public func pollVectorStoreFileBatch(
        vectorStoreID: String, batchID: String, defaultInterval: TimeInterval = 1, options: RequestOptions = .default
    ) async throws -> VectorStoreFileBatchObject {
        try await VectorStorePolling.poll(defaultInterval: defaultInterval, options: options) { options in
            let batch = try await self.retrieveVectorStoreFileBatch(vectorStoreID: vectorStoreID, batchID: batchID, options: options)
            return (batch, batch.status != "in_progress")
        }
    }
}

enum VectorStorePolling {
    /// Calls `attempt` until it reports done, sleeping for the server's `openai-poll-after-ms` between calls.
    static func poll<T: Sendable>(
        defaultInterval: TimeInterval, options: RequestOptions,
        _ attempt: (RequestOptions) async throws -> (T, Bool)
    ) async throws -> T {
        while true {
            let pollAfter = LockedValue<TimeInterval?>(nil)
            var pollOptions = options
            let forward = options.onResponse
            pollOptions.onResponse = { metadata in
                pollAfter.withLock { $0 = metadata.headers["openai-poll-after-ms"].flatMap(Double.init).map { $0 / 1000 } }
                forward?(metadata)
            }
            let (value, done) = try await attempt(pollOptions)
            if done { return value }
            let seconds = pollAfter.withLock { $0 } ?? defaultInterval
            try await Task.sleep(nanoseconds: UInt64(max(0.001, seconds) * 1_000_000_000))
        }
    }
}

// MARK: Assistants v2 without options

extension OpenAIService {
    public func createAssistant(parameters: AssistantParameters) async throws -> AssistantObject {
        try await createAssistant(parameters: parameters, options: .default)
    }

    public func retrieveAssistant(id: String) async throws -> AssistantObject {
        try await retrieveAssistant(id: id, options: .default)
    }

    public func modifyAssistant(id: String, parameters: AssistantParameters) async throws -> AssistantObject {
        try await modifyAssistant(id: id, parameters: parameters, options: .default)
    }

    public func deleteAssistant(id: String) async throws -> AssistantObject.DeletionStatus {
        try await deleteAssistant(id: id, options: .default)
    }

    public func listAssistants(limit: Int? = nil, order: String? = nil, after: String? = nil, before: String? = nil) async throws -> OpenAIResponse<AssistantObject> {
        try await listAssistants(limit: limit, order: order, after: after, before: before, options: .default)
    }

    public func createThread(parameters: CreateThreadParameters) async throws -> ThreadObject {
        try await createThread(parameters: parameters, options: .default)
    }

    public func retrieveThread(id: String) async throws -> ThreadObject {
        try await retrieveThread(id: id, options: .default)
    }

    public func modifyThread(id: String, parameters: CreateThreadParameters) async throws -> ThreadObject {
        try await modifyThread(id: id, parameters: parameters, options: .default)
    }

    public func deleteThread(id: String) async throws -> ThreadObject.DeletionStatus {
        try await deleteThread(id: id, options: .default)
    }

    public func createMessage(threadID: String, parameters: MessageParameter) async throws -> MessageObject {
        try await createMessage(threadID: threadID, parameters: parameters, options: .default)
    }

    public func retrieveMessage(threadID: String, messageID: String) async throws -> MessageObject {
        try await retrieveMessage(threadID: threadID, messageID: messageID, options: .default)
    }

    public func modifyMessage(threadID: String, messageID: String, parameters: ModifyMessageParameters) async throws -> MessageObject {
        try await modifyMessage(threadID: threadID, messageID: messageID, parameters: parameters, options: .default)
    }

    public func deleteMessage(threadID: String, messageID: String) async throws -> DeletionStatus {
        try await deleteMessage(threadID: threadID, messageID: messageID, options: .default)
    }

    public func listMessages(threadID: String, limit: Int? = nil, order: String? = nil, after: String? = nil, before: String? = nil, runID: String? = nil) async throws -> OpenAIResponse<MessageObject> {
        try await listMessages(threadID: threadID, limit: limit, order: order, after: after, before: before, runID: runID, options: .default)
    }

    public func createRun(threadID: String, parameters: RunParameter) async throws -> RunObject {
        try await createRun(threadID: threadID, parameters: parameters, options: .default)
    }

    public func retrieveRun(threadID: String, runID: String) async throws -> RunObject {
        try await retrieveRun(threadID: threadID, runID: runID, options: .default)
    }

    public func modifyRun(threadID: String, runID: String, parameters: ModifyRunParameters) async throws -> RunObject {
        try await modifyRun(threadID: threadID, runID: runID, parameters: parameters, options: .default)
    }

    public func listRuns(threadID: String, limit: Int? = nil, order: String? = nil, after: String? = nil, before: String? = nil) async throws -> OpenAIResponse<RunObject> {
        try await listRuns(threadID: threadID, limit: limit, order: order, after: after, before: before, options: .default)
    }

    public func cancelRun(threadID: String, runID: String) async throws -> RunObject {
        try await cancelRun(threadID: threadID, runID: runID, options: .default)
    }

    public func submitToolOutputsToRun(threadID: String, runID: String, parameters: RunToolsOutputParameter) async throws -> RunObject {
        try await submitToolOutputsToRun(threadID: threadID, runID: runID, parameters: parameters, options: .default)
    }

    public func createThreadAndRun(parameters: CreateThreadAndRunParameter) async throws -> RunObject {
        try await createThreadAndRun(parameters: parameters, options: .default)
    }

    public func retrieveRunstep(threadID: String, runID: String, stepID: String) async throws -> RunStepObject {
        try await retrieveRunstep(threadID: threadID, runID: runID, stepID: stepID, options: .default)
    }

    public func listRunSteps(threadID: String, runID: String, limit: Int? = nil, order: String? = nil, after: String? = nil, before: String? = nil) async throws -> OpenAIResponse<RunStepObject> {
        try await listRunSteps(threadID: threadID, runID: runID, limit: limit, order: order, after: after, before: before, options: .default)
    }

    public func createRunAndStreamMessage(threadID: String, parameters: RunParameter) async throws -> AsyncThrowingStream<AssistantStreamEvent, any Error> {
        try await createRunAndStreamMessage(threadID: threadID, parameters: parameters, options: .default)
    }

    public func createThreadAndRunStream(parameters: CreateThreadAndRunParameter) async throws -> AsyncThrowingStream<AssistantStreamEvent, any Error> {
        try await createThreadAndRunStream(parameters: parameters, options: .default)
    }

    public func submitToolOutputsToRunStream(threadID: String, runID: String, parameters: RunToolsOutputParameter) async throws -> AsyncThrowingStream<AssistantStreamEvent, any Error> {
        try await submitToolOutputsToRunStream(threadID: threadID, runID: runID, parameters: parameters, options: .default)
    }
}

extension OpenAIService {
    /// Every assistant, page after page.
    public func allAssistants(pageSize: Int? = nil, options: RequestOptions = .default) -> OpenAIPageSequence<AssistantObject> {
        OpenAIPageSequence(
            fetch: { try await self.listAssistants(limit: pageSize, order: nil, after: $0, before: nil, options: options) }, id: \.id)
    }

    /// Every message of a thread (newest first, as the API orders them by default), page after page.
    public func allMessages(
        threadID: String, order: String? = nil, pageSize: Int? = nil, options: RequestOptions = .default
    ) -> OpenAIPageSequence<MessageObject> {
        OpenAIPageSequence(
            fetch: {
                try await self.listMessages(
                    threadID: threadID, limit: pageSize, order: order, after: $0, before: nil, runID: nil, options: options)
            }, id: \.id)
    }
}
