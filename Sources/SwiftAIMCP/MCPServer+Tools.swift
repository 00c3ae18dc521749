#if SwiftAIMCP && (os(macOS) || os(Linux))
import AICore
import Foundation
import MCP

extension MCPServer {
    /// The server's tools, every page of them (`nextCursor` is followed to the end).
    ///
    /// - Throws: ``MCPServerError`` (`invalidToolSchema` names a tool whose input schema can't be read).
    public func listTools() async throws -> [MCPToolDescription] {
        var tools: [MCPToolDescription] = []
        var cursor: String?
        var seenCursors = Set<String>()
        repeat {
            let request = cursor.map { ListTools.request(.init(cursor: $0)) } ?? ListTools.request(.init())
            let page = try await perform(request, operation: "tools/list", timeout: timeout)
            for tool in page.tools { tools.append(try describe(tool)) }
            cursor = page.nextCursor
            // A server that hands out the same cursor again would keep this loop going forever.
            if let next = cursor, !seenCursors.insert(next).inserted {
                throw MCPServerError.invalidResponse(
                    server: name, operation: "tools/list", reason: "the cursor \(next) was given twice")
            }
        } while cursor != nil
        return tools
    }

    /// Each of the server's tools as an ``AITool`` for ``ToolRunner`` or a provider's tool list.
    ///
    /// The tools are not strict (MCP schemas seldom meet OpenAI's strict rules). Calling one calls the server
    /// and returns the result's ``MCPToolOutput/text``; a result with `isError: true` throws ``MCPToolError``
    /// with the server's text, which the runner hands the model as an error result. The tools keep the server
    /// alive.
    ///
    /// - Parameter prefix: Put before each tool's name (as it is: `"github_"` makes `github_search`), to keep
    ///   the tools of several servers apart; the server is still called with the tool's own name.
    public func tools(prefix: String? = nil) async throws -> [AITool] {
        try await listTools().map { tool in
            AITool(
                (prefix ?? "") + tool.name, description: tool.description ?? tool.title, parameters: tool.inputSchema,
                strict: false
            ) { [self] arguments in
                let output = try await callTool(tool.name, arguments: arguments)
                if output.isError { throw MCPToolError(tool: tool.name, output: output) }
                return output.text
            }
        }
    }

    /// Calls a tool. A result with `isError: true` is returned, not thrown: the tool ran and said why it failed.
    ///
    /// - Parameters:
    ///   - arguments: A JSON object (`null` is taken as no arguments).
    ///   - timeout: How long to wait (nil: until the answer, or until the calling task is cancelled, which
    ///     cancels the call on the server too).
    /// - Throws: ``MCPServerError``: `requestFailed` when the server refuses the call (unknown tool, arguments
    ///   of the wrong shape), `processExited`, `timedOut`, `closed`, `invalidArguments`, `invalidResponse`;
    ///   `CancellationError` when the calling task is cancelled.
    public func callTool(_ name: String, arguments: JSONValue = [:], timeout: TimeInterval? = nil) async throws -> MCPToolOutput {
        let members: [String: MCP.Value]?
        switch arguments {
        case .object(let object): members = object.mapValues(MCP.Value.init)
        case .null: members = nil
        default:
            throw MCPServerError.invalidArguments(tool: name, reason: "MCP tools take a JSON object, not \(arguments.jsonString)")
        }
        let result = try await perform(
            CallTool.request(.init(name: name, arguments: members)), operation: "tools/call \(name)", timeout: timeout)
        return MCPToolOutput(
            content: result.content.map(MCPContent.init), isError: result.isError ?? false,
            structuredContent: result.structuredContent.map(JSONValue.init))
    }

    /// A listed tool with its schema read; an object schema without `type` (which MCP allows) gets
    /// `type: object`, as every provider wants.
    private func describe(_ tool: Tool) throws -> MCPToolDescription {
        var json = JSONValue(tool.inputSchema)
        if case .object(var members) = json, members["type"] == nil {
            members["type"] = "object"
            json = .object(members)
        }
        do {
            return MCPToolDescription(
                name: tool.name, title: tool.title, description: tool.description, inputSchema: try JSONSchema(json: json))
        } catch {
            throw MCPServerError.invalidToolSchema(server: name, tool: tool.name, reason: "\(error)")
        }
    }
}
#endif
