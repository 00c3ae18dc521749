import Foundation

/// The InfiniteStories app's narration voices: id (sent to the API), display name and what the voice is good for.
public let availableVoices: [(id: String, name: String, description: String)] = [
    ("coral", "Coral", "Warm and nurturing - ideal for bedtime"),
    ("nova", "Nova", "Friendly and cheerful - captivating for young listeners"),
    ("fable", "Fable", "Wise and comforting - like a loving grandparent"),
    ("alloy", "Alloy", "Clear and pleasant - perfect for educational stories"),
    ("echo", "Echo", "Soft and dreamy - creates magical atmosphere"),
    ("onyx", "Onyx", "Deep and reassuring - protective parent voice"),
    ("shimmer", "Shimmer", "Bright and melodic - sparkles with imagination"),
]

/// How gpt-4o-mini-tts should read a story: the InfiniteStories app's storytelling direction for each voice, followed by
/// the language to read in (so a Spanish story gets a Spanish accent, not an English reading of Spanish).
public enum VoiceInstructions {
    /// The `instructions` sent with a narration request.
    public static func storytelling(for voice: String, language: String) -> String {
        "\(direction(for: voice)) \(languageInstruction(for: language))"
    }

    /// The storytelling direction for one voice (a calm bedtime direction for voices outside the InfiniteStories app's seven).
    public static func direction(for voice: String) -> String {
        switch voice.lowercased() {
        case "coral":
            "Speak with a warm, gentle, and nurturing tone perfect for bedtime stories. Use a calm and soothing pace with clear pronunciation. Add subtle emotional expressions to bring characters to life while maintaining a peaceful atmosphere that helps children relax and drift off to sleep."
        case "nova":
            "Use a friendly, cheerful, and engaging storyteller voice that captivates young listeners. Speak clearly at a moderate pace with gentle enthusiasm. Create distinct character voices while keeping the overall tone calming and suitable for bedtime."
        case "fable":
            "Speak like a wise and loving grandparent sharing a cherished tale. Use a warm, comforting tone at an unhurried pace, with gentle pauses that let the story breathe. Give characters soft, distinct voices while keeping the mood cozy and reassuring for bedtime."
        case "alloy":
            "Use a clear, pleasant, and even tone that makes the story easy to follow. Speak at a steady, relaxed pace with precise pronunciation, gently emphasizing new words and ideas so young listeners can learn while they wind down for sleep."
        case "echo":
            "Speak in a soft, dreamy, and airy voice that creates a magical atmosphere. Use a slow, flowing pace with gentle pauses, letting wonder and calm fill each scene so the story feels like drifting into a peaceful dream."
        case "onyx":
            "Use a deep, warm, and reassuring voice like a protective parent. Speak slowly and steadily with calm confidence, giving characters gentle personality while making the listener feel safe, secure, and ready to rest."
        case "shimmer":
            "Speak with a bright, melodic, and imaginative voice that sparkles with wonder. Use a gentle, musical rhythm at a calm pace, bringing characters to life with light expression while easing into a soothing tone for bedtime."
        default:
            "Read this bedtime story in a warm, calm, and gentle voice at a soothing pace, with clear pronunciation and a peaceful atmosphere that helps children relax."
        }
    }

    /// The language part of the instructions.
    public static func languageInstruction(for language: String) -> String {
        switch SupportedLanguage(name: language) {
        case .english: "Narrate in English with natural, clear pronunciation."
        case .spanish: "Narrate in Spanish with natural, native Spanish pronunciation and intonation."
        case .french: "Narrate in French with natural, native French pronunciation and intonation."
        case .german: "Narrate in German with natural, native German pronunciation and intonation."
        case .italian: "Narrate in Italian with natural, native Italian pronunciation and intonation."
        }
    }
}
