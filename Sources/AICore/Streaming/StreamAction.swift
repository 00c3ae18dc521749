import Foundation

/// What a stream does with one event.
package enum StreamAction<Output: Sendable>: Sendable {
    /// Yield a value to the consumer.
    case yield(Output)
    /// Ignore the event.
    case skip
    /// The stream is complete (e.g. `data: [DONE]`); later events are ignored.
    case finish
}
