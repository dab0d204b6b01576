import CaptionModel
import Foundation

/// A style file, read and checked: the fields it sets, ready to apply on top of a preset (or of any
/// style). Fields the file leaves out keep the value of the style it is applied to.
///
/// Every problem in the file is reported at once, one line each, naming the file and the field:
/// `my.json: box.corner_radius: must be 0 or more, found -4`.
public struct StyleFile: Sendable {
    /// The path as given; every message starts with it.
    public let source: String
    /// The preset this file builds on (`"extends": "name"`); `StyleLibrary` resolves it.
    public let extends: String?
    /// The dotted keys the file sets, in the order of `StyleField.all` (`box`, `box.padding_x`).
    public let keys: [String]
    private let edits: [@Sendable (inout CaptionStyle) -> Void]
    /// The checked values by dotted key, in the order they apply (a `StylePatch` is made of these).
    let values: [(path: String, value: StyleValue)]

    /// Reads and checks a file: a missing or unreadable file is `.missing` (exit 66), anything wrong
    /// inside it `.malformed` (exit 65).
    public static func read(path: String) throws -> StyleFile {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw StyleError(.missing, "\(path): no such style file")
        }
        if isFolder.boolValue { throw StyleError(.missing, "\(path): is a folder, not a style file") }
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw StyleError(.missing, "\(path): cannot read: \(error.localizedDescription)")
        }
        return try StyleFile(json: data, source: path)
    }

    /// Checks JSON text; `source` names it in messages.
    public init(json data: Data, source: String) throws {
        let root: Any
        do { root = try JSONSerialization.jsonObject(with: data) } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            throw StyleError(.malformed, "\(source): not valid JSON: \(detail)")
        }
        guard let object = root as? [String: Any] else {
            throw StyleError(.malformed, "\(source): must be a JSON object of style fields, found \(StyleValueCheck.describe(root))")
        }
        var reader = Reader(source: source)
        reader.read(object, fields: StyleField.all, prefix: "")
        guard reader.problems.isEmpty else { throw StyleError(.malformed, reader.problems) }
        self.source = source
        self.extends = object["extends"] as? String
        self.keys = reader.keys
        self.edits = reader.edits
        self.values = reader.values
    }

    public func apply(to style: inout CaptionStyle) {
        for edit in edits { edit(&style) }
    }

    public func applied(to style: CaptionStyle) -> CaptionStyle {
        var result = style
        apply(to: &result)
        return result
    }
}

/// Walks a JSON object against the field table, collecting edits and problems.
private struct Reader {
    let source: String
    var problems: [String] = []
    var keys: [String] = []
    var edits: [@Sendable (inout CaptionStyle) -> Void] = []
    var values: [(path: String, value: StyleValue)] = []
    /// The prefix of the object being read (`speakers.Ana.` for a speaker's style): values are kept
    /// relative to it.
    var root = ""

    mutating func read(_ object: [String: Any], fields: [StyleField], prefix: String) {
        let known = fields.map(\.key)
        for key in object.keys.sorted() where !known.contains(key) {
            problems.append("\(source): unknown field '\(prefix + key)'" + KeySuggestion.hint(suggestions(for: key, prefix: prefix, siblings: known)))
        }
        for field in fields {
            guard let raw = object[field.key] else { continue }
            let path = prefix + field.key
            let value: StyleValue
            if raw is NSNull, field.nullable {
                value = .null
            } else if case .speakers(let children) = field.kind {
                guard let speakers = readSpeakers(raw, fields: children, path: path) else { continue }
                value = .speakers(speakers)
            } else if case .patch(let children) = field.kind {
                guard let inner = raw as? [String: Any] else {
                    problems.append("\(source): \(path): must be an object of style fields, or null, found \(StyleValueCheck.describe(raw))")
                    continue
                }
                guard let patch = readPatch(inner, fields: children, path: path) else { continue }
                value = .patch(patch)
            } else if case .object(let children) = field.kind {
                guard let inner = raw as? [String: Any] else {
                    let expected = field.nullable ? "an object or null" : "an object"
                    problems.append("\(source): \(path): must be \(expected), found \(StyleValueCheck.describe(raw))")
                    continue
                }
                record(field, .object, path)
                read(inner, fields: children, prefix: path + ".")
                continue
            } else {
                switch StyleValueCheck.check(raw, field.kind) {
                case .success(let checked): value = checked
                case .failure(let complaint):
                    let orNull = field.nullable ? " (or null for none)" : ""
                    problems.append("\(source): \(path): \(complaint.text)\(orNull)")
                    continue
                }
            }
            record(field, value, path)
        }
    }

    /// `"auto"`, or each label's partial style read against `fields` (its problems named
    /// `speakers.LABEL.field`); nil after a problem.
    private mutating func readSpeakers(_ raw: Any, fields: [StyleField], path: String) -> CaptionStyle.Speakers? {
        if let name = raw as? String, name == "auto" { return .auto }
        guard let map = raw as? [String: Any] else {
            problems.append("\(source): \(path): must be \"auto\", an object from speaker label to style fields, or null, found \(StyleValueCheck.describe(raw))")
            return nil
        }
        var styles: [String: StylePatch] = [:]
        let before = problems.count
        for label in map.keys.sorted() {
            guard let inner = map[label] as? [String: Any] else {
                problems.append("\(source): \(path).\(label): must be an object of style fields, found \(StyleValueCheck.describe(map[label]!))")
                continue
            }
            styles[label] = readPatch(inner, fields: fields, path: "\(path).\(label)")
        }
        return problems.count == before ? .styles(styles) : nil
    }

    /// A partial style at `path` read against `fields` (its problems named `path.field`); nil after a
    /// problem.
    private mutating func readPatch(_ object: [String: Any], fields: [StyleField], path: String) -> StylePatch? {
        var part = Reader(source: source, root: path + ".")
        part.read(object, fields: fields, prefix: part.root)
        problems += part.problems
        guard part.problems.isEmpty else { return nil }
        return StylePatch(entries: part.values.map { StylePatch.Entry(path: $0.path, value: $0.value) })
    }

    private mutating func record(_ field: StyleField, _ value: StyleValue, _ path: String) {
        keys.append(path)
        values.append((String(path.dropFirst(root.count)), value))
        let apply = field.apply
        edits.append { apply(&$0, value) }
    }

    /// A sibling key first; otherwise the same key at another level (`max_chars` at the top level
    /// means `paging.max_chars`).
    private func suggestions(for key: String, prefix: String, siblings: [String]) -> [String] {
        let near = KeySuggestion.closest(to: key, among: siblings)
        if !near.isEmpty { return near.map { prefix + $0 } }
        let leaves = KeySuggestion.closest(to: key, among: Self.leaves.map(\.leaf))
        guard !leaves.isEmpty else { return [] }
        return Self.leaves.filter { leaves.contains($0.leaf) && $0.path != prefix + key }.map(\.path)
    }

    /// Every field's dotted path with its last key, worked out once rather than per unknown key.
    private static let leaves: [(path: String, leaf: String)] = StyleField.paths().map {
        ($0, String($0.split(separator: ".").last!))
    }
}
