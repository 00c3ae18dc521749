import ArgumentParser
import RelayCore

extension ClientTokenAlgorithm: ExpressibleByArgument {
    /// `ES256` or `EdDSA`, in any case.
    public init?(argument: String) {
        guard let algorithm = Self.allValues.first(where: { $0.rawValue.lowercased() == argument.lowercased() }) else {
            return nil
        }
        self = algorithm
    }

    public static var allValueStrings: [String] { allValues.map(\.rawValue) }

    private static var allValues: [ClientTokenAlgorithm] { [.es256, .eddsa] }
}

extension Provider: ExpressibleByArgument {}
