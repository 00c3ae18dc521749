import AISandbox
import InfiniteStories
import SwiftAIMacros
import SwiftAIMCP
import SwiftAnthropic
import SwiftAzureOpenAI
import SwiftOpenAI

/// A macro type and a tool, declared as an app would.
@StructuredOutput
public struct Reminder {
    public var title: String
    @Guide(range: 1...60) public var minutes: Int
}

public enum FullApp {
    public static let remind = AITool("remind", description: "Sets a reminder") { (reminder: Reminder) in
        "\(reminder.title) in \(reminder.minutes) minutes"
    }
}
