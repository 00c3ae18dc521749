import ArgumentParser
import Foundation
import RelayCore

extension Projects {
    /// `relay projects token-key`: the public keys whose client tokens a project accepts.
    struct TokenKey: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "token-key", abstract: "Manage the public keys a project accepts client tokens from.",
            subcommands: [Add.self, Remove.self])

        struct Add: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Accept client tokens signed by a key (its public half, from `relay tokens keygen`).")

            @Argument(help: "The project's id.") var id: String
            @Option(name: .customLong("alg"), help: "ES256 or EdDSA.") var algorithm: ClientTokenAlgorithm
            @Option(help: "The public key: a PEM file (ES256) or a file holding the base64url raw key (EdDSA).")
            var publicKeyFile: String
            @Option(help: "The key id tokens name in their header.") var kid: String
            @OptionGroup var options: ConfigOptions

            func run() async throws {
                let publicKey = try SecretFile.readText(publicKeyFile).trimmingCharacters(in: .whitespacesAndNewlines)
                switch algorithm {
                case .es256 where !publicKey.contains("BEGIN PUBLIC KEY"):
                    throw CLIFailure("\(publicKeyFile) is not a PEM public key (ES256 keys are PEM).")
                case .eddsa where publicKey.contains("BEGIN") || publicKey.isEmpty:
                    throw CLIFailure("\(publicKeyFile) is not a base64url Ed25519 public key.")
                default:
                    break
                }
                _ = try await Projects.update(id, options: options) { project in
                    guard !project.auth.clientTokenKeys.contains(where: { $0.keyID == kid }) else {
                        throw CLIFailure("Project \(id) already has a token key \"\(kid)\"; remove it first.")
                    }
                    project.auth.clientTokenKeys.append(ClientTokenKey(keyID: kid, algorithm: algorithm, publicKey: publicKey))
                }
                print("Project \(id) accepts client tokens signed by \(kid) (\(algorithm.rawValue)).")
            }
        }

        struct Remove: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Stop accepting client tokens signed by a key.")

            @Argument(help: "The project's id.") var id: String
            @Argument(help: "The key id.") var kid: String
            @OptionGroup var options: ConfigOptions

            func run() async throws {
                _ = try await Projects.update(id, options: options) { project in
                    guard project.auth.clientTokenKeys.contains(where: { $0.keyID == kid }) else {
                        throw CLIFailure("Project \(id) has no token key \"\(kid)\".")
                    }
                    project.auth.clientTokenKeys.removeAll { $0.keyID == kid }
                }
                print("Project \(id) no longer accepts tokens signed by \(kid).")
            }
        }
    }
}
