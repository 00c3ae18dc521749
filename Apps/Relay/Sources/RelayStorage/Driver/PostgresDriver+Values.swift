import Foundation
import PostgresNIO

extension PostgresDriver {
    /// `?` → `$1`, `$2`, …, leaving quoted literals and identifiers alone, so the store writes its SQL once.
    static func numberedPlaceholders(_ sql: String) -> String {
        var result = ""
        result.reserveCapacity(sql.count + 16)
        var number = 0
        var quote: Character?
        for character in sql {
            if let open = quote {
                if character == open { quote = nil }
                result.append(character)
            } else if character == "'" || character == "\"" {
                quote = character
                result.append(character)
            } else if character == "?" {
                number += 1
                result += "$\(number)"
            } else {
                result.append(character)
            }
        }
        return result
    }

    static func bindings(_ values: [SQLValue]) throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: values.count)
        for value in values {
            switch value {
            case .null: bindings.appendNull()
            case .integer(let integer): bindings.append(integer)
            case .real(let real): bindings.append(real)
            case .text(let text): bindings.append(text)
            case .blob(let data): try bindings.append(data)
            }
        }
        return bindings
    }

    /// Reads a cell by its PostgreSQL type; the schema only uses the types handled here.
    static func value(of cell: PostgresCell) throws -> SQLValue {
        guard cell.bytes != nil else { return .null }
        do {
            switch cell.dataType {
            case .int8: return .integer(try cell.decode(Int64.self))
            case .int4: return .integer(Int64(try cell.decode(Int32.self)))
            case .int2: return .integer(Int64(try cell.decode(Int16.self)))
            case .bool: return .integer(try cell.decode(Bool.self) ? 1 : 0)
            case .float8: return .real(try cell.decode(Double.self))
            case .float4: return .real(Double(try cell.decode(Float.self)))
            case .text, .varchar, .name, .bpchar: return .text(try cell.decode(String.self))
            case .bytea: return .blob(try cell.decode(Data.self))
            case .void: return .null
            default:
                throw RelayStoreError.corrupt("column \(cell.columnName) has the unexpected type \(cell.dataType)")
            }
        } catch let error as RelayStoreError {
            throw error
        } catch {
            throw RelayStoreError.corrupt("column \(cell.columnName) can't be read as \(cell.dataType)")
        }
    }
}
