import AICore
import Foundation

extension OpenAIContainersService {
    /// Every container (named `name`, if given), page after page as the sequence is consumed.
    public func allContainers(name: String? = nil, pageSize: Int? = nil, options: RequestOptions = .default) -> OpenAIPageSequence<ContainerObject> {
        OpenAIPageSequence(
            fetch: { after in
                try await self.listContainers(name: name, parameters: ListParameters(limit: pageSize, after: after), options: options)
            }, id: \.id)
    }

    /// Every file in a container, page after page as the sequence is consumed.
    public func allContainerFiles(
        containerID: String, pageSize: Int? = nil, options: RequestOptions = .default
    ) -> OpenAIPageSequence<ContainerFileObject> {
        OpenAIPageSequence(
            fetch: { after in
                try await self.listContainerFiles(
                    containerID: containerID, parameters: ListParameters(limit: pageSize, after: after), options: options)
            }, id: \.id)
    }
}
