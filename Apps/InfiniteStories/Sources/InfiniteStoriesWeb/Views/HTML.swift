/// A tiny typed HTML builder. Text is escaped by construction: the only way to put characters into a page is
/// through `Node.text` or an attribute value, and both are escaped when rendered. There is no "raw HTML" node
/// other than the fixed doctype.
indirect enum Node: Sendable {
    case element(String, [(String, String)], [Node])
    case void(String, [(String, String)])
    case text(String)
    case fragment([Node])

    /// Renders the node as HTML.
    func render() -> String {
        var out = ""
        render(into: &out)
        return out
    }

    func render(into out: inout String) {
        switch self {
        case .element(let name, let attributes, let children):
            out += "<" + name
            Self.render(attributes, into: &out)
            out += ">"
            for child in children { child.render(into: &out) }
            out += "</" + name + ">"
        case .void(let name, let attributes):
            out += "<" + name
            Self.render(attributes, into: &out)
            out += ">"
        case .text(let text):
            out += escapeHTML(text)
        case .fragment(let nodes):
            for node in nodes { node.render(into: &out) }
        }
    }

    private static func render(_ attributes: [(String, String)], into out: inout String) {
        for (name, value) in attributes {
            out += " " + name + "=\"" + escapeHTML(value) + "\""
        }
    }
}

/// Escapes `&`, `<`, `>`, `"` and `'` so a text can't open a tag or leave an attribute.
func escapeHTML(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for character in text.unicodeScalars {
        switch character {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        default: out.unicodeScalars.append(character)
        }
    }
    return out
}

/// Element helpers: `el("p", ["class": "x"], .text("hi"))`.
func el(_ name: String, _ attributes: KeyValuePairs<String, String> = [:], _ children: Node...) -> Node {
    .element(name, attributes.map { ($0.key, $0.value) }, children)
}

func el(_ name: String, _ attributes: KeyValuePairs<String, String> = [:], children: [Node]) -> Node {
    .element(name, attributes.map { ($0.key, $0.value) }, children)
}

func el(_ name: String, attrs: [(String, String)], _ children: [Node]) -> Node {
    .element(name, attrs, children)
}

func void(_ name: String, _ attributes: KeyValuePairs<String, String> = [:]) -> Node {
    .void(name, attributes.map { ($0.key, $0.value) })
}

func void(_ name: String, attrs: [(String, String)]) -> Node {
    .void(name, attrs)
}

func t(_ text: String) -> Node { .text(text) }
