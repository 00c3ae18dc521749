import Foundation

/// The words the sandbox recognizes and the sentences it tells stories with, in the five languages a
/// story app asks for.
///
/// Sentences are written natively per language (not translated word for word) and are gentle on purpose:
/// none contains a word the sandbox's moderation flags, so an app that moderates generated stories sees
/// them pass. `{hero}` stands for the hero's name.
struct StoryPhrases: Sendable {
    /// Words that show a request for a story (a user prompt): "bedtime story", "cuento", …
    let storyMarkers: [String]
    /// Words that show a storyteller system message: "storyteller", "bedtime", "narrador", …
    let storytellerMarkers: [String]
    /// The word for "words" after a number ("Approximately 750 words").
    let wordsWords: Set<String>
    /// The word for "minutes" after a number ("a 5-minute story"): the length is then 150 words a minute.
    let minuteWords: [String]
    /// Frequent short words that identify the language.
    let functionWords: Set<String>
    /// The language's names as they follow "in"/"en"/"auf" in an instruction ("in Spanish", "en español").
    let languageNames: [String]
    /// Labels and prepositions before a hero's name ("Hero:", "about", "sobre", …); generic labels such as
    /// "Name:" are in ``StoryWriter/genericLabels``.
    let heroLabels: [String]
    let heroPrepositions: [String]
    let fallbackHero: String
    let titles: [String]
    let openings: [String]
    let sentences: [String]
    let closings: [String]

    static let english = StoryPhrases(
        storyMarkers: ["bedtime story", "bedtime stories"],
        storytellerMarkers: ["storyteller", "bedtime"],
        wordsWords: ["words", "word"],
        minuteWords: ["minute"],
        functionWords: ["the", "and", "a", "about", "with", "for", "of", "to", "is", "should", "your", "create", "approximately", "words", "story", "you", "who", "are"],
        languageNames: ["english", "inglés", "anglais", "englisch", "inglese"],
        heroLabels: ["hero:", "heroine:", "character:"],
        heroPrepositions: ["about", "named", "called", "featuring"],
        fallbackHero: "Pip",
        titles: ["{hero} and the Whispering Moon", "{hero}'s Starlit Journey", "{hero} and the Sleepy Garden", "The Lantern of {hero}", "{hero} and the Cloud Boat"],
        openings: [
            "Once upon a time, in a valley wrapped in soft blue twilight, there lived {hero}, who loved to watch the first stars appear.",
            "Once upon a time, at the edge of a quiet forest, {hero} was getting ready for a very gentle adventure.",
        ],
        sentences: [
            "The evening breeze carried the smell of warm bread and wild lavender across the meadow.",
            "{hero} walked slowly along the winding path, listening to the crickets sing their sleepy song.",
            "A small owl with silver feathers blinked from a branch and wished {hero} a peaceful night.",
            "Fireflies drifted through the air like tiny lanterns, showing the way to the old wooden bridge.",
            "{hero} stopped to share a kind word with a little rabbit who could not find its way home.",
            "{hero} followed the glow of the moon until a cozy little burrow came into view.",
            "The river hummed a gentle tune, and the water sparkled with the light of a thousand stars.",
            "{hero} remembered that being brave sometimes simply means being kind when nobody is watching.",
            "Soft clouds floated overhead, shaped like sleeping cats, sailing ships and fluffy pillows.",
            "A friendly hedgehog offered {hero} a blanket of moss, and they both laughed quietly.",
            "Far away, the village bell rang nine times, slow and round, like a lullaby for everyone.",
            "{hero} counted the stars one by one and gave each of them a gentle name.",
            "The tall trees swayed as if they were rocking their own little birds to sleep.",
            "Every step felt lighter, because {hero} knew that good friends were waiting at home.",
            "A warm light shone from the window of the little house at the end of the lane.",
            "{hero} smiled, feeling calm and safe, as the night wrapped the world in a velvet blanket.",
            "The moon leaned closer and whispered that every day brings a new chance to be curious.",
            "A family of ducks paddled past, and the smallest one waved a wing at {hero}.",
        ],
        closings: ["At last {hero} curled up in a warm bed, closed both eyes and drifted into sweet dreams. Goodnight, {hero}."])

