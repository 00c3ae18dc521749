// What the test targets share lives in this target; each file is named after what it holds.
@_exported import AICore
