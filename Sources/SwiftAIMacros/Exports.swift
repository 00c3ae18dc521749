/// The macros generate calls to AICore's schema builders and conform to its `StructuredOutput`, so importing
/// SwiftAIMacros alone is enough to use them.
@_exported import AICore
