import CaptionModel
import Foundation
import CaptionExpectations
import Testing
@testable import CaptionStyles

/// `Styles/caption-style.schema.json` (for editors) and the loader must agree: the same keys, types,
/// ranges and names; every preset valid under both; bad files refused by both. The README documents
/// every key.
@Suite struct StyleSchemaTests {
    static let schemaURL = StyleFixtures.stylesDirectory.appendingPathComponent("caption-style.schema.json")

    static func schema() throws -> MiniSchema {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: schemaURL)) as? [String: Any])
        return MiniSchema(root: root)
    }

    @Test func theSchemaHasTheLoadersKeysAndNoOthers() throws {
        let schema = try Self.schema()
        let paths = schema.propertyPaths(schema.root)
        expectEqual(paths.sorted(), StyleField.paths().sorted())
    }

    @Test func typesRangesAndNamesAgree() throws {
        let schema = try Self.schema()
        for path in StyleField.paths() {
            let field = try #require(StyleField.field(at: path))
            let node = schema.resolve(try #require(schema.node(at: path)))
            let types = schema.types(of: node)
            expectEqual(types.contains("null"), field.nullable, "\(path): null")
            switch field.kind {
            case .text, .color:
                expectEqual(types.subtracting(["null"]), ["string"], "\(path)")
            case .choice(_, let options):
                expectTrue(types == ["string"] && node["enum"] as? [String] == options, "\(path)")
            case .textList, .patterns:
                expectTrue(types == ["array"] && (node["items"] as? [String: Any])?["type"] as? String == "string", "\(path)")
            case .speakers(let children):
                // "auto", or label → a partial style whose keys are exactly the children's.
                expectTrue(types == ["string", "object", "null"] && node["pattern"] as? String == "^auto$", "\(path)")
                let speaker = schema.resolve(try #require(node["additionalProperties"] as? [String: Any]))
                let keys = (speaker["properties"] as? [String: Any] ?? [:]).keys
                expectTrue(Set(keys) == Set(children.map(\.key)) && speaker["additionalProperties"] as? Bool == false, "\(path)")
            case .patch(let children):
                // An object whose keys are exactly the children's, or null.
                let keys = (node["properties"] as? [String: Any] ?? [:]).keys
                expectTrue(types == ["object", "null"] && node["additionalProperties"] as? Bool == false, "\(path)")
                expectEqual(Set(keys), Set(children.map(\.key)), "\(path)")
            case .flag:
                expectEqual(types, ["boolean"], "\(path)")
            case .integer(let range):
                expectEqual(types.subtracting(["null"]), ["integer"], "\(path)")
                expectTrue(node["minimum"] as? Double == Double(range.lowerBound) && node["maximum"] as? Double == Double(range.upperBound), "\(path)")
            case .number(let range), .seconds(let range):
                expectEqual(types.subtracting(["null"]), ["number"], "\(path)")
                let minimumKey = range.minimumIsExclusive ? "exclusiveMinimum" : "minimum"
                expectTrue(node[minimumKey] as? Double == range.minimum && node["maximum"] as? Double == range.maximum, "\(path)")
            case .object:
                expectTrue(types.subtracting(["null"]) == ["object"] && node["additionalProperties"] as? Bool == false, "\(path)")
            }
            if case .color = field.kind { expectTrue(node["pattern"] != nil, "\(path)") }
            if path != "$schema" { expectEqual((schema.node(at: path)?["description"] as? String)?.isEmpty, false, "\(path) needs a description") }
        }
    }

    @Test func everyPresetIsValidUnderTheSchema() throws {
        let schema = try Self.schema()
        for name in try StyleFixtures.library.names() {
            let url = StyleFixtures.stylesDirectory.appendingPathComponent(name + ".json")
            let value = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
            expectEqual(schema.errors(value), [], "\(name).json")
        }
    }

    /// The bad files of `StyleFileTests`, which the schema must refuse as the loader does.
    @Test(arguments: [
        #"{"box": {"corner_radius": -4}}"#, ##"{"text_color": "#GGHHII"}"##, #"{"text_color": "red"}"#, #"{"fontsize": 80}"#,
        #"{"font_size": "80"}"#, #"{"font_size": 0}"#, #"{"font_weight": 50}"#, #"{"font_weight": 700.5}"#, #"{"anchor": 10}"#,
        #"{"uppercase": 1}"#, #"{"karaoke": {"mode": "wobble"}}"#, #"{"paging": {"max_words": 0}}"#, #"{"shadow": null}"#,
        #"{"box": {"paddingx": 3}}"#, #"{"fallback_fonts": ["Symbola", 3]}"#, #"{"font_family": " "}"#, #"{"fade_in": 61}"#,
        #"{"speakers": "palette"}"#, #"{"speakers": {"A": {"karaoke": {"mode": "fill"}}}}"#, ##"{"speakers": {"A": {"text_color": "#12"}}}"##,
        #"{"speakers": {"A": 3}}"#, #"{"emphasis": {"rule": "loudest"}}"#, #"{"emphasis": {"words": "free"}}"#, #"{"emphasis": {"colour": null}}"#,
    ])
    func badFilesAreRefusedByBoth(json: String) throws {
        let value = try JSONSerialization.jsonObject(with: Data(json.utf8))
        expectTrue(!(try Self.schema().errors(value)).isEmpty)
        #expect(throws: StyleError.self) { try StyleFile(json: Data(json.utf8), source: "x.json") }
    }

    @Test func theReadmeDocumentsEveryKeyAndPreset() throws {
        let readme = try String(contentsOf: StyleFixtures.stylesDirectory.appendingPathComponent("README.md"), encoding: .utf8)
        for path in StyleField.paths() where path != "$schema" {
            expectTrue(readme.contains("`\(path)`"), "README.md should document `\(path)`")
        }
        for name in try StyleFixtures.library.names() {
            expectTrue(readme.contains("`\(name)`"), "README.md should list the preset `\(name)`")
        }
        for mode in CaptionStyle.Karaoke.Mode.allCases {
            expectTrue(readme.contains("`\(mode.rawValue)`"), "README.md should explain karaoke mode `\(mode.rawValue)`")
        }
    }
}

/// A JSON Schema validator for the subset the style schema uses, which it checks it does not exceed:
/// type, properties, additionalProperties: false, items, enum, pattern, minimum, maximum,
/// exclusiveMinimum and local $ref.
struct MiniSchema {
    let root: [String: Any]
    static let understood: Set<String> = ["$schema", "title", "description", "type", "properties", "additionalProperties", "items",
                                          "enum", "pattern", "minimum", "maximum", "exclusiveMinimum", "$ref", "$defs"]

    /// Follows a local `$ref`: `#/$defs/NAME`, or `#/properties/NAME` (a speaker's style reuses the
    /// top-level fields).
    func resolve(_ node: [String: Any]) -> [String: Any] {
        guard let ref = node["$ref"] as? String else { return node }
        for (prefix, table) in [("#/$defs/", root["$defs"]), ("#/properties/", root["properties"])] where ref.hasPrefix(prefix) {
            if let target = (table as? [String: Any])?[String(ref.dropFirst(prefix.count))] as? [String: Any] { return resolve(target) }
        }
        return node
    }

    func types(of node: [String: Any]) -> Set<String> {
        if let one = node["type"] as? String { return [one] }
        return Set(node["type"] as? [String] ?? [])
    }

    func node(at path: String) -> [String: Any]? {
        var node: [String: Any]? = root
        for key in path.split(separator: ".").map(String.init) {
            node = (node.map(resolve)?["properties"] as? [String: Any])?[key] as? [String: Any]
        }
        return node
    }

    func propertyPaths(_ node: [String: Any], prefix: String = "") -> [String] {
        let properties = resolve(node)["properties"] as? [String: Any] ?? [:]
        return properties.flatMap { key, child -> [String] in
            // A partial style's keys are the style's own, not keys of their own (as for `speakers`).
            if case .patch? = StyleField.field(at: prefix + key)?.kind { return [prefix + key] }
            return [prefix + key] + propertyPaths(child as? [String: Any] ?? [:], prefix: prefix + key + ".")
        }
    }

    func errors(_ value: Any, _ schemaNode: [String: Any]? = nil, path: String = "") -> [String] {
        let node = schemaNode ?? root
        var errors = node.keys.filter { !Self.understood.contains($0) }.map { "\(path): schema keyword \($0) not understood" }
        if node["$ref"] != nil { errors += self.errors(value, resolve(node), path: path) }
        let allowed = types(of: node)
        if !allowed.isEmpty, allowed.isDisjoint(with: Self.jsonTypes(of: value)) { return errors + ["\(path): type"] }
        if let object = value as? [String: Any] {
            let properties = node["properties"] as? [String: Any] ?? [:]
            for (key, child) in object {
                if let childSchema = properties[key] as? [String: Any] {
                    errors += self.errors(child, childSchema, path: path + "/" + key)
                } else if let each = node["additionalProperties"] as? [String: Any] {
                    errors += self.errors(child, each, path: path + "/" + key)
                } else if node["additionalProperties"] as? Bool == false {
                    errors.append("\(path)/\(key): not allowed")
                }
            }
        }
        if let list = value as? [Any], let items = node["items"] as? [String: Any] {
            for (i, item) in list.enumerated() { errors += self.errors(item, items, path: "\(path)/\(i)") }
        }
        if let options = node["enum"] as? [String], !(value is String && options.contains(value as! String)) { errors.append("\(path): enum") }
        if let text = value as? String, let pattern = node["pattern"] as? String,
           (try? NSRegularExpression(pattern: pattern))?.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil {
            errors.append("\(path): pattern")
        }
        if let n = value as? NSNumber, !StyleValueCheck.isBoolean(n) {
            let x = n.doubleValue
            if let minimum = node["minimum"] as? Double, x < minimum { errors.append("\(path): minimum") }
            if let maximum = node["maximum"] as? Double, x > maximum { errors.append("\(path): maximum") }
            if let minimum = node["exclusiveMinimum"] as? Double, x <= minimum { errors.append("\(path): exclusiveMinimum") }
        }
        return errors
    }

    static func jsonTypes(of value: Any) -> Set<String> {
        switch value {
        case is NSNull: return ["null"]
        case let n as NSNumber:
            if StyleValueCheck.isBoolean(n) { return ["boolean"] }
            return n.doubleValue == n.doubleValue.rounded() ? ["number", "integer"] : ["number"]
        case is String: return ["string"]
        case is [Any]: return ["array"]
        case is [String: Any]: return ["object"]
        default: return []
        }
    }
}
