import InfiniteStories

/// The interface text: one table per language. A missing entry falls back to English, then to the key.
struct UI: Sendable {
    /// The interface language code: en, es, fr, de or it.
    let code: String

    static let codes = ["en", "es", "fr", "de", "it"]

    /// `?lang=` first, then the first supported language in `Accept-Language`, then English.
    init(query: String?, acceptLanguage: String?) {
        if let query, Self.codes.contains(query.lowercased()) {
            code = query.lowercased()
            return
        }
        for part in (acceptLanguage ?? "").split(separator: ",") {
            let tag = part.split(separator: ";")[0].trimmingCharacters(in: .whitespaces).lowercased()
            let primary = String(tag.prefix(2))
            if Self.codes.contains(primary) {
                code = primary
                return
            }
        }
        code = "en"
    }

    /// The story language name matching the interface language ("Spanish" for es).
    var storyLanguage: String { languageCodeToSupported(code) }

    subscript(_ key: String) -> String {
        Self.tables[code]?[key] ?? Self.tables["en"]?[key] ?? key
    }

    static let tables: [String: [String: String]] = [
        "en": [
            "listenVoices": "Listen to the voices",
            "suggestTitle": "Suggest a title", "enhance": "Enhance the description", "keywords": "Keywords", "similar": "Similar events", "enhanced": "The description was enhanced.", "describeFirst": "Describe the event first.",
            "settings": "Settings", "currentKey": "OpenAI API key", "noKey": "No key is set.", "newKey": "New key", "deleteKey": "Delete the saved key", "badKey": "That does not look like an OpenAI API key (they start with sk-).", "keyNotSaved": "The key could not be saved.", "keySaved": "Key saved.", "sandboxKey": "The sandbox is running: no key is needed or used.",
            "usage": "Usage", "noUsage": "No usage recorded yet.", "costPerDay": "Estimated cost per day", "model": "Model", "inputTokens": "Input tokens", "outputTokens": "Output tokens", "characters": "Characters", "images": "Images", "cost": "Estimated cost",
            "password": "Password", "signIn": "Sign in", "wrongPassword": "Wrong password.",
            "signOut": "Sign out", "tooManyAttempts": "Too many wrong passwords. Please try again in {minutes} min.",
            "wrongHostTitle": "Wrong address", "wrongHost": "This app answers only at the address it was started on. Open it from there.",
            "library": "Library", "heroes": "Heroes", "newStory": "New story", "search": "Search",
            "searchPlaceholder": "Title or hero", "noStories": "No stories yet.", "delete": "Delete",
            "deleteStoryQ": "Delete this story for good?", "cancel": "Cancel", "minutes": "min",
            "listen": "Listen", "hero": "Hero", "name": "Name", "traits": "Traits (comma-separated)",
            "appearance": "Appearance", "ability": "Special ability", "save": "Save", "edit": "Edit",
            "newHero": "New hero", "noHeroes": "No heroes yet.", "drawAvatar": "Draw avatar", "size": "Size",
            "quality": "Quality", "event": "Event", "customEvent": "Or a custom event, in your own words",
            "language": "Language", "length": "Length (minutes)", "voice": "Voice", "write": "Write the story",
            "writing": "Writing the story…", "openStory": "Open the story", "busyTitle": "Busy right now",
            "busy": "Two stories are being written already. Please try again in a minute.", "retry": "Try again",
            "notFound": "Not found", "deleteHeroQ": "Delete this hero?", "revisedPrompt": "The picture's prompt",
            "noHeroForStory": "Create a hero first.", "narrating": "Narrating", "illustrating": "Illustrating…",
            "saving": "Saving…", "heroExists": "A hero with that name exists already.", "nameNeeded": "A name is needed.",
            "eventNeeded": "Choose an event or describe one.", "customEventOption": "(custom event below)",
        ],
        "es": [
            "listenVoices": "Escuchar las voces",
            "suggestTitle": "Sugerir un título", "enhance": "Mejorar la descripción", "keywords": "Palabras clave", "similar": "Ocasiones parecidas", "enhanced": "La descripción se ha mejorado.", "describeFirst": "Describe primero la ocasión.",
            "settings": "Ajustes", "currentKey": "Clave de la API de OpenAI", "noKey": "No hay ninguna clave.", "newKey": "Nueva clave", "deleteKey": "Borrar la clave guardada", "badKey": "Eso no parece una clave de la API de OpenAI (empiezan por sk-).", "keyNotSaved": "No se pudo guardar la clave.", "keySaved": "Clave guardada.", "sandboxKey": "El sandbox está activo: no se necesita clave.",
            "usage": "Uso", "noUsage": "Todavía no hay uso registrado.", "costPerDay": "Coste estimado por día", "model": "Modelo", "inputTokens": "Tokens de entrada", "outputTokens": "Tokens de salida", "characters": "Caracteres", "images": "Imágenes", "cost": "Coste estimado",
            "password": "Contraseña", "signIn": "Entrar", "wrongPassword": "Contraseña incorrecta.",
            "signOut": "Salir", "tooManyAttempts": "Demasiadas contraseñas incorrectas. Vuelve a intentarlo dentro de {minutes} min.",
            "minutes": "min", "revisedPrompt": "La descripción del dibujo", "heroExists": "Ya existe un héroe con ese nombre.", "nameNeeded": "Hace falta un nombre.", "eventNeeded": "Elige una ocasión o describe una.", "customEventOption": "(ocasión propia abajo)",
            "wrongHostTitle": "Dirección equivocada", "wrongHost": "Esta aplicación solo responde en la dirección con la que se inició. Ábrela desde allí.",
            "library": "Biblioteca", "heroes": "Héroes", "newStory": "Nuevo cuento", "search": "Buscar",
            "searchPlaceholder": "Título o héroe", "noStories": "Todavía no hay cuentos.", "delete": "Borrar",
            "deleteStoryQ": "¿Borrar este cuento para siempre?", "cancel": "Cancelar", "listen": "Escuchar",
            "hero": "Héroe", "name": "Nombre", "traits": "Rasgos (separados por comas)", "appearance": "Aspecto",
            "ability": "Habilidad especial", "save": "Guardar", "edit": "Editar", "newHero": "Nuevo héroe",
            "noHeroes": "Todavía no hay héroes.", "drawAvatar": "Dibujar avatar", "size": "Tamaño", "quality": "Calidad",
            "event": "Ocasión", "customEvent": "O una ocasión propia, con tus palabras", "language": "Idioma",
            "length": "Duración (minutos)", "voice": "Voz", "write": "Escribir el cuento", "writing": "Escribiendo el cuento…",
            "openStory": "Abrir el cuento", "busyTitle": "Ocupado", "busy": "Ya se están escribiendo dos cuentos. Inténtalo de nuevo en un minuto.",
            "retry": "Reintentar", "notFound": "No encontrado", "deleteHeroQ": "¿Borrar este héroe?",
            "noHeroForStory": "Crea primero un héroe.", "narrating": "Narrando", "illustrating": "Ilustrando…", "saving": "Guardando…",
        ],
        "fr": [
            "listenVoices": "Écouter les voix",
            "suggestTitle": "Proposer un titre", "enhance": "Améliorer la description", "keywords": "Mots-clés", "similar": "Occasions semblables", "enhanced": "La description a été améliorée.", "describeFirst": "Décrivez d'abord l'occasion.",
            "settings": "Réglages", "currentKey": "Clé d'API OpenAI", "noKey": "Aucune clé.", "newKey": "Nouvelle clé", "deleteKey": "Supprimer la clé enregistrée", "badKey": "Ceci ne ressemble pas à une clé d'API OpenAI (elles commencent par sk-).", "keyNotSaved": "La clé n'a pas pu être enregistrée.", "keySaved": "Clé enregistrée.", "sandboxKey": "Le bac à sable tourne : aucune clé n'est utilisée.",
            "usage": "Consommation", "noUsage": "Aucune consommation enregistrée.", "costPerDay": "Coût estimé par jour", "model": "Modèle", "inputTokens": "Jetons d'entrée", "outputTokens": "Jetons de sortie", "characters": "Caractères", "images": "Images", "cost": "Coût estimé",
            "password": "Mot de passe", "signIn": "Se connecter", "wrongPassword": "Mot de passe incorrect.",
            "signOut": "Se déconnecter", "tooManyAttempts": "Trop de mots de passe incorrects. Réessayez dans {minutes} min.",
            "minutes": "min", "revisedPrompt": "La description de l'image", "heroExists": "Un héros porte déjà ce nom.", "nameNeeded": "Un nom est nécessaire.", "eventNeeded": "Choisissez une occasion ou décrivez-en une.", "customEventOption": "(occasion à vous ci-dessous)",
            "wrongHostTitle": "Mauvaise adresse", "wrongHost": "Cette application ne répond qu'à l'adresse avec laquelle elle a été lancée. Ouvrez-la depuis celle-ci.",
            "library": "Bibliothèque", "heroes": "Héros", "newStory": "Nouvelle histoire", "search": "Chercher",
            "searchPlaceholder": "Titre ou héros", "noStories": "Pas encore d'histoires.", "delete": "Supprimer",
            "deleteStoryQ": "Supprimer définitivement cette histoire ?", "cancel": "Annuler", "listen": "Écouter",
            "hero": "Héros", "name": "Nom", "traits": "Traits (séparés par des virgules)", "appearance": "Apparence",
            "ability": "Pouvoir spécial", "save": "Enregistrer", "edit": "Modifier", "newHero": "Nouveau héros",
            "noHeroes": "Pas encore de héros.", "drawAvatar": "Dessiner l'avatar", "size": "Taille", "quality": "Qualité",
            "event": "Occasion", "customEvent": "Ou une occasion à vous, avec vos mots", "language": "Langue",
            "length": "Durée (minutes)", "voice": "Voix", "write": "Écrire l'histoire", "writing": "Écriture de l'histoire…",
            "openStory": "Ouvrir l'histoire", "busyTitle": "Occupé", "busy": "Deux histoires sont déjà en cours d'écriture. Réessayez dans une minute.",
            "retry": "Réessayer", "notFound": "Introuvable", "deleteHeroQ": "Supprimer ce héros ?",
            "noHeroForStory": "Créez d'abord un héros.", "narrating": "Narration", "illustrating": "Illustration…", "saving": "Enregistrement…",
        ],
        "de": [
            "listenVoices": "Stimmen anhören",
            "suggestTitle": "Titel vorschlagen", "enhance": "Beschreibung verbessern", "keywords": "Stichwörter", "similar": "Ähnliche Anlässe", "enhanced": "Die Beschreibung wurde verbessert.", "describeFirst": "Beschreibe zuerst den Anlass.",
            "settings": "Einstellungen", "currentKey": "OpenAI-API-Schlüssel", "noKey": "Kein Schlüssel gesetzt.", "newKey": "Neuer Schlüssel", "deleteKey": "Gespeicherten Schlüssel löschen", "badKey": "Das sieht nicht wie ein OpenAI-API-Schlüssel aus (sie beginnen mit sk-).", "keyNotSaved": "Der Schlüssel konnte nicht gespeichert werden.", "keySaved": "Schlüssel gespeichert.", "sandboxKey": "Die Sandbox läuft: Es wird kein Schlüssel gebraucht.",
            "usage": "Verbrauch", "noUsage": "Noch kein Verbrauch erfasst.", "costPerDay": "Geschätzte Kosten pro Tag", "model": "Modell", "inputTokens": "Eingabe-Tokens", "outputTokens": "Ausgabe-Tokens", "characters": "Zeichen", "images": "Bilder", "cost": "Geschätzte Kosten",
            "password": "Passwort", "signIn": "Anmelden", "wrongPassword": "Falsches Passwort.",
            "signOut": "Abmelden", "tooManyAttempts": "Zu viele falsche Passwörter. Bitte in {minutes} Min. erneut versuchen.",
            "minutes": "Min.", "revisedPrompt": "Die Beschreibung des Bildes", "heroExists": "Einen Helden mit diesem Namen gibt es schon.", "nameNeeded": "Ein Name wird gebraucht.", "eventNeeded": "Wähle einen Anlass oder beschreibe einen.", "customEventOption": "(eigener Anlass unten)",
            "wrongHostTitle": "Falsche Adresse", "wrongHost": "Diese App antwortet nur unter der Adresse, mit der sie gestartet wurde. Bitte dort öffnen.",
            "library": "Bibliothek", "heroes": "Helden", "newStory": "Neue Geschichte", "search": "Suchen",
            "searchPlaceholder": "Titel oder Held", "noStories": "Noch keine Geschichten.", "delete": "Löschen",
            "deleteStoryQ": "Diese Geschichte endgültig löschen?", "cancel": "Abbrechen", "listen": "Anhören",
            "hero": "Held", "name": "Name", "traits": "Eigenschaften (durch Kommas getrennt)", "appearance": "Aussehen",
            "ability": "Besondere Fähigkeit", "save": "Speichern", "edit": "Bearbeiten", "newHero": "Neuer Held",
            "noHeroes": "Noch keine Helden.", "drawAvatar": "Avatar zeichnen", "size": "Größe", "quality": "Qualität",
            "event": "Anlass", "customEvent": "Oder ein eigener Anlass, in eigenen Worten", "language": "Sprache",
            "length": "Länge (Minuten)", "voice": "Stimme", "write": "Geschichte schreiben", "writing": "Die Geschichte wird geschrieben…",
            "openStory": "Geschichte öffnen", "busyTitle": "Gerade beschäftigt", "busy": "Es werden schon zwei Geschichten geschrieben. Bitte in einer Minute noch einmal versuchen.",
            "retry": "Noch einmal", "notFound": "Nicht gefunden", "deleteHeroQ": "Diesen Helden löschen?",
            "noHeroForStory": "Lege zuerst einen Helden an.", "narrating": "Vorlesen", "illustrating": "Illustrieren…", "saving": "Speichern…",
        ],
        "it": [
            "listenVoices": "Ascolta le voci",
            "suggestTitle": "Suggerisci un titolo", "enhance": "Migliora la descrizione", "keywords": "Parole chiave", "similar": "Occasioni simili", "enhanced": "La descrizione è stata migliorata.", "describeFirst": "Descrivi prima l'occasione.",
            "settings": "Impostazioni", "currentKey": "Chiave API di OpenAI", "noKey": "Nessuna chiave impostata.", "newKey": "Nuova chiave", "deleteKey": "Elimina la chiave salvata", "badKey": "Non sembra una chiave API di OpenAI (iniziano con sk-).", "keyNotSaved": "Impossibile salvare la chiave.", "keySaved": "Chiave salvata.", "sandboxKey": "Il sandbox è attivo: nessuna chiave necessaria.",
            "usage": "Utilizzo", "noUsage": "Nessun utilizzo registrato.", "costPerDay": "Costo stimato al giorno", "model": "Modello", "inputTokens": "Token in ingresso", "outputTokens": "Token in uscita", "characters": "Caratteri", "images": "Immagini", "cost": "Costo stimato",
            "password": "Password", "signIn": "Accedi", "wrongPassword": "Password errata.",
            "signOut": "Esci", "tooManyAttempts": "Troppe password errate. Riprova tra {minutes} min.",
            "minutes": "min", "revisedPrompt": "La descrizione dell'immagine", "heroExists": "Esiste già un eroe con questo nome.", "nameNeeded": "Serve un nome.", "eventNeeded": "Scegli un'occasione o descrivine una.", "customEventOption": "(occasione tua qui sotto)",
            "wrongHostTitle": "Indirizzo sbagliato", "wrongHost": "Questa app risponde solo all'indirizzo con cui è stata avviata. Aprila da lì.",
            "library": "Biblioteca", "heroes": "Eroi", "newStory": "Nuova storia", "search": "Cerca",
            "searchPlaceholder": "Titolo o eroe", "noStories": "Ancora nessuna storia.", "delete": "Elimina",
            "deleteStoryQ": "Eliminare questa storia per sempre?", "cancel": "Annulla", "listen": "Ascolta",
            "hero": "Eroe", "name": "Nome", "traits": "Tratti (separati da virgole)", "appearance": "Aspetto",
            "ability": "Abilità speciale", "save": "Salva", "edit": "Modifica", "newHero": "Nuovo eroe",
            "noHeroes": "Ancora nessun eroe.", "drawAvatar": "Disegna l'avatar", "size": "Dimensione", "quality": "Qualità",
            "event": "Occasione", "customEvent": "Oppure un'occasione tua, con parole tue", "language": "Lingua",
            "length": "Durata (minuti)", "voice": "Voce", "write": "Scrivi la storia", "writing": "Sto scrivendo la storia…",
            "openStory": "Apri la storia", "busyTitle": "Occupato", "busy": "Si stanno già scrivendo due storie. Riprova tra un minuto.",
            "retry": "Riprova", "notFound": "Non trovato", "deleteHeroQ": "Eliminare questo eroe?",
            "noHeroForStory": "Crea prima un eroe.", "narrating": "Narrazione", "illustrating": "Illustrazione…", "saving": "Salvataggio…",
        ],
    ]
}
