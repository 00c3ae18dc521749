import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1

extension ServerRequest {
    /// The request of a NIO head, every header field kept as sent (NIO's own conversion to `HTTPFields` drops
    /// `Connection`, `Upgrade` and the like, which the sandbox records). A method HTTPTypes refuses becomes nil.
    package init?(head: HTTPRequestHead, body: Data, channel: Channel) {
        guard let method = HTTPRequest.Method(head.method.rawValue) else { return nil }
        let components = URLComponents(string: head.uri)
        var fields = HTTPFields()
        for (name, value) in head.headers {
            guard let fieldName = HTTPField.Name(name) else { continue }
            fields.append(HTTPField(name: fieldName, value: value))
        }
        var localAddress = "127.0.0.1"
        if let local = channel.localAddress, let ip = local.ipAddress, let port = local.port {
            localAddress = (ip.contains(":") ? "[\(ip)]" : ip) + ":\(port)"
        }
        self.init(
            method: method, path: components?.path ?? head.uri,
            query: (components?.queryItems ?? []).map { ($0.name, $0.value ?? "") }, headerFields: fields, body: body,
            localAddress: localAddress, keepAlive: head.isKeepAlive)
    }
}

extension HTTPResponseHead {
    /// The HTTP/1.1 head of a response: the status's standard reason phrase (NIO's table, as the sandbox always
    /// sent) and the fields in order.
    package init(_ response: HTTPResponse) {
        var headers = HTTPHeaders()
        for field in response.headerFields { headers.add(name: field.name.rawName, value: field.value) }
        self.init(version: .http1_1, status: HTTPResponseStatus(statusCode: response.status.code), headers: headers)
    }
}
