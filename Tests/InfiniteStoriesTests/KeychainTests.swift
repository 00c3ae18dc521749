import AISandbox
import Foundation
import InfiniteStories
import Logging
import SwiftAITestSupport
import SwiftOpenAI
import Testing

@Suite("API key storage")
struct KeychainTests {
    func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("keys-\(UUID().uuidString)").appendingPathComponent("infinite-stories")
    }

    func mode(_ url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test("the key file is 0600 in a 0700 folder, replaced atomically, read back and deleted")
    func fileStore() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let store = KeychainHelper(directory: directory)
        #expect(store.loadString(key: KeychainHelper.apiKeyIdentifier) == nil)
        #expect(store.saveString(testAPIKey, for: KeychainHelper.apiKeyIdentifier))
        let file = directory.appendingPathComponent(KeychainHelper.apiKeyIdentifier)
        #expect(try mode(file) == 0o600)
        #expect(try mode(directory) == 0o700)
        #expect(store.loadString(key: KeychainHelper.apiKeyIdentifier) == testAPIKey)
        #expect(store.saveString("sk-second", for: KeychainHelper.apiKeyIdentifier))
        #expect(store.loadString(key: KeychainHelper.apiKeyIdentifier) == "sk-second")
        #expect(try mode(file) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [KeychainHelper.apiKeyIdentifier])
        #expect(store.delete(key: KeychainHelper.apiKeyIdentifier))
        #expect(store.loadString(key: KeychainHelper.apiKeyIdentifier) == nil)
        #expect(store.delete(key: KeychainHelper.apiKeyIdentifier))
    }

    @Test("an existing, too open folder is tightened to 0700")
    func tightensFolder() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        #expect(KeychainHelper(directory: directory).saveString("value", for: "other/key"))
        #expect(try mode(directory) == 0o700)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("other_key").path))
    }

    @Test("XDG_CONFIG_HOME, else ~/.config; OPENAI_API_KEY wins over the stored key")
    func locations() {
        #expect(KeychainHelper.defaultDirectory(environment: ["XDG_CONFIG_HOME": "/cfg", "HOME": "/home/a"]).path == "/cfg/infinite-stories")
        #expect(KeychainHelper.defaultDirectory(environment: ["HOME": "/home/a"]).path == "/home/a/.config/infinite-stories")
        #expect(KeychainHelper.defaultDirectory(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/a"]).path == "/home/a/.config/infinite-stories")
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let store = KeychainHelper(directory: directory)
        store.saveString("sk-stored", for: KeychainHelper.apiKeyIdentifier)
        #expect(KeychainHelper.apiKey(environment: ["OPENAI_API_KEY": "sk-env"], store: store) == "sk-env")
        #expect(KeychainHelper.apiKey(environment: [:], store: store) == "sk-stored")
        #expect(KeychainHelper.apiKey(environment: ["OPENAI_API_KEY": " "], store: store) == "sk-stored")
    }

    @Test("today's key formats are valid; masking shows the prefix and four characters")
    func formats() {
        #expect(KeychainHelper.isValidAPIKeyFormat("sk-" + String(repeating: "a", count: 48)))
        #expect(KeychainHelper.isValidAPIKeyFormat("sk-proj-" + String(repeating: "Ab_-9", count: 30)))
        #expect(KeychainHelper.isValidAPIKeyFormat("sk-svcacct-" + String(repeating: "Xy1", count: 40)))
        #expect(!KeychainHelper.isValidAPIKeyFormat("sk-short"))
        #expect(!KeychainHelper.isValidAPIKeyFormat("pk-" + String(repeating: "a", count: 48)))
        #expect(!KeychainHelper.isValidAPIKeyFormat("sk-proj-" + String(repeating: "a", count: 30) + " b"))
        #expect(KeychainHelper.masked(testAPIKey) == "sk-proj-…6789")
        #expect(KeychainHelper.masked("sk-abc") == "sk-****")
        #expect(!KeychainHelper.masked(testAPIKey).contains("TESTKEY"))
    }

    @Test("the key never appears in the logs of a whole story, narration and avatar run")
    func neverLogged() async throws {
        let logs = CapturingLogHandler()
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        KeychainHelper(directory: directory).saveString(testAPIKey, for: KeychainHelper.apiKeyIdentifier)
        try await withStories(logs: logs) { sandbox, stories in
            let story = try await stories.generateStory(request: StoryGenerationRequest(hero: luna, event: .holiday, targetDuration: 60))
            _ = try await stories.narrate(text: story.content, voice: "nova", language: "English")
            _ = try await stories.generateAvatar(request: AvatarGenerationRequest(hero: luna, prompt: "Luna"))
            // OpenAI's own 401 message shows the key masked, as here.
            sandbox.enqueue(.status(401, message: "Incorrect API key provided: sk-proj-****6789."), path: "/chat/completions")
            _ = try? await stories.generateStory(request: StoryGenerationRequest(hero: luna, event: .family, targetDuration: 60))
            #expect(sandbox.requests.allSatisfy { $0.header("authorization") == "Bearer \(testAPIKey)" })
        }
        let text = logs.text
        #expect(text.contains("API POST /chat/completions"))
        #expect(!text.contains(testAPIKey))
        #expect(!text.contains("TESTKEYabcdefghij"))
    }
}
