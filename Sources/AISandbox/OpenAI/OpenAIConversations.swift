import AIServerKit
import Foundation

/// `/v1/conversations` (and Azure's `/openai/v1/conversations`): conversations and their items, kept in
/// ``OpenAIConversationStore`` — the store `POST /responses` reads a conversation's items from and appends to.
enum OpenAIConversations {
    static func register(on routes: inout SandboxRoutes) {
        routes.add(.post, "/v1/conversations") { route in route.state.responses.conversations.create(route.request) }
        routes.add(.get, "/v1/conversations/{conversation_id}") { route in
            route.state.responses.conversations.retrieve(route.parameter("conversation_id"))
        }
        routes.add(.post, "/v1/conversations/{conversation_id}") { route in
            route.state.responses.conversations.update(route.parameter("conversation_id"), route.request)
        }
        routes.add(.delete, "/v1/conversations/{conversation_id}") { route in
            route.state.responses.conversations.delete(route.parameter("conversation_id"))
        }
        routes.add(.post, "/v1/conversations/{conversation_id}/items") { route in
            route.state.responses.conversations.addItems(route.parameter("conversation_id"), route.request)
        }
        routes.add(.get, "/v1/conversations/{conversation_id}/items") { route in
            route.state.responses.conversations.listItems(route.parameter("conversation_id"), route.request)
        }
        routes.add(.get, "/v1/conversations/{conversation_id}/items/{item_id}") { route in
            route.state.responses.conversations.item(route.parameter("conversation_id"), route.parameter("item_id"), route.request)
        }
        routes.add(.delete, "/v1/conversations/{conversation_id}/items/{item_id}") { route in
            route.state.responses.conversations.deleteItem(route.parameter("conversation_id"), route.parameter("item_id"))
        }
    }
}