    static let spanish = StoryPhrases(
        storyMarkers: ["cuento", "historia para dormir"],
        storytellerMarkers: ["narrador", "narradora", "cuentacuentos", "para dormir"],
        wordsWords: ["palabras", "palabra"],
        minuteWords: ["minuto"],
        functionWords: ["el", "la", "los", "las", "un", "una", "y", "de", "del", "sobre", "para", "con", "que", "es", "crea", "palabras", "aproximadamente", "niños", "tu", "eres"],
        languageNames: ["español", "spanish", "espagnol", "spanisch", "spagnolo", "castellano"],
        heroLabels: ["héroe:", "heroína:", "protagonista:", "personaje:"],
        heroPrepositions: ["sobre", "llamado", "llamada", "protagonizado por", "protagonizada por"],
        fallbackHero: "Luz",
        titles: ["{hero} y la luna que susurraba", "El viaje estrellado de {hero}", "{hero} y el jardín dormido", "La linterna de {hero}", "{hero} y el barco de nubes"],
        openings: [
            "Había una vez, en un valle envuelto en un suave crepúsculo azul, alguien llamado {hero} a quien le encantaba ver aparecer las primeras estrellas.",
            "Érase una vez, al borde de un bosque tranquilo, {hero} se preparaba para una aventura muy serena.",
        ],
        sentences: [
            "La brisa de la tarde llevaba por el prado el olor del pan caliente y de la lavanda silvestre.",
            "{hero} caminaba despacio por el sendero, escuchando a los grillos cantar su canción de cuna.",
            "Un pequeño búho de plumas plateadas parpadeó desde una rama y le deseó a {hero} una noche tranquila.",
            "Las luciérnagas flotaban en el aire como linternas diminutas y mostraban el camino hacia el viejo puente de madera.",
            "{hero} se detuvo para ayudar a un conejito que no encontraba el camino de vuelta a casa.",
            "{hero} siguió el brillo de la luna hasta que apareció una madriguera, cálida y acogedora.",
            "El río tarareaba una melodía suave y el agua brillaba con la luz de mil estrellas.",
            "{hero} recordó que ser valiente a veces significa simplemente ser amable cuando nadie mira.",
            "Nubes blandas pasaban por el cielo con forma de gatos dormidos, de barcos de vela y de almohadas.",
            "Un erizo simpático le ofreció a {hero} una manta de musgo, y los dos se rieron en voz baja.",
            "A lo lejos, la campana del pueblo sonó nueve veces, lenta y redonda, como una nana para todos.",
            "{hero} contó las estrellas una a una y le puso a cada una un nombre dulce.",
            "Los árboles altos se mecían como si acunaran a sus pajaritos para que se durmieran.",
            "Cada paso se sentía más ligero, porque {hero} sabía que en casa esperaban buenos amigos.",
            "Una luz cálida brillaba en la ventana de la casita al final del camino.",
            "{hero} sonrió con el corazón en calma, mientras la noche envolvía el mundo en una manta de terciopelo.",
            "La luna se acercó y susurró que cada día trae una nueva ocasión para descubrir algo bonito.",
            "Una familia de patos pasó nadando, y el más pequeño saludó a {hero} con el ala.",
        ],
        closings: ["Por fin, {hero} se acurrucó en su cama calentita, cerró los ojos y se dejó llevar por dulces sueños. Buenas noches, {hero}."])

