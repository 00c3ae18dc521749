// What users of SwiftAnthropic need from AICore, re-exported by name: errors, per-call options, retries,
// response metadata, JSON values and schemas, and what a custom HTTP transport implements. Everything
// else in AICore (parsers, readers, locks, stream handlers, the request client) is `package` machinery.
@_exported import struct AICore.APIError
@_exported import struct AICore.RequestOptions
@_exported import struct AICore.RetryPolicy
@_exported import struct AICore.HTTPResponseMetadata
// Observability: interceptors and the telemetry options every factory takes.
@_exported import protocol AICore.AIInterceptor
@_exported import struct AICore.AIInterceptedRequest
@_exported import struct AICore.AIRequestHooks
@_exported import struct AICore.TelemetryOptions
@_exported import enum AICore.JSONValue
@_exported import struct AICore.JSONSchema
@_exported import struct AICore.AIStream
// Structured outputs and tools (schemas from Swift types, typed results, the tool runner).
@_exported import protocol AICore.StructuredOutput
@_exported import struct AICore.StructuredOutputError
@_exported import struct AICore.StructuredSnapshot
@_exported import struct AICore.Parsed
@_exported import enum AICore.PartialJSON
@_exported import enum AICore.SchemaDialect
@_exported import struct AICore.SchemaIssue
@_exported import struct AICore.SchemaValidationError
@_exported import struct AICore.SchemaReadingError
@_exported import struct AICore.SchemaGuide
@_exported import struct AICore.AITool
@_exported import struct AICore.ToolArgumentsError
@_exported import struct AICore.ToolFailure
@_exported import struct AICore.ToolRunner
@_exported import struct AICore.ToolRun
@_exported import enum AICore.ToolRunEvent
@_exported import struct AICore.ToolCallRequest
@_exported import struct AICore.ToolCallResult
@_exported import struct AICore.ToolRunTurn
@_exported import struct AICore.ToolRunResult
@_exported import enum AICore.ToolApproval
@_exported import enum AICore.ToolRunError
@_exported import struct AICore.TokenUsage
// A custom transport: what it implements and the types it receives and returns. (No `HTTPMethod`/`HTTPBody` of our
// own: a file that also imports Vapor, NIO or swift-openapi-runtime would see two of each.)
@_exported import protocol AICore.HTTPTransport
@_exported import enum AICore.DefaultTransport
@_exported import struct AICore.TransportBody
@_exported import struct AICore.TransportRequest
@_exported import struct AICore.TransportResponse
@_exported import struct AICore.TransportResponseHead
@_exported import enum AICore.TransportError
@_exported import class AICore.URLSessionTransport
#if SWIFTAI_NIO
@_exported import class AICore.AsyncHTTPClientTransport
#endif
// The HTTP vocabulary of the transport types, `RequestOptions.extraHeaders` and `HTTPResponseMetadata`: swift-http-types,
// the package Hummingbird, swift-openapi and AsyncHTTPClient share, so a server using those sees the same types, not
// a second set. Re-exported as Hummingbird does; documented in their own package.
@_exported @_documentation(visibility: internal) import struct HTTPTypes.HTTPFields
@_exported @_documentation(visibility: internal) import struct HTTPTypes.HTTPField
@_exported @_documentation(visibility: internal) import struct HTTPTypes.HTTPRequest
@_exported @_documentation(visibility: internal) import struct HTTPTypes.HTTPResponse
// Reading `text/event-stream` bodies yourself (a proxy, a custom stream): the byte-level parser every stream uses.
@_exported import struct AICore.ServerSentEventParser
@_exported import struct AICore.ServerSentEvent
// App Attest for a Relay project: sign each request with the device's attested key.
#if SWIFTAI_NIO || canImport(CryptoKit)
@_exported import struct AICore.AppAttestTransport
#endif
@_exported import protocol AICore.AppAttestSigner
#if canImport(DeviceCheck) && !os(watchOS)
@_exported import struct AICore.DeviceAppAttestSigner
#endif
