import RelayCore
import Testing

@Suite("ASCII helpers of the request path")
struct ASCIIHelpersTests {
    @Test func trimmingASCIIWhitespace() {
        #expect(" \t keep-alive \t".trimmingASCIIWhitespace == "keep-alive")
        #expect("upgrade".trimmingASCIIWhitespace == "upgrade")
        #expect("  \t ".trimmingASCIIWhitespace.isEmpty)
        #expect("".trimmingASCIIWhitespace.isEmpty)
        #expect(" a b ".trimmingASCIIWhitespace == "a b")
    }

    @Test func mediaType() {
        #expect("Text/Event-Stream; charset=utf-8".mediaType == "text/event-stream")
        #expect(" application/json ".mediaType == "application/json")
        #expect("".mediaType == "")
        #expect(";charset=utf-8".mediaType == "")
    }

    @Test func containsBytes() {
        #expect("/v1/http://evil".containsBytes("://"))
        #expect(!"/v1/chat/completions".containsBytes("://"))
        #expect("://".containsBytes("://"))
        #expect(!":/".containsBytes("://"))
        #expect("abc".containsBytes(""))
        #expect("/é/://".containsBytes("://"))
    }
}
