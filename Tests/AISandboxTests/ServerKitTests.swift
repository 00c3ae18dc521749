import AIServerKit
import Foundation
import HTTPTypes
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The server kit under the sandbox: its route table, its typed JSON and its request limits, on a real server
/// over loopback.
@Suite("AIServerKit")
struct ServerKitTests {
    @Test("patterns match by segment: literals before parameters before a rest, parameters captured")
    func routeMatching() {
        var table = RouteTable<String>()
        table.add(.get, "/v1/files/{file_id}", "retrieve")
        table.add(.get, "/v1/files/{file_id}/content", "content")
        table.add(.get, "/v1/files/search", "search")
        table.add(.delete, "/v1/files/{file_id}", "delete")
        table.add(.get, "/v1/models/{model...}", "model")
        func found(_ method: HTTPRequest.Method, _ path: String) -> (String, PathParameters)? {
            if case .found(let handler, let parameters) = table.match(method, path: path) { return (handler, parameters) }
            return nil
        }
        #expect(found(.get, "/v1/files/file-1")?.0 == "retrieve")
        #expect(found(.get, "/v1/files/file-1")?.1["file_id"] == "file-1")
        #expect(found(.get, "/v1/files/file-2/content")?.1["file_id"] == "file-2")
        #expect(found(.get, "/v1/files/search")?.0 == "search", "a literal wins over a parameter")
        #expect(found(.delete, "/v1/files/search")?.0 == "delete", "another method falls back to the parameter")
        #expect(found(.get, "/v1/files/file-1/")?.0 == "retrieve", "a trailing slash is ignored")
        #expect(found(.get, "/v1/models/ft:gpt-4o:org/custom")?.1["model"] == "ft:gpt-4o:org/custom")
        #expect(found(.get, "/v1/models") == nil, "a rest takes one segment or more")
    }

    @Test("a path with no route is not found; one with routes for other methods lists them")
    func notFoundAndMethodNotAllowed() {
        var table = RouteTable<Int>()
        table.add(.get, "/sandbox/behaviors", 1)
        table.add(.post, "/sandbox/behaviors", 2)
        table.add(.get, "/sandbox/{rest...}", 3)
        guard case .methodNotAllowed(let allowed) = table.match(.delete, path: "/sandbox/behaviors") else {
            Issue.record("DELETE on a GET/POST path is not 405")
            return
        }
        #expect(allowed == [.get, .post])
        guard case .notFound = table.match(.get, path: "/v2/other") else {
            Issue.record("an unknown path is found")
            return
        }
        guard case .found(3, _) = table.match(.get, path: "/sandbox/unknown") else {
            Issue.record("the rest route does not catch an unknown path")
            return
        }
    }

    @Test("JSON parses, reads and serializes as Foundation's sorted-keys, unescaped-slashes writer")
    func json() throws {
        let value = try JSON(parsing: Data(#"{"b": [1, 2.5, true, null], "a": "x/y", "n": 5.0}"#.utf8))
        #expect(value["b"]?[0]?.int == 1 && value["b"]?[1]?.double == 2.5 && value["b"]?[2]?.bool == true)
        #expect(value["b"]?[3]?.isNull == true && value["n"]?.int == 5 && value["b"]?[0]?.bool == nil)
        #expect(value.serializedString() == #"{"a":"x/y","b":[1,2.5,true,null],"n":5}"#)
        #expect(throws: JSON.ParseError.self) { try JSON(parsing: Data(#"{"a": "#.utf8)) }
        var object: JSON = ["id": "x"]
        object["count"] = 2
        #expect(object == ["id": "x", "count": 2])
    }

    /// Answers from a route table: 200 with the parameter, 404 and 405 with `Allow`.
    struct TableResponder: HTTPResponder {
        let table: RouteTable<@Sendable (PathParameters) -> String> = {
            var table = RouteTable<@Sendable (PathParameters) -> String>()
            table.add(.get, "/items/{id}") { "item " + ($0["id"] ?? "") }
            return table
        }()

        func respond(to request: ServerRequest) -> any ResponseWrites {
            switch table.match(request.method, path: request.path) {
            case .found(let handler, let parameters):
                return CompleteResponse(status: .ok, body: Array(handler(parameters).utf8), keepAlive: request.keepAlive)
            case .methodNotAllowed(let allowed):
                return CompleteResponse(
                    status: .methodNotAllowed, headerFields: [.allow: allowed.map(\.rawValue).joined(separator: ", ")],
                    keepAlive: request.keepAlive)
            case .notFound:
                return CompleteResponse(status: .notFound, keepAlive: request.keepAlive)
            }
        }
    }

    private func call(_ server: HTTPServer, _ method: String, _ path: String, body: Data? = nil) async throws -> (Int, String, HTTPURLResponse?) {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(server.port)\(path)")!)
        request.httpMethod = method
        request.httpBody = body
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as? HTTPURLResponse
        return (http?.statusCode ?? 0, String(decoding: data, as: UTF8.self), http)
    }

    @Test("a server answers its routes, 404, 405 with Allow, and 413 over the body limit")
    func server() async throws {
        let server = try await HTTPServer.start(
            host: "127.0.0.1", port: 0, limits: HTTPServer.Limits(maxBodyBytes: 100, requestTimeout: 30),
            responder: TableResponder())
        let (status, text, _) = try await call(server, "GET", "/items/42")
        #expect(status == 200 && text == "item 42")
        #expect(try await call(server, "GET", "/nothing").0 == 404)
        let (notAllowed, _, response) = try await call(server, "DELETE", "/items/42")
        #expect(notAllowed == 405 && response?.value(forHTTPHeaderField: "Allow") == "GET")
        let (tooLarge, _, _) = try await call(server, "POST", "/items/42", body: Data(repeating: 65, count: 4096))
        #expect(tooLarge == 413)
        try await server.shutdown()
    }
}
