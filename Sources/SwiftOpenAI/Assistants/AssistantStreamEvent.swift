import AICore
import Foundation

/// An [assistant stream event](https://platform.openai.com/docs/api-reference/assistants-streaming/events).
///
/// An `error` event is thrown from the stream as `APIError`; `done` is yielded last. Event types this version
/// doesn't know arrive as ``unknown(type:raw:)`` and don't end the stream.
///
/// The cases that carry a whole thread, run, run step or message are `indirect` (boxed): an event is copied into a
/// batch and out to the loop that reads it, and the message deltas a stream is made of are then small values.
public enum AssistantStreamEvent: Sendable {
    /// `thread.created`
    indirect case threadCreated(ThreadObject)
    /// `thread.run.created`
    indirect case threadRunCreated(RunObject)
    /// `thread.run.queued`
    indirect case threadRunQueued(RunObject)
    /// `thread.run.in_progress`
    indirect case threadRunInProgress(RunObject)
    /// `thread.run.requires_action`
    indirect case threadRunRequiresAction(RunObject)
    /// `thread.run.completed`
    indirect case threadRunCompleted(RunObject)
    /// `thread.run.incomplete`
    indirect case threadRunIncomplete(RunObject)
    /// `thread.run.failed`
    indirect case threadRunFailed(RunObject)
    /// `thread.run.cancelling`
    indirect case threadRunCancelling(RunObject)
    /// `thread.run.cancelled`
    indirect case threadRunCancelled(RunObject)
    /// `thread.run.expired`
    indirect case threadRunExpired(RunObject)
    /// `thread.run.step.created`
    indirect case threadRunStepCreated(RunStepObject)
    /// `thread.run.step.in_progress`
    indirect case threadRunStepInProgress(RunStepObject)
    /// `thread.run.step.delta`
    case threadRunStepDelta(RunStepDeltaObject)
    /// `thread.run.step.completed`
    indirect case threadRunStepCompleted(RunStepObject)
    /// `thread.run.step.failed`
    indirect case threadRunStepFailed(RunStepObject)
    /// `thread.run.step.cancelled`
    indirect case threadRunStepCancelled(RunStepObject)
    /// `thread.run.step.expired`
    indirect case threadRunStepExpired(RunStepObject)
    /// `thread.message.created`
    indirect case threadMessageCreated(MessageObject)
    /// `thread.message.in_progress`
    indirect case threadMessageInProgress(MessageObject)
    /// `thread.message.delta`
    case threadMessageDelta(MessageDeltaObject)
    /// `thread.message.completed`
    indirect case threadMessageCompleted(MessageObject)
    /// `thread.message.incomplete`
    indirect case threadMessageIncomplete(MessageObject)
    /// `done`: the stream is complete.
    case done
    case unknown(type: String, raw: JSONValue)

    /// The event's name on the wire.
    public var type: String {
        switch self {
        case .threadCreated: "thread.created"
        case .threadRunCreated: "thread.run.created"
        case .threadRunQueued: "thread.run.queued"
        case .threadRunInProgress: "thread.run.in_progress"
        case .threadRunRequiresAction: "thread.run.requires_action"
        case .threadRunCompleted: "thread.run.completed"
        case .threadRunIncomplete: "thread.run.incomplete"
        case .threadRunFailed: "thread.run.failed"
        case .threadRunCancelling: "thread.run.cancelling"
        case .threadRunCancelled: "thread.run.cancelled"
        case .threadRunExpired: "thread.run.expired"
        case .threadRunStepCreated: "thread.run.step.created"
        case .threadRunStepInProgress: "thread.run.step.in_progress"
        case .threadRunStepDelta: "thread.run.step.delta"
        case .threadRunStepCompleted: "thread.run.step.completed"
        case .threadRunStepFailed: "thread.run.step.failed"
        case .threadRunStepCancelled: "thread.run.step.cancelled"
        case .threadRunStepExpired: "thread.run.step.expired"
        case .threadMessageCreated: "thread.message.created"
        case .threadMessageInProgress: "thread.message.in_progress"
        case .threadMessageDelta: "thread.message.delta"
        case .threadMessageCompleted: "thread.message.completed"
        case .threadMessageIncomplete: "thread.message.incomplete"
        case .done: "done"
        case .unknown(let type, _): type
        }
    }

    /// Decodes the `data` of an event named `type`.
    static func decode(type: String, data: Data, decoder: FastJSONDecoder) throws -> AssistantStreamEvent {
        // Nearly every event of a run: text fragments go through the hand-written reader.
        if type == "thread.message.delta" {
            return .threadMessageDelta(
                try MessageDeltaObject.readTextFragment(data) ?? decoder.decode(MessageDeltaObject.self, from: data))
        }
        switch type {
        case "thread.created": return .threadCreated(try decoder.decode(ThreadObject.self, from: data))
        case "thread.run.created": return .threadRunCreated(try decoder.decode(RunObject.self, from: data))
        case "thread.run.queued": return .threadRunQueued(try decoder.decode(RunObject.self, from: data))
        case "thread.run.in_progress": return .threadRunInProgress(try decoder.decode(RunObject.self, from: data))
        case "thread.run.requires_action": return .threadRunRequiresAction(try decoder.decode(RunObject.self, from: data))
        case "thread.run.completed": return .threadRunCompleted(try decoder.decode(RunObject.self, from: data))
        case "thread.run.incomplete": return .threadRunIncomplete(try decoder.decode(RunObject.self, from: data))
        case "thread.run.failed": return .threadRunFailed(try decoder.decode(RunObject.self, from: data))
        case "thread.run.cancelling": return .threadRunCancelling(try decoder.decode(RunObject.self, from: data))
        case "thread.run.cancelled": return .threadRunCancelled(try decoder.decode(RunObject.self, from: data))
        case "thread.run.expired": return .threadRunExpired(try decoder.decode(RunObject.self, from: data))
        case "thread.run.step.created": return .threadRunStepCreated(try decoder.decode(RunStepObject.self, from: data))
        case "thread.run.step.in_progress": return .threadRunStepInProgress(try decoder.decode(RunStepObject.self, from: data))
        case "thread.run.step.delta": return .threadRunStepDelta(try decoder.decode(RunStepDeltaObject.self, from: data))
        case "thread.run.step.completed": return .threadRunStepCompleted(try decoder.decode(RunStepObject.self, from: data))
        case "thread.run.step.failed": return .threadRunStepFailed(try decoder.decode(RunStepObject.self, from: data))
        case "thread.run.step.cancelled": return .threadRunStepCancelled(try decoder.decode(RunStepObject.self, from: data))
        case "thread.run.step.expired": return .threadRunStepExpired(try decoder.decode(RunStepObject.self, from: data))
        case "thread.message.created": return .threadMessageCreated(try decoder.decode(MessageObject.self, from: data))
        case "thread.message.in_progress": return .threadMessageInProgress(try decoder.decode(MessageObject.self, from: data))
        case "thread.message.completed": return .threadMessageCompleted(try decoder.decode(MessageObject.self, from: data))
        case "thread.message.incomplete": return .threadMessageIncomplete(try decoder.decode(MessageObject.self, from: data))
        case "done": return .done
        default: return .unknown(type: type, raw: (try? JSONValue(parsing: data)) ?? .string(String(decoding: data, as: UTF8.self)))
        }
    }
}
