import CaptionModel

/// A small XML reader for TTML: elements with their attributes (namespace prefixes resolved to the
/// conventional TTML prefixes), text, and the line each element starts on. No DTDs, no external
/// entities: the five predefined entities and character references are decoded, comments,
/// processing instructions and DOCTYPE skipped, CDATA kept as text. Not well-formed input fails
/// naming the line and the element.
final class XMLElement {
    /// The local name (`p`, `span`), whatever prefix the file used.
    let name: String
    /// Attributes by `prefix:local` with the conventional prefix of their namespace (`tts:color`,
    /// `ttp:frameRate`, `xml:id`), or the bare local name when unprefixed (`begin`).
    var attributes: [String: String]
    var children: [XMLNode] = []
    let line: Int

    init(name: String, attributes: [String: String], line: Int) {
        self.name = name; self.attributes = attributes; self.line = line
    }

    subscript(_ attribute: String) -> String? { attributes[attribute] }

    var elements: [XMLElement] { children.compactMap { if case .element(let e) = $0 { e } else { nil } } }
    func first(_ name: String) -> XMLElement? { elements.first { $0.name == name } }
}

enum XMLNode {
    case element(XMLElement)
    case text(String)
}

struct XMLError: Error {
    let line: Int
    let message: String
}

enum XMLTree {
    /// Namespace URIs and the prefixes TTML documents conventionally give them.
    static let prefixes: [String: String] = [
        "http://www.w3.org/ns/ttml#styling": "tts", "http://www.w3.org/2006/10/ttaf1#styling": "tts",
        "http://www.w3.org/2006/10/ttaf1#style": "tts", "http://www.w3.org/2006/04/ttaf1#styling": "tts",
        "http://www.w3.org/ns/ttml#parameter": "ttp", "http://www.w3.org/2006/10/ttaf1#parameter": "ttp",
        "http://www.w3.org/ns/ttml#metadata": "ttm", "http://www.w3.org/2006/10/ttaf1#metadata": "ttm",
        "http://www.w3.org/XML/1998/namespace": "xml",
        "http://www.w3.org/ns/ttml/profile/imsc1#styling": "itts", "http://www.w3.org/ns/ttml/profile/imsc1#parameter": "ittp",
        "urn:ebu:tt:style": "ebutts",
    ]

    static func parse(_ b: UnsafeBufferPointer<UInt8>) throws(XMLError) -> XMLElement {
        var parser = Parser(b: b)
        return try parser.document()
    }

    /// The document's root element; XML that is not well-formed is malformed input (65) naming the file
    /// `name` and the line.
    static func root(_ b: UnsafeBufferPointer<UInt8>, name: String) throws(CaptionFormatError) -> XMLElement {
        do { return try parse(b) } catch { throw CaptionFormatError(.malformed, "\(name): line \(error.line): \(error.message)") }
    }

    private struct Parser {
        let b: UnsafeBufferPointer<UInt8>
        var i = 0
        var line = 1
        var scopes: [[String: String]] = [["xml": "http://www.w3.org/XML/1998/namespace"]]

        init(b: UnsafeBufferPointer<UInt8>) { self.b = b }

