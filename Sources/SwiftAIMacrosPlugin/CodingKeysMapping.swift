#if SwiftAIMacros
import SwiftSyntax

/// The JSON names a nested `CodingKey` enum gives, read the way synthesized `Codable` reads it: a case's raw
/// value when it has one, its name otherwise; a name without a case is not encoded at all.
struct CodingKeysMapping {
    /// Swift name (without backticks) to JSON name, for the enum's cases.
    private var names: [String: String] = [:]

    /// The mapping declared by the enum named `enumName` among `members`; nil when there is none (every name
    /// is then its own JSON name).
    init?(named enumName: String, in members: MemberBlockItemListSyntax) {
        guard
            let keys = members.lazy.compactMap({ $0.decl.as(EnumDeclSyntax.self) }).first(where: {
                $0.name.text == enumName
            })
        else { return nil }
        for member in keys.memberBlock.members {
            guard let cases = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            for element in cases.elements {
                let name = element.name.identifierText
                let raw = element.rawValue?.value.as(StringLiteralExprSyntax.self)?.representedLiteralValue
                names[name] = raw ?? name
            }
        }
    }

    /// The JSON name of the Swift name `name`, or nil when the keys leave it out.
    func jsonName(of name: String) -> String? { names[name] }
}

extension TokenSyntax {
    /// The identifier without the backticks that let keywords be names (`` `default` `` is `default`).
    var identifierText: String {
        let text = self.text
        if text.count >= 2, text.hasPrefix("`"), text.hasSuffix("`") { return String(text.dropFirst().dropLast()) }
        return text
    }
}
#endif
