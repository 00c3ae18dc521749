import AICore
import Foundation

/// Containers: the sandboxes where code interpreter and shell run, and the files they hold.
public protocol OpenAIContainersService: Sendable {}
