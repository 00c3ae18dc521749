@_exported import AICore
