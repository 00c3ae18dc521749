import InfiniteStories

/// The picture prompts: gentle, child-friendly, no text in the picture (image models draw text badly).
enum Illustration {
    /// A portrait of the hero.
    static func avatarPrompt(for hero: Hero) -> String {
        "A friendly portrait of \(hero.name)\(details(hero)) for a children's bedtime storybook. "
            + "Soft, warm colors, gentle and cozy, no text."
    }

    /// A picture for one story about the hero.
    static func storyPrompt(title: String, hero: Hero) -> String {
        "An illustration for the children's bedtime story \"\(title)\", showing \(hero.name)\(details(hero)). "
            + "Soft, warm colors, dreamy and calm, no text."
    }

    private static func details(_ hero: Hero) -> String {
        var parts: [String] = []
        if !hero.appearance.isEmpty { parts.append(hero.appearance) }
        if !hero.traits.isEmpty { parts.append("who is \(hero.traits.joined(separator: ", "))") }
        return parts.isEmpty ? "" : ", " + parts.joined(separator: ", ")
    }
}
