import AICore
import Foundation

/// Skills: versioned folders of instructions and code a model can load in a container.
public protocol OpenAISkillsService: Sendable {}