        mutating func document() throws(XMLError) -> XMLElement {
            var root: XMLElement?
            var stack: [(element: XMLElement, qualified: String)] = []
            var text: [UInt8] = []
            func flushText() {
                guard !text.isEmpty, let top = stack.last else { text.removeAll(); return }
                top.element.children.append(.text(String(decoding: text, as: UTF8.self)))
                text.removeAll(keepingCapacity: true)
            }
            while i < b.count {
                let c = b[i]
                if c == 0x3C {  // <
                    if starts("<!--") {
                        try skip(past: "-->", what: "comment")
                    } else if starts("<![CDATA[") {
                        let start = i + 9
                        try skip(past: "]]>", what: "CDATA section")
                        text.append(contentsOf: b[start..<(i - 3)])
                    } else if starts("<?") {
                        try skip(past: "?>", what: "processing instruction")
                    } else if starts("<!") {
                        try skip(past: ">", what: "DOCTYPE")
                    } else if starts("</") {
                        flushText()
                        let (name, lineOfTag) = try endTag()
                        guard let open = stack.popLast() else {
                            throw XMLError(line: lineOfTag, message: "</\(name)> closes no open element")
                        }
                        guard open.qualified == name else {
                            throw XMLError(line: lineOfTag, message: "</\(name)> closes <\(open.qualified)> (opened on line \(open.element.line))")
                        }
                        scopes.removeLast()
                        if stack.isEmpty { root = open.element; break }
                    } else {
                        flushText()
                        if stack.isEmpty && root != nil { break }
                        let (element, qualified, selfClosing) = try startTag()
                        if let parent = stack.last { parent.element.children.append(.element(element)) }
                        if selfClosing {
                            scopes.removeLast()
                            if stack.isEmpty { root = element; break }
                        } else {
                            stack.append((element, qualified))
                        }
                    }
                } else if c == 0x26 {  // &
                    text.append(contentsOf: try reference())
                } else {
                    if c == 0x0A { line += 1 }
                    if !stack.isEmpty { text.append(c) }
                    i += 1
                }
            }
            if let open = stack.last {
                throw XMLError(line: open.element.line, message: "<\(open.qualified)> is never closed (the file ends first)")
            }
            guard let root else { throw XMLError(line: line, message: "no XML element found") }
            return root
        }

        private func starts(_ s: StaticString) -> Bool {
            let n = s.utf8CodeUnitCount
            guard i + n <= b.count else { return false }
            return s.withUTF8Buffer { p in (0..<n).allSatisfy { b[i + $0] == p[$0] } }
        }

        private mutating func skip(past end: StaticString, what: String) throws(XMLError) {
            let startLine = line
            while i < b.count {
                if starts(end) { i += end.utf8CodeUnitCount; return }
                if b[i] == 0x0A { line += 1 }
                i += 1
            }
            throw XMLError(line: startLine, message: "a \(what) that is never closed")
        }

        private static func isNameByte(_ c: UInt8) -> Bool {
            c >= 0x80 || (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39)
                || c == 0x3A || c == 0x5F || c == 0x2D || c == 0x2E
        }

        private mutating func name() -> String {
            let start = i
            while i < b.count, Self.isNameByte(b[i]) { i += 1 }
            return String(decoding: b[start..<i], as: UTF8.self)
        }

        private mutating func skipSpace() {
            while i < b.count, b[i] == 0x20 || b[i] == 0x09 || b[i] == 0x0A || b[i] == 0x0D {
                if b[i] == 0x0A { line += 1 }
                i += 1
            }
        }

