import GRDB

extension StoryLibrary {
    /// The schema's history. Migrations are applied in order and never edited once released: a change to the
    /// schema is a new migration, so every library, however old, reaches the same schema.
    public static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: heroes, custom events, stories, usage") { db in
            try db.create(table: "heroes") { table in
                table.primaryKey("id", .text)
                table.column("name", .text).notNull().unique().collate(.nocase)
                table.column("traits", .jsonText).notNull()
                table.column("appearance", .text).notNull()
                table.column("special_ability", .text).notNull()
                table.column("avatar_file", .text)
                table.column("created_at", .datetime).notNull()
            }
            try db.create(table: "custom_events") { table in
                table.primaryKey("id", .text)
                table.column("title", .text).notNull()
                table.column("description", .text).notNull()
                table.column("category", .text).notNull()
                table.column("age_range", .text).notNull()
                table.column("tone", .text).notNull()
                table.column("prompt_seed", .text).notNull()
                table.column("keywords", .jsonText).notNull()
                table.column("created_at", .datetime).notNull()
            }
            try db.create(table: "stories") { table in
                table.primaryKey("id", .text)
                table.column("title", .text).notNull()
                table.column("content", .text).notNull()
                table.column("language", .text).notNull()
                table.column("event", .text)
                table.column("custom_event_id", .text).indexed()
                    .references("custom_events", onDelete: .setNull)
                table.column("duration", .double).notNull()
                table.column("created_at", .datetime).notNull().indexed()
                table.column("hero_id", .text).indexed().references("heroes", onDelete: .setNull)
                table.column("hero_name", .text).notNull()
                table.column("audio_file", .text)
                table.column("avatar_file", .text)
                table.column("voice", .text)
            }
            try db.create(table: "usage_records") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("model", .text).notNull()
                table.column("input_tokens", .integer).notNull()
                table.column("output_tokens", .integer).notNull()
                table.column("characters", .integer).notNull()
                table.column("images", .integer).notNull()
                table.column("cost", .double).notNull()
                table.column("day", .text).notNull().indexed()
                table.column("recorded_at", .datetime).notNull()
            }
        }
        migrator.registerMigration("v2: simulated usage, settings, read-along, children, favourites, scenes") { db in
            try db.create(table: "children") { table in
                table.primaryKey("id", .text)
                table.column("name", .text).notNull().unique().collate(.nocase)
                table.column("age_range", .text).notNull()
                table.column("avoid", .jsonText).notNull()
                table.column("created_at", .datetime).notNull()
            }
            try db.alter(table: "stories") { table in
                table.add(column: "read_along", .jsonText)
                table.add(column: "child_id", .text).indexed().references("children", onDelete: .setNull)
                table.add(column: "favourite", .boolean).notNull().defaults(to: false)
                // The scene pictures placed in the text: [{"paragraph": 2, "file": "Images/…"}, …].
                table.add(column: "scenes", .jsonText)
            }
            // Sandbox runs record what the same calls would have cost, apart from real spending.
            try db.alter(table: "usage_records") { table in
                table.add(column: "simulated", .boolean).notNull().defaults(to: false)
            }
            try db.create(table: "settings") { table in
                table.primaryKey("key", .text)
                table.column("value", .text).notNull()
            }
        }
        return migrator
    }
}
