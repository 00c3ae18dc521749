import NIOCore
import NIOHTTP1

/// The one request a load run repeats, encoded once.
struct LoadRequest: Sendable {
    let head: HTTPRequestHead
    let body: ByteBuffer

    init(endpoint: Endpoint, method: HTTPMethod, path: String, headers: [HeaderOption], body: ByteBuffer) {
        var fields = HTTPHeaders()
        fields.add(name: "host", value: endpoint.authority)
        if body.readableBytes > 0 || method == .POST {
            fields.add(name: "content-type", value: "application/json")
            fields.add(name: "content-length", value: String(body.readableBytes))
        }
        for header in headers {
            fields.replaceOrAdd(name: header.name, value: header.value)
        }
        self.head = HTTPRequestHead(version: .http1_1, method: method, uri: endpoint.pathPrefix + path, headers: fields)
        self.body = body
    }

    /// A chat completions body asking for a short answer; streams ask for the usage chunk too, as SDKs do.
    static func chatBody(model: String, stream: Bool) -> ByteBuffer {
        let messages = #"[{"role":"user","content":"Say hello in one short sentence."}]"#
        let streaming = stream ? #","stream":true,"stream_options":{"include_usage":true}"# : ""
        return ByteBuffer(string: #"{"model":"\#(model)","messages":\#(messages),"max_tokens":64\#(streaming)}"#)
    }
}

/// Tells a connected load handler to send its first request; carries the run's end when it is timed.
struct LoadStart: Sendable {
    let deadline: NIODeadline?
}
