import ArgumentParser
import Foundation
import SwiftOpenAI

extension SwiftAICommand {
    struct Containers: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "containers", abstract: "Create, list and delete containers (where code interpreter runs), and their files.",
            subcommands: [Create.self, List.self, Delete.self, ContainerFiles.self])

        struct Create: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Create a container; prints its id.")
            @Option(help: "Minutes the container may stay idle before it expires (default 20).")
            var expiresAfterMinutes: Int?
            @Option(help: "1g, 4g, 16g or 64g.")
            var memoryLimit: String?
            @Option(name: .customLong("file-id"), help: "An uploaded file to copy into the container (repeatable).")
            var fileIDs: [String] = []
            @Option(name: .customLong("allow-domain"), help: "Allow outbound access to this domain only (repeatable).")
            var allowedDomains: [String] = []
            @Flag(help: "No outbound network access.")
            var noNetwork = false
            @OptionGroup var connection: ConnectionOptions
            @Argument(help: "The container's name.")
            var name: String

            func validate() throws {
                if noNetwork, !allowedDomains.isEmpty { throw ValidationError("--no-network and --allow-domain exclude each other.") }
                if let minutes = expiresAfterMinutes, minutes < 1 { throw ValidationError("--expires-after-minutes must be at least 1.") }
            }

            func run() async throws {
                let policy: ContainerObject.NetworkPolicy? = noNetwork ? .disabled : allowedDomains.isEmpty ? nil : .allowlist(allowedDomains)
                let parameters = ContainerParameters(
                    name: name, fileIDs: fileIDs.isEmpty ? nil : fileIDs, expiresAfter: expiresAfterMinutes.map { .init(minutes: $0) },
                    memoryLimit: memoryLimit.map(ContainerObject.MemoryLimit.init(rawValue:)), networkPolicy: policy)
                do {
                    let container = try await connection.makeService().createContainer(parameters: parameters)
                    out("\(container.id)\t\(container.status.rawValue)\t\(container.name)")
                } catch let error as APIError {
                    throw commandFailure("error: \(error.description)")
                }
            }
        }

        struct List: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "List every container (all pages): id, status, memory, name.")
            @Option(help: "Only containers with this name.")
            var name: String?
            @OptionGroup var connection: ConnectionOptions

            func run() async throws {
                do {
                    for try await container in try connection.makeService().allContainers(name: name) {
                        out("\(container.id)\t\(container.status.rawValue)\t\(container.memoryLimit?.rawValue ?? "-")\t\(container.name)")
                    }
                } catch let error as APIError {
                    throw commandFailure("error: \(error.description)")
                }
            }
        }

        struct Delete: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Delete a container and every file in it.")
            @OptionGroup var connection: ConnectionOptions
            @Argument(help: "The container id.")
            var id: String

            func run() async throws {
                do {
                    let status = try await connection.makeService().deleteContainer(id: id)
                    out("\(status.id) deleted: \(status.deleted)")
                } catch let error as APIError {
                    throw commandFailure("error: \(error.description)")
                }
            }
        }

        struct ContainerFiles: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "files", abstract: "List, add, download and delete the files of a container.",
                subcommands: [List.self, Add.self, Download.self, Delete.self])

            struct List: AsyncParsableCommand {
                static let configuration = CommandConfiguration(abstract: "List every file in a container: id, bytes, source, path.")
                @OptionGroup var connection: ConnectionOptions
                @Argument(help: "The container id.")
                var containerID: String

                func run() async throws {
                    do {
                        for try await file in try connection.makeService().allContainerFiles(containerID: containerID) {
                            out("\(file.id)\t\(file.bytes)\t\(file.source)\t\(file.path)")
                        }
                    } catch let error as APIError {
                        throw commandFailure("error: \(error.description)")
                    }
                }
            }

            struct Add: AsyncParsableCommand {
                static let configuration = CommandConfiguration(
                    abstract: "Put a file from disk into a container (large files go through the Uploads API in parts), or copy an uploaded file with --file-id.")
                @Option(name: .customLong("file-id"), help: "Copy this uploaded file instead of a file from disk.")
                var fileID: String?
                @OptionGroup var connection: ConnectionOptions
                @Argument(help: "The container id.")
                var containerID: String
                @Argument(help: "The file on disk.")
                var path: String?

                func validate() throws {
                    if (fileID == nil) == (path == nil) { throw ValidationError("Give either a file path or --file-id.") }
                }

                func run() async throws {
                    let service = try connection.makeService()
                    do {
                        let file: ContainerFileObject
                        if let fileID {
                            file = try await service.createContainerFile(containerID: containerID, source: .fileID(fileID))
                        } else {
                            file = try await service.uploadContainerFile(containerID: containerID, fileAt: URL(fileURLWithPath: path ?? ""))
                        }
                        out("\(file.id)\t\(file.bytes)\t\(file.path)")
                    } catch let error as APIError {
                        throw commandFailure("error: \(error.description)")
                    }
                }
            }

            struct Download: AsyncParsableCommand {
                static let configuration = CommandConfiguration(abstract: "Write a container file to disk, streamed as it arrives.")
                @Option(name: .shortAndLong, help: "Where to write it (default: the file's name, in the current directory).")
                var output: String?
                @OptionGroup var connection: ConnectionOptions
                @Argument(help: "The container id.")
                var containerID: String
                @Argument(help: "The container file id.")
                var fileID: String

                func run() async throws {
                    let service = try connection.makeService()
                    do {
                        let destination: String
                        if let output {
                            destination = output
                        } else {
                            let name = try await service.retrieveContainerFile(containerID: containerID, fileID: fileID).filename
                            // The name comes from the server: only a plain file name in the current directory is used.
                            guard !name.isEmpty, name != ".", name != "..", !name.contains("/") else {
                                throw commandFailure("error: the file's path gives no usable name; pass --output.")
                            }
                            destination = name
                        }
                        let written = try await service.downloadContainerFile(
                            containerID: containerID, fileID: fileID, to: URL(fileURLWithPath: destination))
                        out("wrote \(written) bytes to \(destination)")
                    } catch let error as APIError {
                        throw commandFailure("error: \(error.description)")
                    }
                }
            }

            struct Delete: AsyncParsableCommand {
                static let configuration = CommandConfiguration(abstract: "Delete a file from a container.")
                @OptionGroup var connection: ConnectionOptions
                @Argument(help: "The container id.")
                var containerID: String
                @Argument(help: "The container file id.")
                var fileID: String

                func run() async throws {
                    do {
                        let status = try await connection.makeService().deleteContainerFile(containerID: containerID, fileID: fileID)
                        out("\(status.id) deleted: \(status.deleted)")
                    } catch let error as APIError {
                        throw commandFailure("error: \(error.description)")
                    }
                }
            }
        }
    }
}
