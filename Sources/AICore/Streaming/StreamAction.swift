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

/// Whether a stream goes on after an event (the event's values, if any, went into the batch being read).
///
/// Not generic, unlike ``StreamAction``: the reader's loop over a batch's events then needs no generic metadata.
@usableFromInline
package enum StreamControl: Sendable {
    case proceed
    /// The stream is complete (e.g. `data: [DONE]`); later events are ignored.
    case finish
}