        private mutating func startTag() throws(XMLError) -> (XMLElement, String, Bool) {
            let tagLine = line
            i += 1
            let qualified = name()
            guard !qualified.isEmpty else { throw XMLError(line: tagLine, message: "'<' that starts no element (write &lt; in text)") }
            var raw: [(String, String)] = []
            while true {
                skipSpace()
                guard i < b.count else { throw XMLError(line: tagLine, message: "<\(qualified)>: the tag is never closed") }
                if b[i] == 0x3E { i += 1; break }
                if b[i] == 0x2F, i + 1 < b.count, b[i + 1] == 0x3E { i += 2; return try finish(qualified, raw, tagLine, selfClosing: true) }
                let attribute = name()
                guard !attribute.isEmpty else {
                    throw XMLError(line: line, message: "<\(qualified)>: unexpected '\(Character(Unicode.Scalar(b[i])))' in the tag")
                }
                skipSpace()
                guard i < b.count, b[i] == 0x3D else { throw XMLError(line: line, message: "<\(qualified)>: attribute \(attribute) has no value") }
                i += 1
                skipSpace()
                guard i < b.count, b[i] == 0x22 || b[i] == 0x27 else {
                    throw XMLError(line: line, message: "<\(qualified)>: the value of \(attribute) is not quoted")
                }
                let quote = b[i]
                i += 1
                var value: [UInt8] = []
                while i < b.count, b[i] != quote {
                    if b[i] == 0x26 { value.append(contentsOf: try reference()); continue }
                    if b[i] == 0x3C { throw XMLError(line: line, message: "<\(qualified)>: '<' inside the value of \(attribute)") }
                    if b[i] == 0x0A { line += 1 }
                    // Attribute-value normalisation: whitespace characters become spaces.
                    value.append(b[i] == 0x0A || b[i] == 0x09 || b[i] == 0x0D ? 0x20 : b[i])
                    i += 1
                }
                guard i < b.count else { throw XMLError(line: tagLine, message: "<\(qualified)>: the value of \(attribute) is never closed") }
                i += 1
                raw.append((attribute, String(decoding: value, as: UTF8.self)))
            }
            return try finish(qualified, raw, tagLine, selfClosing: false)
        }

        private mutating func finish(_ qualified: String, _ raw: [(String, String)], _ tagLine: Int, selfClosing: Bool) throws(XMLError) -> (XMLElement, String, Bool) {
            var scope = scopes.last!
            for (key, value) in raw where key == "xmlns" || key.hasPrefix("xmlns:") {
                scope[key == "xmlns" ? "" : String(key.dropFirst(6))] = value
            }
            scopes.append(scope)
            var attributes: [String: String] = [:]
            for (key, value) in raw where key != "xmlns" && !key.hasPrefix("xmlns:") {
                guard let colon = key.firstIndex(of: ":") else { attributes[key] = value; continue }
                let prefix = String(key[..<colon]), local = String(key[key.index(after: colon)...])
                guard let uri = scope[prefix] else {
                    throw XMLError(line: tagLine, message: "<\(qualified)>: attribute \(key) uses the undeclared prefix '\(prefix)'")
                }
                attributes["\(Self.conventional(uri) ?? prefix):\(local)"] = value
            }
            let local = qualified.firstIndex(of: ":").map { String(qualified[qualified.index(after: $0)...]) } ?? qualified
            return (XMLElement(name: local, attributes: attributes, line: tagLine), qualified, selfClosing)
        }

        private static func conventional(_ uri: String) -> String? { XMLTree.prefixes[uri] }

        private mutating func endTag() throws(XMLError) -> (String, Int) {
            let tagLine = line
            i += 2
            let qualified = name()
            skipSpace()
            guard i < b.count, b[i] == 0x3E else { throw XMLError(line: tagLine, message: "</\(qualified)>: the end tag is never closed") }
            i += 1
            return (qualified, tagLine)
        }

        /// `&amp;`, `&#233;`, `&#xE9;`: the decoded bytes.
        private mutating func reference() throws(XMLError) -> [UInt8] {
            let start = i
            var end = i + 1
            while end < b.count, end - start < 12, b[end] != 0x3B { end += 1 }
            guard end < b.count, b[end] == 0x3B else {
                throw XMLError(line: line, message: "'&' that starts no character reference (write &amp;)")
            }
            let body = String(decoding: b[(start + 1)..<end], as: UTF8.self)
            i = end + 1
            let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
            if let text = named[body] { return Array(text.utf8) }
            var scalar: Unicode.Scalar?
            if body.hasPrefix("#x") || body.hasPrefix("#X") {
                scalar = UInt32(body.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
            } else if body.hasPrefix("#") {
                scalar = UInt32(body.dropFirst(1)).flatMap(Unicode.Scalar.init)
            }
            guard let scalar else { throw XMLError(line: line, message: "'&\(body);' is not a character reference XML knows") }
            return Array(String(Character(scalar)).utf8)
        }
    }
}
