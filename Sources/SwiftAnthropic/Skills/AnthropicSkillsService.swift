import AICore
import Foundation

/// [Skills](https://docs.anthropic.com/en/api/skills): folders of instructions and scripts uploaded once and
/// loaded by Claude in a message's container when a task needs them.
public protocol AnthropicSkillsService: AnyObject, Sendable {
}
