import HTTPTypes
import RelayAppAttest

/// The request headers the relay reads credentials from.
enum AuthHeaders {
    static let attestKeyID = HTTPField.Name(AppAttestHeaders.keyID)!
    static let attestAssertion = HTTPField.Name(AppAttestHeaders.assertion)!
    static let apiKey = HTTPField.Name("x-api-key")!
    /// Azure OpenAI's key header, which the Azure SDK sends a client token in.
    static let azureAPIKey = HTTPField.Name("api-key")!
    static let partialKey = HTTPField.Name("aiproxy-partial-key")!
    static let deviceCheck = HTTPField.Name("aiproxy-devicecheck")!
    static let deviceCheckBypass = HTTPField.Name("aiproxy-devicecheck-bypass")!
    static let clientID = HTTPField.Name("aiproxy-client-id")!

    /// The longest `aiproxy-client-id` accepted: it becomes a key of the relay's counters.
    static let maximumClientIDBytes = 256
}
