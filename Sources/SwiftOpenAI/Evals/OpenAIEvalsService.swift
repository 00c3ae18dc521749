import AICore
import Foundation

/// Evals: test a model's outputs against criteria, run by run.
public protocol OpenAIEvalsService: Sendable {}
