import AIServerKit
import Foundation

/// How `POST /responses` stands on a conversation: its items are the context, and the response's input and
/// output are added to it.
extension OpenAIResponses {
    /// The conversation a request names in `conversation` (an id, or `{"id": …}`) as the context to continue —
    /// or the API's error: 400 with `previous_response_id` too (the two are exclusive), 404 for an unknown id.
    func conversationContext(_ body: JSON) -> (stored: Stored?, error: ResponsePlan?) {
        guard let id = Self.conversationID(body) else {
            return (nil, .error(
                status: 400, message: "Invalid type for 'conversation': expected a string or an object with an 'id'.",
                type: "invalid_request_error", code: "invalid_type", param: "conversation"))
        }
        if body["previous_response_id"]?.string != nil {
            return (nil, .error(
                status: 400,
                message: "Mutually exclusive parameters: Ensure you are only providing one of: 'previous_response_id' or 'conversation'.",
                type: "invalid_request_error", code: "mutually_exclusive_parameters", param: "conversation"))
        }
        guard let items = conversations.items(of: id) else { return (nil, OpenAIConversationStore.notFound(id, param: "conversation")) }
        return (Stored(object: ["id": .string(id)], inputItems: [], context: items, ending: nil), nil)
    }

    /// The id `conversation` names: the string itself, or the `id` of an object (nil when it is neither).
    static func conversationID(_ body: JSON) -> String? {
        guard let value = body["conversation"] else { return nil }
        return value.string ?? value["id"]?.string
    }
}
