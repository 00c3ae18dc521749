import AICore
import Foundation

/// Content provenance checks: whether a piece of media carries OpenAI's provenance signals.
public protocol OpenAIContentProvenanceService: Sendable {}
