import Foundation

/// The built-in occasions a story can be about.
public enum StoryEvent: String, CaseIterable, Codable, Sendable {
    case bedtime, schoolDay, birthday, weekend, rainyDay, family, friendship, holiday

    /// The English name, for lists.
    public var displayName: String {
        switch self {
        case .bedtime: "Bedtime"
        case .schoolDay: "School Day"
        case .birthday: "Birthday"
        case .weekend: "Weekend"
        case .rainyDay: "Rainy Day"
        case .family: "Family"
        case .friendship: "Friendship"
        case .holiday: "Holiday"
        }
    }

    /// The event as the story prompt describes it, written natively in `language` (English when unknown).
    public func promptText(language: String) -> String {
        switch SupportedLanguage(name: language) {
        case .english: englishText
        case .spanish: spanishText
        case .french: frenchText
        case .german: germanText
        case .italian: italianText
        }
    }

    private var englishText: String {
        switch self {
        case .bedtime: "getting ready for bed after a long, happy day"
        case .schoolDay: "a day at school full of new things to learn"
        case .birthday: "a birthday celebration with friends and family"
        case .weekend: "a relaxing weekend with time to play and explore"
        case .rainyDay: "a cozy rainy day spent indoors"
        case .family: "a special day spent together with family"
        case .friendship: "making a new friend and sharing an adventure"
        case .holiday: "a holiday full of traditions and surprises"
        }
    }

    private var spanishText: String {
        switch self {
        case .bedtime: "prepararse para dormir después de un día largo y feliz"
        case .schoolDay: "un día en la escuela lleno de cosas nuevas que aprender"
        case .birthday: "una fiesta de cumpleaños con amigos y familia"
        case .weekend: "un fin de semana tranquilo con tiempo para jugar y explorar"
        case .rainyDay: "un acogedor día de lluvia en casa"
        case .family: "un día especial compartido en familia"
        case .friendship: "hacer un nuevo amigo y vivir juntos una aventura"
        case .holiday: "unas fiestas llenas de tradiciones y sorpresas"
        }
    }

    private var frenchText: String {
        switch self {
        case .bedtime: "se préparer pour dormir après une longue et joyeuse journée"
        case .schoolDay: "une journée à l'école pleine de nouvelles choses à apprendre"
        case .birthday: "une fête d'anniversaire avec les amis et la famille"
        case .weekend: "un week-end paisible pour jouer et explorer"
        case .rainyDay: "une douce journée de pluie passée à la maison"
        case .family: "une journée spéciale passée en famille"
        case .friendship: "se faire un nouvel ami et partager une aventure"
        case .holiday: "des vacances pleines de traditions et de surprises"
        }
    }

    private var germanText: String {
        switch self {
        case .bedtime: "sich nach einem langen, schönen Tag bettfertig machen"
        case .schoolDay: "ein Schultag voller neuer Dinge zum Lernen"
        case .birthday: "eine Geburtstagsfeier mit Freunden und Familie"
        case .weekend: "ein gemütliches Wochenende mit Zeit zum Spielen und Entdecken"
        case .rainyDay: "ein gemütlicher Regentag zu Hause"
        case .family: "ein besonderer Tag mit der Familie"
        case .friendship: "einen neuen Freund finden und gemeinsam ein Abenteuer erleben"
        case .holiday: "ein Fest voller Traditionen und Überraschungen"
        }
    }

    private var italianText: String {
        switch self {
        case .bedtime: "prepararsi per andare a dormire dopo una lunga giornata felice"
        case .schoolDay: "una giornata a scuola piena di cose nuove da imparare"
        case .birthday: "una festa di compleanno con amici e famiglia"
        case .weekend: "un fine settimana tranquillo con tempo per giocare ed esplorare"
        case .rainyDay: "un'accogliente giornata di pioggia passata in casa"
        case .family: "una giornata speciale trascorsa in famiglia"
        case .friendship: "fare amicizia con qualcuno di nuovo e vivere insieme un'avventura"
        case .holiday: "una festa piena di tradizioni e sorprese"
        }
    }
}
