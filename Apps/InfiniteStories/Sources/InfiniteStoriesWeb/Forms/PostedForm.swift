import Foundation
import Hummingbird

/// The field every form of the app repeats the CSRF cookie's token in.
private struct CSRFField: Decodable {
    let token: String?

    enum CodingKeys: String, CodingKey {
        case token = "_csrf"
    }
}

/// A form with no fields but the token (the delete and sign-out buttons).
struct EmptyForm: Decodable {}

extension Request {
    /// The largest form the app takes: the longest field is a 1,000-character description.
    static var formLimit: Int { 64 * 1024 }

    /// Reads a form posted by one of the app's pages (`application/x-www-form-urlencoded`) with Hummingbird's
    /// decoder, after checking its CSRF token against the cookie: 403 when the token is missing or wrong, 400
    /// when the body is not a form (a duplicated field, a broken percent escape).
    func postedForm<Form: Decodable>(_ type: Form.Type, context: WebRequestContext) async throws -> Form {
        var request = self
        let body = String(buffer: try await request.collectBody(upTo: Self.formLimit))
        let ui = context.visit.ui
        let decoder = URLEncodedFormDecoder()
        guard let token = try? decoder.decode(CSRFField.self, from: body).token,
              let cookie = cookies[Visit.csrfCookieName]?.value, cookie.count == 64, constantTimeEqual(token, cookie)
        else {
            throw HTTPError(.forbidden, message: ui[.formExpired])
        }
        do {
            return try decoder.decode(Form.self, from: body)
        } catch {
            throw HTTPError(.badRequest, message: ui[.formUnreadable])
        }
    }

    /// Checks the CSRF token of a form that carries nothing else.
    func checkPostedToken(context: WebRequestContext) async throws {
        _ = try await postedForm(EmptyForm.self, context: context)
    }
}

/// Compares two secrets in a time that depends only on their length, so timing tells nothing of a prefix.
func constantTimeEqual(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8), y = Array(b.utf8)
    guard x.count == y.count else { return false }
    var difference: UInt8 = 0
    for i in x.indices { difference |= x[i] ^ y[i] }
    return difference == 0
}

extension Optional<String> {
    /// The text trimmed of spaces and newlines; nil when missing or blank.
    var nonBlank: String? {
        guard let text = self?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        return text
    }
}

/// A hero's or child's name as typed: trimmed, not blank, at most 80 characters (the forms' `maxlength`, enforced
/// here too). The failure is the message to show, in the visitor's language.
func checkedName(_ typed: String?, ui: UI) -> Result<String, NameProblem> {
    guard let name = typed.nonBlank else { return .failure(NameProblem(message: ui[.nameNeeded])) }
    guard name.count <= 80 else { return .failure(NameProblem(message: ui[.nameTooLong])) }
    return .success(name)
}

/// Why a name was refused, as the form says it.
struct NameProblem: Error {
    let message: String
}
