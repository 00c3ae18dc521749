import AIServerKit
import Foundation

/// An Anthropic error answer, thrown out of a Managed Agents handler and sent as the response.
struct ManagedResourceFailure: Error {
    let plan: ResponsePlan

    /// 400 `invalid_request_error`; `code` becomes `error.details.error_code`, as the API names a cause.
    static func invalid(_ message: String, code: String? = nil) -> ManagedResourceFailure {
        failure(400, type: "invalid_request_error", message: message, code: code)
    }

    /// 404 `not_found_error`.
    static func notFound(_ message: String, code: String? = nil) -> ManagedResourceFailure {
        failure(404, type: "not_found_error", message: message, code: code)
    }

    /// 409, e.g. a stale agent `version` (`conflict_error`) or a failed memory precondition.
    static func conflict(_ message: String, type: String = "conflict_error") -> ManagedResourceFailure {
        failure(409, type: type, message: message, code: nil)
    }

    private static func failure(_ status: Int, type: String, message: String, code: String?) -> ManagedResourceFailure {
        var error: JSON = ["type": .string(type), "message": .string(message)]
        if let code { error["details"] = ["error_code": .string(code)] }
        return ManagedResourceFailure(plan: .json(["type": "error", "error": error] as JSON, status: status))
    }
}

extension ManagedResourceFailure {
    /// The JSON `body` makes, or the failure it threw as the answer.
    static func answer(_ body: () throws -> JSON) -> ResponsePlan {
        do {
            return .json(try body())
        } catch let failure as ManagedResourceFailure {
            return failure.plan
        } catch {
            return .json(["type": "error", "error": ["type": "api_error", "message": .string("\(error)")]] as JSON, status: 500)
        }
    }
}

/// A request body read field by field: a missing required field or a value of the wrong type is the 400 the API
/// answers, naming the field (`name: Field required`, `name: Input should be a valid string`).
struct ManagedRequestBody {
    let fields: [String: JSON]

    init(_ route: SandboxRouteRequest) throws {
        if route.request.body.isEmpty {
            fields = [:]
        } else if let object = route.request.jsonBody?.object {
            fields = object
        } else {
            throw ManagedResourceFailure.invalid("Input should be a valid dictionary or object")
        }
    }

    /// Whether `key` was sent, `null` included.
    func has(_ key: String) -> Bool { fields[key] != nil }

    /// Whether `key` was sent as `null`.
    func isNull(_ key: String) -> Bool { fields[key]?.isNull == true }

    /// A string that must be there (and, unless `allowEmpty`, not empty).
    func requiredString(_ key: String, allowEmpty: Bool = false, maxLength: Int? = nil) throws -> String {
        guard let value = fields[key], !value.isNull else { throw ManagedResourceFailure.invalid("\(key): Field required") }
        guard let text = value.string else { throw ManagedResourceFailure.invalid("\(key): Input should be a valid string") }
        guard allowEmpty || !text.isEmpty else {
            throw ManagedResourceFailure.invalid("\(key): String should have at least 1 character")
        }
        if let maxLength, text.count > maxLength {
            throw ManagedResourceFailure.invalid("\(key): String should have at most \(maxLength) characters")
        }
        return text
    }

    /// A string that may be absent or `null` (both nil).
    func string(_ key: String, maxLength: Int? = nil) throws -> String? {
        guard let value = fields[key], !value.isNull else { return nil }
        guard let text = value.string else { throw ManagedResourceFailure.invalid("\(key): Input should be a valid string") }
        if let maxLength, text.count > maxLength {
            throw ManagedResourceFailure.invalid("\(key): String should have at most \(maxLength) characters")
        }
        return text
    }

    /// An integer that may be absent or `null`, at least `minimum` when given.
    func int(_ key: String, minimum: Int? = nil) throws -> Int? {
        guard let value = fields[key], !value.isNull else { return nil }
        guard let number = value.int, value.bool == nil else {
            throw ManagedResourceFailure.invalid("\(key): Input should be a valid integer")
        }
        if let minimum, number < minimum {
            throw ManagedResourceFailure.invalid("\(key): Input should be greater than or equal to \(minimum)")
        }
        return number
    }

    /// A boolean that may be absent or `null`.
    func bool(_ key: String) throws -> Bool? {
        guard let value = fields[key], !value.isNull else { return nil }
        guard let flag = value.bool else { throw ManagedResourceFailure.invalid("\(key): Input should be a valid boolean") }
        return flag
    }

    /// An array that may be absent or `null`.
    func array(_ key: String, maxCount: Int? = nil) throws -> [JSON]? {
        guard let value = fields[key], !value.isNull else { return nil }
        guard let items = value.array else { throw ManagedResourceFailure.invalid("\(key): Input should be a valid list") }
        if let maxCount, items.count > maxCount {
            throw ManagedResourceFailure.invalid("\(key): List should have at most \(maxCount) items")
        }
        return items
    }

    /// An object that may be absent or `null`.
    func object(_ key: String) throws -> [String: JSON]? {
        guard let value = fields[key], !value.isNull else { return nil }
        guard let object = value.object else {
            throw ManagedResourceFailure.invalid("\(key): Input should be a valid dictionary or object")
        }
        return object
    }

    /// The `metadata` of a create: string values only, at most 16 keys of up to 64 characters, values up to 512.
    func metadata(_ key: String = "metadata") throws -> JSON {
        guard let object = try object(key) else { return [:] }
        var stored: [String: JSON] = [:]
        for (name, value) in object {
            guard let text = value.string else {
                throw ManagedResourceFailure.invalid("\(key).\(name): Input should be a valid string", code: "invalid_metadata")
            }
            stored[name] = .string(text)
        }
        try Self.checkMetadata(stored, key: key)
        return .object(stored)
    }

    /// `existing` metadata with the patch in `key` applied: a string upserts its key, `null` (or an empty string)
    /// removes it, keys not sent stay; `null` for the whole patch changes nothing.
    func metadataPatch(onto existing: JSON?, key: String = "metadata") throws -> JSON {
        var stored = existing?.object ?? [:]
        guard let patch = try object(key) else { return .object(stored) }
        for (name, value) in patch {
            if value.isNull || value.string == "" {
                stored[name] = nil
            } else if let text = value.string {
                stored[name] = .string(text)
            } else {
                throw ManagedResourceFailure.invalid("\(key).\(name): Input should be a valid string or null", code: "invalid_metadata")
            }
        }
        try Self.checkMetadata(stored, key: key)
        return .object(stored)
    }

    private static func checkMetadata(_ stored: [String: JSON], key: String) throws {
        guard stored.count <= 16 else {
            throw ManagedResourceFailure.invalid("\(key): at most 16 key-value pairs are allowed", code: "invalid_metadata")
        }
        for (name, value) in stored {
            guard (1...64).contains(name.count) else {
                throw ManagedResourceFailure.invalid("\(key): keys must be 1 to 64 characters", code: "invalid_metadata")
            }
            guard (value.string?.count ?? 0) <= 512 else {
                throw ManagedResourceFailure.invalid("\(key).\(name): values must be at most 512 characters", code: "invalid_metadata")
            }
        }
    }
}
