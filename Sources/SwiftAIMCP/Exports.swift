#if SwiftAIMCP && (os(macOS) || os(Linux))
// SwiftAIMCP starts MCP servers as child processes (Foundation.Process), which exist on macOS and Linux only: on
// iOS, tvOS, watchOS and visionOS the module is empty.
// What users of SwiftAIMCP need from AICore, re-exported by name as the SDK modules do: the tools it makes, the
// runner that calls them, and the values and schemas tools carry.
@_exported import struct AICore.AITool
@_exported import struct AICore.ToolRunner
@_exported import enum AICore.JSONValue
@_exported import struct AICore.JSONSchema
#endif
