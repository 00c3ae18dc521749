import AIServerKit

extension AnthropicSkillsStore {
    /// Anthropic's published skills (`source: anthropic`): listed with the custom ones, read-only, one dated version each.
    static let builtin: [Skill] = [
        ("pptx", "PowerPoint", "Create, edit and analyze PowerPoint presentations: slides, layouts, speaker notes and charts."),
        ("xlsx", "Excel", "Create, edit and analyze Excel spreadsheets: formulas, formatting, charts and data analysis."),
        ("docx", "Word", "Create, edit and analyze Word documents: tracked changes, comments and formatting."),
        ("pdf", "PDF", "Extract text and tables from PDFs, fill forms, and create, merge and split PDF documents."),
    ].map { id, title, description in
        let version = Version(
            id: "20251013", skillID: id, name: id, description: description, createdAt: "2025-10-13T00:00:00Z", paths: ["\(id)/SKILL.md"])
        return Skill(
            id: id, name: id, displayName: title, source: "anthropic", createdAt: "2025-10-13T00:00:00Z", updatedAt: "2025-10-13T00:00:00Z",
            versions: [version])
    }
}
