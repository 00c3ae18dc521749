#if SwiftAIMacros
/// The expected schemas of the catalogue in GoldenTypes.swift, written out by hand from JSON Schema's rules
/// (not copied from the output), with a sample each type reads and an unfinished sample its `Partial` reads.
enum GoldenCatalogue {
    static let place = #"""
        {"type": "object",
         "properties": {"name": {"type": "string"}, "country": {"type": "string"}},
         "required": ["name", "country"], "additionalProperties": false}
        """#

    static let shape = #"""
        {"description": "A shape on the canvas",
         "anyOf": [
           {"type": "object", "description": "A circle around the origin.",
            "properties": {"circle": {"type": "object", "properties": {"radius": {"type": "number"}},
                                      "required": ["radius"], "additionalProperties": false}},
            "required": ["circle"], "additionalProperties": false},
           {"type": "object",
            "properties": {"rectangle": {"type": "object",
                                         "properties": {"_0": {"type": "number"}, "height": {"type": "number"}},
                                         "required": ["_0", "height"], "additionalProperties": false}},
            "required": ["rectangle"], "additionalProperties": false},
           {"type": "object",
            "properties": {"point": {"type": "object", "properties": {}, "required": [],
                                     "additionalProperties": false}},
            "required": ["point"], "additionalProperties": false},
           {"type": "object",
            "properties": {"label": {"type": "object", "properties": {"_0": {"type": ["string", "null"]}},
                                     "required": [], "additionalProperties": false}},
            "required": ["label"], "additionalProperties": false}
         ]}
        """#

    static let cases: [GoldenCase] = [
        .of(
            WeatherReport.self,
            schema: #"""
                {"type": "object", "description": "A weather report.",
                 "properties": {"city": {"type": "string", "description": "The city, as the user wrote it."},
                                "celsius": {"type": "number", "minimum": -90, "maximum": 60},
                                "raining": {"type": "boolean"}, "humidity": {"type": "integer", "maximum": 100}},
                 "required": ["city", "celsius", "raining", "humidity"], "additionalProperties": false}
                """#,
            sample: #"{"city": "Paris", "celsius": 21.5, "raining": false, "humidity": 60}"#,
            partial: #"{"city": "Par", "celsius": "unfinished"}"#),
        .of(
            Trip.self,
            schema: #"""
                {"type": "object", "description": "A trip: nested structured types, alone and in arrays.",
                 "properties": {"destination": \#(place), "stops": {"type": "array", "items": \#(place)},
                                "nights": {"type": "integer"}},
                 "required": ["destination", "stops", "nights"], "additionalProperties": false}
                """#,
            sample: #"""
                {"destination": {"name": "Rome", "country": "Italy"},
                 "stops": [{"name": "Pisa", "country": "Italy"}], "nights": 3}
                """#,
            partial: #"{"destination": {"name": "Rome"}, "stops": [{"name": "Pi"}]}"#),
        .of(
            ShoppingList.self,
            schema: #"""
                {"type": "object",
                 "properties": {"items": {"type": "array", "items": {"type": "string"}},
                                "quantities": {"type": "array", "items": {"type": "array", "items": {"type": "integer"}}}},
                 "required": ["items", "quantities"], "additionalProperties": false}
                """#,
            sample: #"{"items": ["milk", "eggs"], "quantities": [[1], [6, 12]]}"#,
            partial: #"{"items": ["milk"]}"#),
        .of(
            Profile.self,
            schema: #"""
                {"type": "object",
                 "properties": {"name": {"type": "string"}, "nickname": {"type": ["string", "null"]},
                                "age": {"type": ["integer", "null"]},
                                "tags": {"type": ["array", "null"], "items": {"type": "string"}},
                                "home": {"type": ["object", "null"],
                                         "properties": {"name": {"type": "string"}, "country": {"type": "string"}},
                                         "required": ["name", "country"], "additionalProperties": false}},
                 "required": ["name"], "additionalProperties": false}
                """#,
            sample: #"{"name": "Ada", "nickname": null, "tags": ["math"]}"#,
            partial: #"{"home": {"country": "UK"}}"#),
        .of(
            Inventory.self,
            schema: #"""
                {"type": "object",
                 "properties": {"counts": {"type": "object", "additionalProperties": {"type": "integer"}},
                                "warehouses": {"type": "object", "additionalProperties": \#(place)}},
                 "required": ["counts", "warehouses"], "additionalProperties": false}
                """#,
            sample: #"{"counts": {"bolts": 40}, "warehouses": {"north": {"name": "Oslo", "country": "Norway"}}}"#,
            partial: #"{"counts": {"bolts": 40}}"#),
        .of(
            Mood.self,
            schema: #"{"type": "string", "enum": ["happy", "sad", "Curious!"]}"#,
            sample: #""Curious!""#,
            partial: #""sad""#),
        .of(
            Priority.self,
            schema: #"{"type": "integer", "enum": [1, 2, 10]}"#,
            sample: "2",
            partial: "10"),
        .of(
            Temperature.self,
            schema: #"{"type": "number", "enum": [0, 37.5, 100]}"#,
            sample: "37.5",
            partial: "100"),
        .of(
            Command.self,
            schema: #"""
                {"description": "Custom keys for case names (`CodingKeys`) and for one case's values (`MoveCodingKeys`), as synthesized Codable reads them.",
                 "anyOf": [
                   {"type": "object",
                    "properties": {"MOVE": {"type": "object", "properties": {"x": {"type": "integer"}, "y": {"type": "integer"}},
                                            "required": ["x", "y"], "additionalProperties": false}},
                    "required": ["MOVE"], "additionalProperties": false},
                   {"type": "object",
                    "properties": {"say": {"type": "object", "properties": {"_0": {"type": "string"}},
                                           "required": ["_0"], "additionalProperties": false}},
                    "required": ["say"], "additionalProperties": false}
                 ]}
                """#,
            sample: #"{"MOVE": {"x": 1, "y": -2}}"#,
            partial: #"{"MOVE": {"x": 1}}"#),
        .of(
            Shape.self,
            schema: shape,
            sample: #"{"rectangle": {"_0": 2, "height": 3}}"#,
            partial: #"{"rectangle": {"_0": 2}}"#),
        .of(
            Article.self,
            schema: #"""
                {"type": "object",
                 "properties": {"title": {"type": "string"},
                                "published_at": {"type": "string", "format": "date-time"},
                                "author": {"type": ["string", "null"]}},
                 "required": ["title", "published_at"], "additionalProperties": false}
                """#,
            sample: #"{"title": "Macros", "published_at": "2025-01-02T03:04:05Z", "author": "Kim"}"#,
            partial: #"{"title": "Mac", "published_at": "2025-01"}"#),
        .of(
            Booking.self,
            schema: #"""
                {"type": "object",
                 "properties": {
                   "nights": {"type": "integer", "description": "Number of nights", "minimum": 1, "maximum": 14},
                   "rating": {"type": "number", "minimum": 0.5, "maximum": 9.5},
                   "budget": {"type": ["number", "null"], "minimum": 0},
                   "guests": {"type": "array", "items": {"type": "string"}, "description": "Up to five guest names",
                              "minItems": 1, "maxItems": 5},
                   "code": {"type": "string", "minLength": 2, "maxLength": 8, "pattern": "^[A-Z0-9]+$"},
                   "seat": {"type": "string", "enum": ["window", "aisle"]},
                   "email": {"type": "string", "description": "The guest's e-mail.", "format": "email"}},
                 "required": ["nights", "rating", "guests", "code", "seat", "email"], "additionalProperties": false}
                """#,
            sample: #"""
                {"nights": 3, "rating": 8.5, "budget": null, "guests": ["Ann"], "code": "AB12", "seat": "aisle",
                 "email": "ann@example.com"}
                """#,
            partial: #"{"nights": 3, "guests": ["An"]}"#),
        .of(
            Event.self,
            schema: #"""
                {"type": "object",
                 "properties": {"start": {"type": "string", "format": "date-time"},
                                "link": {"type": "string", "format": "uri"},
                                "id": {"type": "string", "format": "uuid"}},
                 "required": ["start", "link", "id"], "additionalProperties": false}
                """#,
            sample: #"""
                {"start": "2025-06-01T09:00:00Z", "link": "https://example.com/e/1",
                 "id": "6F9619FF-8B86-D011-B42D-00C04FC964FF"}
                """#,
            partial: #"{"start": "2025-06-01T09:00:00Z", "link": "https://exa"}"#),
        .of(
            PublicReport.self,
            schema: #"""
                {"type": "object",
                 "properties": {"summary": {"type": "string"},
                                "level": {"anyOf": [{"type": "string", "enum": ["low", "high"]}, {"type": "null"}]}},
                 "required": ["summary"], "additionalProperties": false}
                """#,
            sample: #"{"summary": "fine", "level": "high"}"#,
            partial: #"{"summary": "fi", "level": "hi"}"#),
        .of(
            Diary.self,
            schema: #"""
                {"type": "object",
                 "properties": {"mood": {"type": "string", "enum": ["happy", "sad", "Curious!"]},
                                "priority": {"type": "integer", "enum": [1, 2, 10]},
                                "shapes": {"type": "array", "items": \#(shape)}},
                 "required": ["mood", "priority", "shapes"], "additionalProperties": false}
                """#,
            sample: #"{"mood": "sad", "priority": 10, "shapes": [{"point": {}}, {"circle": {"radius": 1}}]}"#,
            partial: #"{"mood": "sad", "shapes": [{"circle": {}}]}"#),
    ]
}
#endif
