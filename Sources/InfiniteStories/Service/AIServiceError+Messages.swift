import Foundation

extension AIServiceError {
    /// The message to show a parent, in the app's language: the InfiniteStories app's `handleAIError` texts, translated.
    public func userMessage(language: String) -> String {
        let texts = Self.messages[SupportedLanguage(name: language)] ?? Self.english
        switch self {
        case .invalidAPIKey: return texts.invalidAPIKey
        case .rateLimitExceeded: return texts.rateLimit
        case .networkError: return texts.network
        case .invalidResponse: return texts.invalidResponse
        case .apiError(let message): return texts.unexpected + message
        case .imageGenerationFailed: return texts.image
        case .fileSystemError: return texts.file
        case .contentRejected: return texts.content
        }
    }

    private struct Texts {
        let invalidAPIKey, rateLimit, network, invalidResponse, unexpected, image, file, content: String
    }

    private static let english = Texts(
        invalidAPIKey: "Please configure your OpenAI API key in Settings",
        rateLimit: "API rate limit reached. Please try again in a few minutes",
        network: "Network connection error. Please check your internet connection",
        invalidResponse: "Received invalid response from AI service. Please try again",
        unexpected: "An unexpected error occurred: ",
        image: "The picture could not be created. Please try again",
        file: "The file could not be saved. Please check the available storage",
        content: "This content isn't suitable for a children's story. Please change the text and try again")

    private static let messages: [SupportedLanguage: Texts] = [
        .english: english,
        .spanish: Texts(
            invalidAPIKey: "Configura tu clave de API de OpenAI en Ajustes",
            rateLimit: "Se alcanzó el límite de uso de la API. Inténtalo de nuevo en unos minutos",
            network: "Error de conexión de red. Comprueba tu conexión a internet",
            invalidResponse: "Se recibió una respuesta no válida del servicio de IA. Inténtalo de nuevo",
            unexpected: "Se produjo un error inesperado: ",
            image: "No se pudo crear la imagen. Inténtalo de nuevo",
            file: "No se pudo guardar el archivo. Comprueba el espacio disponible",
            content: "Este contenido no es adecuado para un cuento infantil. Cambia el texto e inténtalo de nuevo"),
        .french: Texts(
            invalidAPIKey: "Veuillez configurer votre clé API OpenAI dans les Réglages",
            rateLimit: "Limite d'utilisation de l'API atteinte. Veuillez réessayer dans quelques minutes",
            network: "Erreur de connexion réseau. Veuillez vérifier votre connexion Internet",
            invalidResponse: "Réponse non valide reçue du service d'IA. Veuillez réessayer",
            unexpected: "Une erreur inattendue s'est produite : ",
            image: "L'image n'a pas pu être créée. Veuillez réessayer",
            file: "Le fichier n'a pas pu être enregistré. Veuillez vérifier l'espace disponible",
            content: "Ce contenu ne convient pas à une histoire pour enfants. Veuillez modifier le texte et réessayer"),
        .german: Texts(
            invalidAPIKey: "Bitte richte deinen OpenAI-API-Schlüssel in den Einstellungen ein",
            rateLimit: "API-Limit erreicht. Bitte versuche es in ein paar Minuten erneut",
            network: "Netzwerkfehler. Bitte überprüfe deine Internetverbindung",
            invalidResponse: "Ungültige Antwort vom KI-Dienst erhalten. Bitte versuche es erneut",
            unexpected: "Ein unerwarteter Fehler ist aufgetreten: ",
            image: "Das Bild konnte nicht erstellt werden. Bitte versuche es erneut",
            file: "Die Datei konnte nicht gespeichert werden. Bitte überprüfe den freien Speicherplatz",
            content: "Dieser Inhalt ist für eine Kindergeschichte nicht geeignet. Bitte ändere den Text und versuche es erneut"),
        .italian: Texts(
            invalidAPIKey: "Configura la tua chiave API di OpenAI nelle Impostazioni",
            rateLimit: "Limite di utilizzo dell'API raggiunto. Riprova tra qualche minuto",
            network: "Errore di connessione di rete. Controlla la tua connessione a internet",
            invalidResponse: "Risposta non valida dal servizio di IA. Riprova",
            unexpected: "Si è verificato un errore imprevisto: ",
            image: "Non è stato possibile creare l'immagine. Riprova",
            file: "Non è stato possibile salvare il file. Controlla lo spazio disponibile",
            content: "Questo contenuto non è adatto a una storia per bambini. Modifica il testo e riprova"),
    ]
}
