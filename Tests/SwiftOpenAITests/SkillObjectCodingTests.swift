import AICore
import Foundation
import SwiftOpenAI
import Testing

@Suite("Skills: objects keep fields this version doesn't model")
struct SkillObjectCodingTests {
    @Test("a skill and a version decode with unknown fields kept, and encode them back")
    func unknownFieldsKept() throws {
        let skill = try JSONDecoder().decode(SkillObject.self, from: Data(#"""
            {"id":"skill_1","object":"skill","name":"pdf","description":"Reads PDFs","created_at":1,"default_version":"1",
             "latest_version":"2","source":{"type":"upload"},"tags":["docs"]}
            """#.utf8))
        #expect(skill.latestVersion == "2")
        #expect(skill.additionalFields == ["source": ["type": "upload"], "tags": ["docs"]])
        let again = try JSONDecoder().decode(SkillObject.self, from: JSONEncoder().encode(skill))
        #expect(again == skill)

        let version = try JSONDecoder().decode(SkillVersionObject.self, from: Data(#"""
            {"id":"skillver_1","object":"skill.version","skill_id":"skill_1","version":"2","created_at":2,"name":"pdf",
             "description":"Reads PDFs","size_bytes":1234}
            """#.utf8))
        #expect(version.additionalFields == ["size_bytes": 1234])
        #expect(try JSONDecoder().decode(SkillVersionObject.self, from: JSONEncoder().encode(version)) == version)
    }
}
