import Foundation
import Testing

@Suite("infinite-stories against the sandbox", .serialized)
struct SandboxEndToEndTests {
    @Test("hero add with an avatar, story new with narration and picture, list/show/usage as JSON, export, cleanup")
    func wholeStory() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }

        let added = try await cli.run([
            "hero", "add", "Luna", "--trait", "brave", "--trait", "curious", "--appearance", "silver hair",
            "--ability", "talks to owls", "--avatar", "--sandbox",
        ])
        #expect(added.status == 0, "\(added.output)\(added.errors)")
        let heroes = try #require(try await cli.run(["hero", "list", "--json"]).json() as? [[String: Any]])
        #expect(heroes.count == 1)
        #expect(heroes.first?["name"] as? String == "Luna")
        #expect(heroes.first?["traits"] as? [String] == ["brave", "curious"])
        let heroAvatar = try Data(contentsOf: URL(fileURLWithPath: try #require(heroes.first?["avatarPath"] as? String)))
        #expect(MediaSignatures.isPNG(heroAvatar))

        let new = try await cli.run([
            "story", "new", "--hero", "luna", "--event", "bedtime", "--language", "es", "--minutes", "2",
            "--voice", "fable", "--sandbox",
        ])
        #expect(new.status == 0, "\(new.output)\(new.errors)")
        #expect(new.output.contains("Saved \""))
        #expect(new.errors.contains("Narrating [") && new.errors.contains("part"))

        let stories = try #require(try await cli.run(["story", "list", "--json"]).json() as? [[String: Any]])
        let story = try #require(stories.first)
        #expect(stories.count == 1)
        #expect(story["language"] as? String == "Spanish" && story["voice"] as? String == "fable")
        #expect(story["event"] as? String == "bedtime" && story["heroName"] as? String == "Luna")
        let title = try #require(story["title"] as? String)
        let content = try #require(story["content"] as? String)
        #expect(!title.isEmpty && content.count > 200)
        #expect(new.output.contains(String(content.prefix(40))), "the story was streamed to the terminal")
        let audio = try Data(contentsOf: URL(fileURLWithPath: try #require(story["audioPath"] as? String)))
        let picture = try Data(contentsOf: URL(fileURLWithPath: try #require(story["avatarPath"] as? String)))
        #expect(audio.count > 1_000 && MediaSignatures.isMP3(audio))
        #expect(MediaSignatures.isPNG(picture))

        let id = try #require(story["id"] as? String)
        let shown = try #require(try await cli.run(["story", "show", String(id.prefix(8)), "--json"]).json() as? [String: Any])
        #expect(shown["id"] as? String == id && shown["content"] as? String == content)
        let text = try await cli.run(["story", "show", String(id.prefix(8))])
        #expect(text.status == 0 && text.output.hasPrefix(title))

        // A sandbox run's usage is simulated: kept apart from real spending, shown with --sandbox.
        let real = try #require(try await cli.run(["usage", "--json"]).json() as? [String: Any])
        #expect((real["models"] as? [[String: Any]])?.isEmpty == true)
        let usage = try #require(try await cli.run(["usage", "--json", "--sandbox"]).json() as? [String: Any])
        let models = try #require(usage["models"] as? [[String: Any]])
        #expect(try await cli.run(["usage", "--sandbox"]).output.contains("Simulated (sandbox): nothing was charged."))
        #expect(models.contains { ($0["outputTokens"] as? Int ?? 0) > 0 }, "story tokens")
        #expect(models.contains { ($0["characters"] as? Int ?? 0) > 0 }, "narration characters")
        #expect(models.reduce(0) { $0 + ($1["images"] as? Int ?? 0) } == 2, "the avatar and the story picture")

        let exportFolder = cli.home.appendingPathComponent("export")
        let export = try await cli.run(["story", "export", id, "--output", exportFolder.path])
        #expect(export.status == 0, "\(export.errors)")
        let exported = try FileManager.default.contentsOfDirectory(atPath: exportFolder.path).sorted()
        #expect(exported.count == 3 && exported.contains { $0.hasSuffix(".md") })
        let markdownName = try #require(exported.first { $0.hasSuffix(".md") })
        let markdown = try String(contentsOf: exportFolder.appendingPathComponent(markdownName), encoding: .utf8)
        #expect(markdown.hasPrefix("# \(title)") && markdown.contains(".mp3)") && markdown.contains(".png)"))
        let exportedAudio = try #require(exported.first { $0.hasSuffix(".mp3") })
        #expect(try Data(contentsOf: exportFolder.appendingPathComponent(exportedAudio)) == audio)
        let again = try await cli.run(["story", "export", id, "--output", exportFolder.path])
        #expect(again.status == 1 && again.errors.contains("exists already"), "export never overwrites: \(again.errors)")
        let forced = try await cli.run(["story", "export", id, "--output", exportFolder.path, "--force"])
        #expect(forced.status == 0, "\(forced.errors)")

        let cleanup = try await cli.run(["library", "cleanup", "--older-than", "0", "--json"])
        let report = try #require(try cleanup.json() as? [String: Any])
        #expect(report["filesRemoved"] as? Int == 1)
        let afterCleanup = try #require(try await cli.run(["story", "list", "--json"]).json() as? [[String: Any]])
        #expect(afterCleanup.first?["audioPath"] == nil && afterCleanup.first?["avatarPath"] != nil)
        #expect(!FileManager.default.fileExists(atPath: try #require(story["audioPath"] as? String)))
    }

    @Test("a custom event story without narration or picture; the event assistant answers")
    func customEvent() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        #expect(try await cli.run(["hero", "add", "Milo", "--trait", "kind"]).status == 0)
        let new = try await cli.run([
            "story", "new", "--hero", "Milo", "--custom", "Milo plants a tiny garden with his grandmother",
            "--language", "French", "--minutes", "1", "--no-audio", "--no-avatar", "--sandbox",
        ])
        #expect(new.status == 0, "\(new.output)\(new.errors)")
        #expect(!new.errors.contains("Narrating"))
        let story = try #require((try await cli.run(["story", "list", "--json"]).json() as? [[String: Any]])?.first)
        #expect(story["customEventTitle"] as? String != nil && story["event"] == nil)
        #expect(story["audioPath"] == nil && story["avatarPath"] == nil && story["language"] as? String == "French")

        let suggest = try await cli.run(["event", "suggest", "a picnic in the park", "--sandbox"])
        #expect(suggest.status == 0 && suggest.output.hasPrefix("- "), "\(suggest.output)\(suggest.errors)")
        let keywords = try await cli.run(["event", "keywords", "Picnic", "--description", "a picnic", "--sandbox"])
        #expect(keywords.status == 0 && !keywords.output.isEmpty, "\(keywords.errors)")
        let enhance = try await cli.run(["event", "enhance", "a picnic in the park", "--tone", "playful", "--sandbox"])
        #expect(enhance.status == 0 && enhance.output.contains("Prompt seed: "), "\(enhance.errors)")
    }

    @Test("a child's story: child add/list/remove, story new --for with scene pictures, the child kept on the story")
    func childStory() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        #expect(try await cli.run(["hero", "add", "Luna", "--sandbox"]).status == 0)
        let added = try await cli.run(["child", "add", "Mia", "--age", "2-4", "--avoid", "spiders", "--sandbox"])
        #expect(added.status == 0 && added.output.contains("Added Mia."), "\(added.errors)")
        let children = try #require(try await cli.run(["child", "list", "--json"]).json() as? [[String: Any]])
        #expect(children.first?["name"] as? String == "Mia" && children.first?["ageRange"] as? String == "2-4 years")
        #expect(children.first?["avoid"] as? [String] == ["spiders"])
        let badAge = try await cli.run(["child", "add", "Leo", "--age", "12"])
        #expect(badAge.status == 1 && badAge.errors.contains("--age takes 2-4"))
        let nobody = try await cli.run(["story", "new", "--hero", "Luna", "--event", "bedtime", "--for", "Zoe", "--sandbox"])
        #expect(nobody.status == 1 && nobody.errors.contains("No child named \"Zoe\""), "\(nobody.errors)")
        let new = try await cli.run([
            "story", "new", "--hero", "Luna", "--event", "bedtime", "--for", "mia", "--scenes", "1", "--minutes", "2",
            "--no-audio", "--sandbox",
        ])
        #expect(new.status == 0, "\(new.errors)")
        let stories = try #require(try await cli.run(["story", "list", "--json"]).json() as? [[String: Any]])
        let story = try #require(stories.first)
        #expect(story["childID"] as? String == children.first?["id"] as? String)
        #expect((story["scenes"] as? [[String: Any]])?.count == 1)
        let export = try await cli.run(["story", "export", try #require(story["id"] as? String), "--output",
                                        cli.home.appendingPathComponent("export").path])
        #expect(export.status == 0 && export.output.contains("-scene-1."), "\(export.output)\(export.errors)")
        #expect(try await cli.run(["child", "remove", "Mia"]).output.contains("Removed Mia."))
        #expect((try await cli.run(["story", "list", "--json"]).json() as? [[String: Any]])?.count == 1, "the story stays")
    }

    @Test("failures are friendly and exit with a non-zero status")
    func failures() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let noKey = try await cli.run(["story", "new", "--hero", "Luna", "--event", "bedtime"])
        #expect(noKey.status == 1 && noKey.errors.contains("Please configure your OpenAI API key"), "\(noKey.errors)")
        let noHero = try await cli.run(["story", "new", "--hero", "Nobody", "--event", "bedtime", "--sandbox"])
        #expect(noHero.status == 1 && noHero.errors.contains("No hero named \"Nobody\""), "\(noHero.errors)")
        // Languages by their own names too, accents or not; an unknown one lists them.
        for name in ["Español", "espanol", "Deutsch", "Français", "italiano"] {
            let accepted = try await cli.run(["story", "new", "--hero", "Nobody", "--event", "bedtime", "--language", name, "--sandbox"])
            #expect(accepted.errors.contains("No hero named \"Nobody\""), "\(name): \(accepted.errors)")
        }
        let klingon = try await cli.run(["story", "new", "--hero", "Nobody", "--event", "bedtime", "--language", "Klingon", "--sandbox"])
        #expect(klingon.status == 1 && klingon.errors.contains("Unsupported language") && klingon.errors.contains("Spanish (Español)"))
        let badEvent = try await cli.run(["story", "new", "--hero", "Luna", "--event", "moonwalk", "--sandbox"])
        #expect(badEvent.status == 1 && badEvent.errors.contains("Unknown event"), "\(badEvent.errors)")
        let both = try await cli.run(["story", "new", "--hero", "Luna", "--event", "bedtime", "--custom", "x"])
        #expect(both.status != 0 && both.errors.contains("either --event or --custom"))
        let missing = try await cli.run(["story", "show", "0000"])
        #expect(missing.status == 1 && missing.errors.contains("No story"))
        #expect(try await cli.run(["hero", "add", "Luna"]).status == 0)
        let duplicate = try await cli.run(["hero", "add", "luna"])
        #expect(duplicate.status == 1 && duplicate.errors.contains("already exists"))
        #expect(try await cli.run(["usage"]).output.contains("No usage"))
        let exposed = try await cli.run(["serve", "--host", "0.0.0.0", "--sandbox"])
        #expect(exposed.status != 0 && exposed.errors.contains("without a password"), "\(exposed.errors)")
        let noPasswordFile = try await cli.run(["serve", "--host", "0.0.0.0", "--password-file", "/nonexistent/pw"])
        #expect(noPasswordFile.status != 0 && noPasswordFile.errors.contains("Can't read the password file"))
    }

    /// On Apple platforms the key lives in the user's Keychain, which a test must not touch.
    static let keyIsInAFile: Bool = {
        #if canImport(Darwin)
        false
        #else
        true
        #endif
    }()

    @Test("key set, show (masked) and delete, with a key file of mode 0600", .enabled(if: keyIsInAFile))
    func key() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let key = "sk-proj-abcdefghijklmnopqrstuvwxyz0123456789"
        let set = try await cli.run(["key", "set"], input: key + "\n")
        #expect(set.status == 0, "\(set.errors)")
        #expect(!set.output.contains(key))
        let keyFolder = cli.home.appendingPathComponent("config/infinite-stories")
        let keyFiles = try FileManager.default.contentsOfDirectory(atPath: keyFolder.path)
        #expect(keyFiles.count == 1)
        for name in keyFiles {
            let attributes = try FileManager.default.attributesOfItem(atPath: keyFolder.appendingPathComponent(name).path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        }
        let show = try await cli.run(["key", "show"])
        #expect(show.status == 0 && show.output.contains("(saved)") && !show.output.contains(key))
        let fromEnvironment = try await cli.run(["key", "show"], environment: ["OPENAI_API_KEY": "sk-from-environment-0000"])
        #expect(fromEnvironment.output.contains("OPENAI_API_KEY"))
        #expect(try await cli.run(["key", "set", "not-a-key"]).status == 1)
        #expect(try await cli.run(["key", "delete"]).output.contains("Deleted"))
        let none = try await cli.run(["key", "show"])
        #expect(none.status == 1 && none.errors.contains("Please configure your OpenAI API key"))
    }
}
