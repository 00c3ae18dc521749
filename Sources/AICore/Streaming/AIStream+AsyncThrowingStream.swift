import Foundation

/// The bridge to and from `AsyncThrowingStream`, for code written against `AsyncThrowingStream`-based service APIs.
///
/// Earlier SwiftOpenAI and SwiftAnthropic releases returned `AsyncThrowingStream<…, Error>`; these return ``AIStream``. Both ways are one
/// line, and both keep values, errors and cancellation:
///
/// ```swift
/// // An AIStream where an AsyncThrowingStream is expected (a variable, a function of your own):
/// let stream: AsyncThrowingStream<ChatCompletionChunkObject, Error> =
///     try await service.startStreamedChat(parameters: parameters).asyncThrowingStream
/// // An AsyncThrowingStream where an AIStream is expected (a test double of a service):
/// func startStreamedChat(parameters: ChatCompletionParameters) async throws -> AIStream<ChatCompletionChunkObject> {
///     AIStream(cannedChunks)  // cannedChunks: AsyncThrowingStream<ChatCompletionChunkObject, Error>
/// }
/// ```
extension AIStream {
    /// These values as an `AsyncThrowingStream<Element, any Error>`.
    ///
    /// Pulled on demand: the network is read only when the consumer asks for the next value, as with the
    /// ``AIStream`` itself. Errors arrive after every value before them. Cancelling the consuming task, breaking out
    /// of its loop or dropping the stream closes the connection. It costs what `AsyncThrowingStream` costs: a
    /// consumer on an actor pays a thread hop per element, so iterate the ``AIStream`` itself where you can.
    public var asyncThrowingStream: AsyncThrowingStream<Element, any Error> {
        let iterator = SingleConsumerIterator(makeAsyncIterator())
        // `unfolding:` runs `next()` in the consuming task: its cancellation reaches the network read.
        return AsyncThrowingStream(unfolding: { try await iterator.next() })
    }
}