    static let french = StoryPhrases(
        storyMarkers: ["histoire"],
        storytellerMarkers: ["conteur", "conteuse", "narrateur", "narratrice", "coucher"],
        wordsWords: ["mots", "mot"],
        minuteWords: ["minute"],
        functionWords: ["le", "la", "les", "un", "une", "et", "des", "du", "sur", "pour", "avec", "qui", "est", "mots", "environ", "enfants", "vous", "êtes", "créez", "crée", "tu", "es"],
        languageNames: ["français", "french", "francés", "französisch", "francese"],
        heroLabels: ["héros :", "héros:", "héroïne :", "héroïne:", "personnage :", "personnage:"],
        heroPrepositions: ["sur", "nommé", "nommée", "appelé", "appelée", "avec"],
        fallbackHero: "Lou",
        titles: ["{hero} et la lune qui chuchotait", "Le voyage étoilé de {hero}", "{hero} et le jardin endormi", "La lanterne de {hero}", "{hero} et le bateau de nuages"],
        openings: [
            "Il était une fois, dans une vallée enveloppée d'un doux crépuscule bleu, {hero}, qui aimait regarder s'allumer les premières étoiles.",
            "Il était une fois, à l'orée d'une forêt tranquille, {hero} qui se préparait pour une aventure toute douce.",
        ],
        sentences: [
            "La brise du soir portait à travers le pré l'odeur du pain chaud et de la lavande sauvage.",
            "{hero} marchait lentement sur le sentier en écoutant les grillons chanter leur berceuse.",
            "Un petit hibou aux plumes argentées cligna des yeux sur sa branche et souhaita une nuit paisible à {hero}.",
            "Les lucioles flottaient dans l'air comme de minuscules lanternes et montraient le chemin du vieux pont de bois.",
            "{hero} s'arrêta pour aider un petit lapin qui ne retrouvait plus le chemin de sa maison.",
            "{hero} suivit la lueur de la lune jusqu'à ce qu'un terrier douillet apparaisse.",
            "La rivière fredonnait un air tendre et l'eau scintillait de la lumière de mille étoiles.",
            "{hero} se souvint qu'être courageux, c'est parfois simplement être gentil quand personne ne regarde.",
            "De gros nuages moelleux glissaient dans le ciel, en forme de chats endormis, de voiliers et d'oreillers.",
            "Un hérisson aimable offrit à {hero} une couverture de mousse, et tous deux rirent tout bas.",
            "Au loin, la cloche du village sonna neuf coups, lents et ronds, comme une berceuse pour tout le monde.",
            "{hero} compta les étoiles une à une et donna à chacune un joli nom.",
            "Les grands arbres se balançaient comme s'ils berçaient leurs petits oiseaux pour les endormir.",
            "Chaque pas semblait plus léger, car {hero} savait que des amis l'attendaient à la maison.",
            "Une lumière chaude brillait à la fenêtre de la petite maison au bout du chemin.",
            "{hero} sourit, le cœur tranquille, pendant que la nuit enveloppait le monde d'une couverture de velours.",
            "La lune se pencha et murmura que chaque jour apporte une nouvelle occasion de s'émerveiller.",
            "Une famille de canards passa sur l'eau, et le plus petit fit un signe de l'aile à {hero}.",
        ],
        closings: ["Enfin, {hero} se blottit dans son lit bien chaud, ferma les yeux et s'envola vers de jolis rêves. Bonne nuit, {hero}."])

    static let german = StoryPhrases(
        storyMarkers: ["geschichte"],
        storytellerMarkers: ["erzähler", "erzählerin", "gutenacht", "schlafenszeit"],
        wordsWords: ["wörter", "worte", "wörtern"],
        minuteWords: ["minute", "minütig"],
        functionWords: ["der", "die", "das", "und", "ein", "eine", "über", "für", "mit", "ist", "zu", "den", "dem", "wörter", "ungefähr", "kinder", "erstelle", "du", "bist", "sie", "sind"],
        languageNames: ["deutsch", "german", "alemán", "allemand", "tedesco"],
        heroLabels: ["held:", "heldin:", "figur:", "hauptfigur:"],
        heroPrepositions: ["über", "namens", "von"],
        fallbackHero: "Mia",
        titles: ["{hero} und der flüsternde Mond", "Die Sternenreise von {hero}", "{hero} und der schläfrige Garten", "Die Laterne von {hero}", "{hero} und das Wolkenboot"],
        openings: [
            "Es war einmal ein stilles Tal im sanften blauen Abendlicht. Dort wohnte {hero} und schaute jeden Abend zu, wie die ersten Sterne aufgingen.",
            "Es war einmal ein stiller Wald, und an seinem Rand machte sich {hero} bereit für ein ganz sanftes Abenteuer.",
        ],
        sentences: [
            "Die Abendbrise trug den Duft von warmem Brot und wildem Lavendel über die Wiese.",
            "{hero} ging langsam den gewundenen Weg entlang und lauschte dem schläfrigen Lied der Grillen.",
            "Eine kleine Eule mit silbernen Federn blinzelte von einem Ast und wünschte {hero} eine friedliche Nacht.",
            "Glühwürmchen schwebten wie winzige Laternen durch die Luft und zeigten den Weg zur alten Holzbrücke.",
            "{hero} blieb stehen, um einem kleinen Hasen zu helfen, der den Weg nach Hause nicht mehr fand.",
            "{hero} folgte dem Schein des Mondes, bis ein gemütlicher kleiner Bau zu sehen war.",
            "Der Fluss summte eine leise Melodie, und das Wasser glitzerte im Licht von tausend Sternen.",
            "{hero} dachte daran, dass mutig sein manchmal einfach heißt, freundlich zu sein, wenn niemand zusieht.",
            "Weiche Wolken zogen vorbei und sahen aus wie schlafende Katzen, Segelschiffe und Kissen.",
            "Ein freundlicher Igel schenkte {hero} eine Decke aus Moos, und beide lachten leise.",
            "In der Ferne läutete die Dorfglocke neunmal, langsam und rund, wie ein Schlaflied für alle.",
            "{hero} zählte die Sterne einen nach dem anderen und gab jedem einen schönen Namen.",
            "Die hohen Bäume wiegten sich, als würden sie ihre kleinen Vögel in den Schlaf schaukeln.",
            "Jeder Schritt fühlte sich leichter an, denn {hero} wusste, dass zu Hause gute Freunde warteten.",
            "Ein warmes Licht leuchtete im Fenster des kleinen Hauses am Ende des Weges.",
            "{hero} lächelte ruhig und geborgen, während die Nacht die Welt in eine Samtdecke hüllte.",
            "Der Mond beugte sich herab und flüsterte, dass jeder Tag etwas Neues zum Staunen bringt.",
            "Eine Entenfamilie paddelte vorbei, und die kleinste Ente winkte {hero} mit dem Flügel zu.",
        ],
        closings: ["Endlich kuschelte sich {hero} in ein warmes Bett, schloss die Augen und glitt in süße Träume. Gute Nacht, {hero}."])

