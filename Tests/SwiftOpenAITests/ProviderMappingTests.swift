import AISandbox
import Foundation
import SwiftAITestSupport
import SwiftOpenAI
import Testing

@Suite("Azure and AIProxy mapping of the other endpoints")
struct ProviderMappingTests {
    @Test("Azure deployments: images under the deployment, files, batches, fine-tuning, assistants and vector stores under /openai")
    func azureResources() async throws {
        let sandbox = try await startSandbox()
        defer { Task { try? await sandbox.shutdown() } }
        let azure = OpenAIServiceFactory.service(
            azureConfiguration: AzureOpenAIConfiguration(endpoint: sandbox.baseURL, openAIAPIKey: .apiKey("k"), apiVersion: "2025-04-01-preview"))
        let image = try await azure.createImages(parameters: ImageCreateParameters(prompt: "fox", model: .gptImage1))
        #expect(image.data.first?.imageData != nil)
        #expect(sandbox.lastRequest?.path == "/openai/deployments/gpt-image-1/images/generations")
        let file = try await azure.uploadFile(parameters: FileParameters(fileName: "a.txt", file: Data("hello".utf8), purpose: "assistants"))
        #expect(sandbox.lastRequest?.path == "/openai/files" && sandbox.lastRequest?.queryValue("api-version") == "2025-04-01-preview")
        #expect(try await azure.retrieveContentForFileWith(id: file.id) == Data("hello".utf8))
        let batch = try await azure.createChatBatch(requests: [("a", ChatCompletionParameters(messages: [userMessage("x")], model: .gpt4oMini))])
        #expect(sandbox.lastRequest?.path == "/openai/batches" && batch.status == "validating")
        let store = try await azure.createVectorStore(parameters: VectorStoreParameter(name: "s"))
        #expect(sandbox.lastRequest?.path == "/openai/vector_stores" && store.name == "s")
        let assistant = try await azure.createAssistant(parameters: AssistantParameters(action: .create(model: "gpt-4o")))
        #expect(sandbox.lastRequest?.path == "/openai/assistants" && sandbox.lastRequest?.header("openai-beta") == "assistants=v2")
        #expect(assistant.model == "gpt-4o")
        _ = try await azure.listFineTuningJobs()
        #expect(sandbox.lastRequest?.path == "/openai/fine_tuning/jobs")

        let v1 = OpenAIServiceFactory.service(
            azureConfiguration: AzureOpenAIConfiguration(endpoint: sandbox.baseURL, openAIAPIKey: .apiKey("k"), apiVersion: "preview", routing: .v1))
        let files = try await v1.listFiles()
        #expect(files.data.count == 2 && files.data.contains { $0.id == file.id } && sandbox.lastRequest?.path == "/openai/v1/files")
        _ = try await v1.createImages(parameters: ImageCreateParameters(prompt: "fox", model: .dalle3(.landscape)))
        #expect(sandbox.lastRequest?.path == "/openai/v1/images/generations")
    }

    @Test("AIProxy: partial key, client id and DeviceCheck bypass headers on every endpoint; no Authorization")
    func aiproxy() async throws {
        let sandbox = try await startSandbox()
        defer { Task { try? await sandbox.shutdown() } }
        let service = OpenAIServiceFactory.service(
            aiproxyPartialKey: "partial-123", aiproxyServiceURL: sandbox.baseURL.absoluteString, aiproxyClientID: "user-7",
            aiproxyDeviceCheckBypass: "bypass-token")
        _ = try await service.startChat(parameters: ChatCompletionParameters(messages: [userMessage("hi")], model: .gpt4oMini))
        let speech = try await service.createSpeech(parameters: AudioSpeechParameters(model: .tts1, input: "hi", voice: .alloy))
        #expect(speech.output == Sandbox.speechAudio(input: "hi"))
        _ = try await service.responseCreate(ModelResponseParameter(input: .string("hi"), model: .gpt4o))
        for request in sandbox.requests {
            #expect(request.header("aiproxy-partial-key") == "partial-123")
            #expect(request.header("aiproxy-client-id") == "user-7")
            #expect(request.header("aiproxy-devicecheck-bypass") == "bypass-token")
            #expect(request.header("authorization") == nil)
        }
        #expect(sandbox.requests.map(\.path) == ["/v1/chat/completions", "/v1/audio/speech", "/v1/responses"])
        let seedForm = OpenAIServiceFactory.service(aiproxyPartialKey: "hardcode_partial_key_here", aiproxyDeviceCheckBypass: "hardcode_device_check_bypass_here")
        _ = seedForm
    }
}
