import AISandbox
import Foundation
import InfiniteStories
import SwiftOpenAI

extension SwiftAICommand.Demo {
    /// Step 8: the InfiniteStories AI layer end to end — a story streamed as it is written, narrated and
    /// illustrated — with the files written to a temporary folder so they can be played and opened.
    func bedtimeStory(_ service: any SwiftOpenAI.OpenAIService) async throws {
        step("8. InfiniteStories: a bedtime story written, narrated and illustrated")
        let stories = InfiniteStories.OpenAIService(service: service)
        let hero = Hero(
            name: "Luna", traits: ["brave", "curious"], appearance: "silver hair and a blue scarf",
            specialAbility: "talks to the stars")
        var title = ""
        var content = ""
        var shown = 0
        for try await event in stories.streamStory(
            request: StoryGenerationRequest(hero: hero, event: .bedtime, targetDuration: 120, language: "English"))
        {
            switch event {
            case .delta(let text):
                if shown < 240 { out(String(text.prefix(240 - shown)), terminator: "") }
                shown += text.count
            case .completed(let story):
                title = story.title
                content = story.content
            }
        }
        out(shown > 240 ? "…\n" : "\n")
        let narration = try await stories.narrate(text: content, voice: "coral", language: "English") { progress in
            out("narration part \(progress.completedParts)/\(progress.totalParts)")
        }
        let avatar = try await stories.generateAvatar(
            request: AvatarGenerationRequest(hero: hero, prompt: "A friendly storybook portrait of Luna"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftai-demo-story")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let text = folder.appendingPathComponent("story.md")
        let audio = folder.appendingPathComponent("story.mp3")
        let image = folder.appendingPathComponent("luna.\(avatar.format.rawValue)")
        try Data("# \(title)\n\n\(content)\n".utf8).write(to: text, options: .atomic)
        try narration.audio.write(to: audio, options: .atomic)
        try avatar.imageData.write(to: image, options: .atomic)
        let cost = await stories.usage.totalEstimatedCost
        let words = content.split(whereSeparator: { $0.isWhitespace }).count
        out("""
            "\(title)": \(words) words, \(narration.parts) narration part(s), \
            \(narration.audio.count) bytes of MP3, a \(avatar.imageData.count)-byte \(avatar.format.rawValue.uppercased()) avatar
            (estimated at list prices: $\(String(format: "%.4f", cost)))
            files: \(text.path), \(audio.path), \(image.path)

            """)
    }
}