    static let italian = StoryPhrases(
        storyMarkers: ["storia", "fiaba", "favola"],
        storytellerMarkers: ["narratore", "narratrice", "cantastorie", "buonanotte"],
        wordsWords: ["parole", "parola"],
        minuteWords: ["minut"],
        functionWords: ["il", "lo", "la", "gli", "le", "un", "una", "e", "di", "su", "per", "con", "che", "è", "crea", "parole", "circa", "bambini", "sei", "della", "del"],
        languageNames: ["italiano", "italian", "italien", "italienisch"],
        heroLabels: ["eroe:", "eroina:", "protagonista:", "personaggio:"],
        heroPrepositions: ["su", "chiamato", "chiamata", "di nome"],
        fallbackHero: "Nina",
        titles: ["{hero} e la luna che sussurrava", "Il viaggio stellato di {hero}", "{hero} e il giardino addormentato", "La lanterna di {hero}", "{hero} e la barca di nuvole"],
        openings: [
            "C'era una volta, in una valle avvolta da un morbido crepuscolo azzurro, {hero}, che amava guardare spuntare le prime stelle.",
            "C'era una volta, ai margini di un bosco tranquillo, {hero}, che si preparava per un'avventura dolcissima.",
        ],
        sentences: [
            "La brezza della sera portava sul prato il profumo del pane caldo e della lavanda selvatica.",
            "{hero} camminava piano lungo il sentiero, ascoltando i grilli cantare la loro ninna nanna.",
            "Un piccolo gufo dalle piume d'argento sbatté le palpebre da un ramo e augurò a {hero} una notte serena.",
            "Le lucciole fluttuavano nell'aria come minuscole lanterne e indicavano la strada verso il vecchio ponte di legno.",
            "{hero} si fermò ad aiutare un coniglietto che non trovava più la strada di casa.",
            "{hero} seguì il chiarore della luna finché apparve una tana, calda e accogliente.",
            "Il fiume canticchiava una melodia dolce e l'acqua scintillava alla luce di mille stelle.",
            "{hero} si ricordò che essere coraggiosi a volte significa semplicemente essere gentili quando nessuno guarda.",
            "Nuvole soffici passavano nel cielo, a forma di gatti addormentati, di velieri e di cuscini.",
            "Un riccio simpatico offrì a {hero} una coperta di muschio, e tutti e due risero sottovoce.",
            "In lontananza la campana del paese suonò nove rintocchi, lenti e rotondi, come una ninna nanna per tutti.",
            "{hero} contò le stelle una per una e diede a ciascuna un nome gentile.",
            "Gli alberi alti ondeggiavano come se cullassero i loro uccellini per farli addormentare.",
            "Ogni passo sembrava più leggero, perché {hero} sapeva che a casa c'erano buoni amici ad aspettare.",
            "Una luce calda brillava alla finestra della casetta in fondo al sentiero.",
            "{hero} sorrise con il cuore tranquillo, mentre la notte avvolgeva il mondo in una coperta di velluto.",
            "La luna si avvicinò e sussurrò che ogni giorno porta una nuova occasione per meravigliarsi.",
            "Una famiglia di anatre passò nuotando, e la più piccola salutò {hero} con l'ala.",
        ],
        closings: ["Alla fine {hero} si rannicchiò nel suo letto caldo, chiuse gli occhi e scivolò in sogni dolcissimi. Buonanotte, {hero}."])
}
