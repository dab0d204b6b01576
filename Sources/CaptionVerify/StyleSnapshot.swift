import Foundation
import CaptionFormats
import CaptionStyles

/// A resolved style as JSON, for golden manifests: one `"dotted.path": value` line per field of
/// `CaptionStyle`, in declaration order, read by reflection so a field added to the style is covered
/// without touching this file. The same style always gives the same text (and so the same SHA-256),
/// and two snapshots can be diffed line by line to say which fields changed.
public enum StyleSnapshot {
    public static func json(of style: CaptionStyle) -> String {
        "{\n" + fields(of: style).map { "  \(quote($0.key)): \($0.value)" }.joined(separator: ",\n") + "\n}\n"
    }

    /// The fields as (dotted path, JSON value text) pairs.
    public static func fields(of style: CaptionStyle) -> [(key: String, value: String)] {
        var out: [(key: String, value: String)] = []
        flatten(style, path: "", into: &out)
        return out
    }

    /// The keys whose values differ between two snapshots' texts (added, removed or changed), sorted.
    public static func changedKeys(_ old: String, _ new: String) -> [String] {
        func pairs(_ text: String) -> [String: String] {
            var result: [String: String] = [:]
            for line in text.split(separator: "\n") {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard trimmed.hasPrefix("\""), let colon = trimmed.range(of: "\": ") else { continue }
                var value = String(trimmed[colon.upperBound...])
                if value.hasSuffix(",") { value.removeLast() }
                result[String(trimmed[trimmed.index(after: trimmed.startIndex)..<colon.lowerBound])] = value
            }
            return result
        }
        let a = pairs(old), b = pairs(new)
        return Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.sorted()
    }

    private static func flatten(_ value: Any, path: String, into out: inout [(key: String, value: String)]) {
        if let leaf = scalar(value) { out.append((path, leaf)); return }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            guard let wrapped = mirror.children.first?.value else { out.append((path, "null")); return }
            flatten(wrapped, path: path, into: &out)
        case .collection, .set:
            var items: [(key: String, value: String)] = []
            for (i, child) in mirror.children.enumerated() { flatten(child.value, path: "\(i)", into: &items) }
            if items.allSatisfy({ !$0.key.contains(".") }) {
                out.append((path, "[" + items.map(\.value).joined(separator: ", ") + "]"))
            } else {
                out += items.map { ("\(path).\($0.key)", $0.value) }
            }
        default:
            if mirror.children.isEmpty { out.append((path, quote("\(value)"))); return }
            for child in mirror.children {
                let name = child.label ?? "_"
                flatten(child.value, path: path.isEmpty ? name : "\(path).\(name)", into: &out)
            }
        }
    }

    private static func scalar(_ value: Any) -> String? {
        switch value {
        case let b as Bool: return b ? "true" : "false"
        case let i as Int: return "\(i)"
        case let d as Double: return d.isFinite ? "\(d)" : quote("\(d)")
        case let u as UInt8: return "\(u)"
        case let s as String: return quote(s)
        case let r as any RawRepresentable: return scalar(r.rawValue) ?? quote("\(r.rawValue)")
        default: return nil
        }
    }

    static func quote(_ s: String) -> String { jsonStringLiteral(s) }
}
