import AICore
import Foundation
import Logging

/// The ``OpenAIService`` of OpenAI and OpenAI-compatible servers.
public final class DefaultOpenAIService: OpenAIService {
    /// The client that sends every request of this service.
    package let client: APIClient
    let routing: EndpointRouting

    /// Creates a service from a complete client configuration (base URL, credentials headers, policies).
    package convenience init(configuration: ClientConfiguration, transport: any HTTPTransport = DefaultTransport.shared) {
        self.init(configuration: configuration, transport: transport, routing: .openAI)
    }

    package init(configuration: ClientConfiguration, transport: any HTTPTransport, routing: EndpointRouting) {
        client = APIClient(configuration: configuration, transport: transport)
        self.routing = routing
    }

    /// Percent-encodes an id for use as one path segment (fine-tuned model ids contain `:`).
    static func pathComponent(_ id: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#")
        return id.addingPercentEncoding(withAllowedCharacters: allowed) ?? id
    }
}
