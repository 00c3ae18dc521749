import AICore
import Foundation

/// [Creates a container](https://platform.openai.com/docs/api-reference/containers/createContainers) for code
/// interpreter or shell, optionally with files copied in from the Files API.
public struct ContainerParameters: Encodable, Sendable {
    public var name: String
    /// Uploaded files (ids from ``OpenAIFilesService/uploadFile(parameters:options:)``) to copy into the container.
    public var fileIDs: [String]?
    /// How long the container may stay idle before it expires (the API's default is 20 minutes).
    public var expiresAfter: ContainerObject.ExpiresAfter?
    /// `1g` unless set.
    public var memoryLimit: ContainerObject.MemoryLimit?
    /// Outbound network access for code in the container.
    public var networkPolicy: ContainerObject.NetworkPolicy?
    /// Skills the container's shell can use.
    public var skills: [Skill]?

    public init(
        name: String, fileIDs: [String]? = nil, expiresAfter: ContainerObject.ExpiresAfter? = nil,
        memoryLimit: ContainerObject.MemoryLimit? = nil, networkPolicy: ContainerObject.NetworkPolicy? = nil, skills: [Skill]? = nil
    ) {
        self.name = name
        self.fileIDs = fileIDs
        self.expiresAfter = expiresAfter
        self.memoryLimit = memoryLimit
        self.networkPolicy = networkPolicy
        self.skills = skills
    }

    /// A skill for the container: one created with the Skills API, or a zip bundle sent inline.
    public enum Skill: Encodable, Sendable, Hashable {
        /// A skill created with the Skills API; `version` is a positive integer or `latest` (nil: its default).
        case reference(skillID: String, version: String? = nil)
        /// A skill sent with the request: its name, description and zip bundle.
        case inline(name: String, description: String, zip: Data)

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            switch self {
            case .reference(let skillID, let version):
                try container.encode("skill_reference", forKey: AnyCodingKey("type"))
                try container.encode(skillID, forKey: AnyCodingKey("skill_id"))
                try container.encodeIfPresent(version, forKey: AnyCodingKey("version"))
            case .inline(let name, let description, let zip):
                try container.encode("inline", forKey: AnyCodingKey("type"))
                try container.encode(name, forKey: AnyCodingKey("name"))
                try container.encode(description, forKey: AnyCodingKey("description"))
                try container.encode(
                    ["type": "base64", "media_type": "application/zip", "data": zip.base64EncodedString()], forKey: AnyCodingKey("source"))
            }
        }
    }

    enum CodingKeys: String, CodingKey {
        case name
        case fileIDs = "file_ids"
        case expiresAfter = "expires_after"
        case memoryLimit = "memory_limit"
        case networkPolicy = "network_policy"
        case skills
    }
}
