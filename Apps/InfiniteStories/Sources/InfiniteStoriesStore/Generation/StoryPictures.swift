import InfiniteStories

/// The picture prompt for a story, as the web app and the CLI ask for it: gentle, child-friendly, no text in the
/// picture (image models draw text badly).
public func storyPicturePrompt(title: String, hero: Hero) -> String {
    "An illustration for the children's bedtime story \"\(title)\", showing \(hero.name)\(heroDetails(hero)). "
        + "Soft, warm colors, dreamy and calm, no text."
}

/// A scene of a story, as the web app places it in the text: the paragraph it shows (shortened), the hero
/// described as in every other picture of theirs, the same gentle style.
public func scenePicturePrompt(title: String, scene: String, hero: Hero) -> String {
    let excerpt = scene.count > 400 ? String(scene.prefix(400)) + "…" : scene
    return "A scene from the children's bedtime story \"\(title)\": \(excerpt) "
        + "It shows \(hero.name)\(heroDetails(hero)). Soft, warm colors, dreamy and calm, no text."
}

/// A portrait of the hero, for its avatar.
public func heroAvatarPrompt(_ hero: Hero) -> String {
    "A friendly portrait of \(hero.name)\(heroDetails(hero)) for a children's bedtime storybook. "
        + "Soft, warm colors, gentle and cozy, no text."
}

private func heroDetails(_ hero: Hero) -> String {
    var parts: [String] = []
    if !hero.appearance.isEmpty { parts.append(hero.appearance) }
    if !hero.traits.isEmpty { parts.append("who is \(hero.traits.joined(separator: ", "))") }
    return parts.isEmpty ? "" : ", " + parts.joined(separator: ", ")
}
