import AICore
import Foundation

/// ChatKit (beta): sessions and threads of OpenAI's hosted chat UI.
public protocol OpenAIChatKitService: Sendable {}
