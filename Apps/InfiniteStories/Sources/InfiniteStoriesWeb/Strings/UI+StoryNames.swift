import InfiniteStories

extension UI {
    /// A built-in event's name in the interface language (the library's `displayName` is English only).
    func eventName(_ event: StoryEvent) -> String {
        switch event {
        case .bedtime: self[.eventBedtime]
        case .schoolDay: self[.eventSchoolDay]
        case .birthday: self[.eventBirthday]
        case .weekend: self[.eventWeekend]
        case .rainyDay: self[.eventRainyDay]
        case .family: self[.eventFamily]
        case .friendship: self[.eventFriendship]
        case .holiday: self[.eventHoliday]
        }
    }

    /// What a narration voice is good for, in the interface language; a voice the library adds later shows
    /// the library's English description until it gets a key here.
    func voiceDescription(id: String, english: String) -> String {
        switch id {
        case "coral": self[.voiceCoral]
        case "nova": self[.voiceNova]
        case "fable": self[.voiceFable]
        case "alloy": self[.voiceAlloy]
        case "echo": self[.voiceEcho]
        case "onyx": self[.voiceOnyx]
        case "shimmer": self[.voiceShimmer]
        default: english
        }
    }
}
