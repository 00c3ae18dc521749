import AICore
import Testing

@Suite("APIError.Kind")
struct APIErrorKindTests {
    @Test("every kind keeps its name: rawValue, description and init(rawValue:) agree")
    func namesRoundTrip() {
        let names = APIError.Kind.allCases.map(\.rawValue)
        #expect(names == [
            "badRequest", "authentication", "permissionDenied", "notFound", "conflict", "unprocessableEntity",
            "rateLimited", "overloaded", "server", "unexpectedStatus", "timeout", "connection", "decoding",
            "invalidResponse", "invalidRequest", "cancelled", "streamError", "closed",
        ])
        for kind in APIError.Kind.allCases {
            #expect(APIError.Kind(rawValue: kind.rawValue) == kind)
            #expect("\(kind)" == kind.rawValue)
        }
        #expect(APIError.Kind(rawValue: "noSuchKind") == nil)
        #expect(Set(APIError.Kind.allCases).count == names.count)
    }

    @Test("a switch matches kinds by value and needs a default, so a new kind breaks no caller")
    func switchMatchesByValue() {
        func advice(_ kind: APIError.Kind) -> String {
            switch kind {
            case .rateLimited, .overloaded: "wait"
            case .authentication: "new key"
            default: "report"
            }
        }
        #expect(advice(.rateLimited) == "wait")
        #expect(advice(.overloaded) == "wait")
        #expect(advice(.authentication) == "new key")
        #expect(advice(.closed) == "report")
        #expect(APIError.Kind.rateLimited != .overloaded)
    }
}
