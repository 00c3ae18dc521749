#if SwiftAIMacros
// What code using the macros needs from AICore, re-exported by name as the SDK modules do: the protocol the
// macros conform types to and the schema types their expansions build (`AICore.JSONSchema`,
// `AICore.SchemaGuide`, `AICore.JSONValue`, spelled with the module so a user's own type of the same name can't
// capture them). The rest of the structured-output API comes with SwiftOpenAI or SwiftAnthropic.
@_exported import protocol AICore.StructuredOutput
@_exported import struct AICore.JSONSchema
@_exported import struct AICore.SchemaGuide
@_exported import enum AICore.JSONValue
@_exported import enum AICore.SchemaDialect
#endif
