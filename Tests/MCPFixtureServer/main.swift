#if SwiftAIMCP
// A small MCP server over stdio for SwiftAIMCPTests: the real SDK on the other side of a real pipe.
//
// Tools (listed two per page, so clients must follow `nextCursor`):
//   add(a, b)        the sum as text; arguments that aren't numbers are refused with a JSON-RPC error
//   echo(text)       the text
//   fail()           a result with isError: true
//   slow(seconds)    answers after sleeping
//   media()          text, an image and a resource (its schema has no `type`)
//   crash()          writes to standard error and exits with status 7 mid-call
//
// Flags, for the tests of failed launches:
//   --exit STATUS    writes a line to standard error and exits at once
//   --silent         reads nothing and never answers
//   --linger         keeps running after its input ends (until a signal stops it)
import Foundation
import MCP

func say(toStandardError line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

let flags = Array(CommandLine.arguments.dropFirst())
if let index = flags.firstIndex(of: "--exit") {
    let status = flags.indices.contains(index + 1) ? Int32(flags[index + 1]) ?? 1 : 1
    say(toStandardError: "fixture refusing to start")
    exit(status)
}
if flags.contains("--silent") {
    while true { sleep(60) }
}

func numberSchema(_ description: String) -> Value {
    ["type": "number", "description": .string(description)]
}

let tools: [Tool] = [
    Tool(
        name: "add", description: "Adds two numbers.",
        inputSchema: [
            "type": "object", "properties": ["a": numberSchema("The first addend"), "b": numberSchema("The second")],
            "required": ["a", "b"],
        ]),
    Tool(
        name: "echo", description: "Returns the text.",
        inputSchema: ["type": "object", "properties": ["text": ["type": "string"]], "required": ["text"]]),
    Tool(name: "fail", description: "Always fails.", inputSchema: ["type": "object", "properties": [:]]),
    Tool(
        name: "slow", description: "Answers after a while.",
        inputSchema: ["type": "object", "properties": ["seconds": numberSchema("How long to sleep")]]),
    Tool(name: "media", description: "Returns text, an image and a resource.", inputSchema: [:]),
    Tool(name: "crash", description: "Exits mid-call.", inputSchema: ["type": "object"]),
]
let pageSize = 2

func number(_ value: Value?) -> Double? {
    switch value {
    case .int(let number)?: Double(number)
    case .double(let number)?: number
    default: nil
    }
}

func text(_ text: String) -> Tool.Content { .text(text: text, annotations: nil, _meta: nil) }

func call(_ params: CallTool.Parameters) async throws -> CallTool.Result {
    let arguments = params.arguments ?? [:]
    switch params.name {
    case "add":
        guard let a = number(arguments["a"]), let b = number(arguments["b"]) else {
            throw MCPError.invalidParams("add needs numbers a and b")
        }
        let sum = a + b
        return CallTool.Result(content: [text(sum.rounded() == sum && abs(sum) < 1e15 ? String(Int(sum)) : String(sum))])
    case "echo":
        guard case .string(let value)? = arguments["text"] else { throw MCPError.invalidParams("echo needs a string text") }
        return CallTool.Result(content: [text(value)])
    case "fail":
        return CallTool.Result(content: [text("the fixture failed on purpose")], isError: true)
    case "slow":
        let seconds = number(arguments["seconds"]) ?? 1
        try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
        return CallTool.Result(content: [text("slept \(seconds) seconds")])
    case "media":
        return CallTool.Result(content: [
            text("a picture and a note"),
            .image(data: "iVBORw0KGgo=", mimeType: "image/png", annotations: nil, _meta: nil),
            .resource(resource: .text("remember the milk", uri: "note://1", mimeType: "text/plain")),
        ])
    case "crash":
        say(toStandardError: "fixture crashing on purpose")
        exit(7)
    default:
        throw MCPError.invalidParams("Unknown tool: \(params.name)")
    }
}

let server = Server(
    name: "swiftai-mcp-fixture", version: "1.0.0", instructions: "A fixture for tests.",
    capabilities: .init(tools: .init(listChanged: false)))

await server.withMethodHandler(ListTools.self) { params in
    let start = params.cursor.flatMap(Int.init) ?? 0
    guard (0..<tools.count).contains(start) else { throw MCPError.invalidParams("bad cursor") }
    let end = min(start + pageSize, tools.count)
    return ListTools.Result(tools: Array(tools[start..<end]), nextCursor: end < tools.count ? String(end) : nil)
}
await server.withMethodHandler(CallTool.self) { params in try await call(params) }

try await server.start(transport: StdioTransport())
// Serves until standard input ends (the client closed it).
await server.waitUntilCompleted()
if flags.contains("--linger") {
    while true { sleep(60) }
}
#endif
