import CaptionModel

/// Which override tags an event's Text field uses, by name (`ASSTextParser.tagNames`): what a writer
/// needs to say what another format, or an edited text, could not keep.
enum ASSOverrides {
    /// The tags the caption model holds as spans, placement or words: text rebuilt from the model keeps them.
    static let modelled: Set<String> = ["b", "i", "u", "s", "c", "1c", "fn", "an", "a", "pos", "k", "K", "kf", "ko", "r"]

    /// Every tag named in the text's override blocks, each once, in order of first use.
    static func tagNames(in text: String) -> [String] {
        var names: [String] = []
        var bytes = text.utf8[...]
        while let open = bytes.firstIndex(of: 0x7B) {
            // An escaped brace (`\{`) opens no block.
            if open > text.utf8.startIndex, text.utf8[text.utf8.index(before: open)] == 0x5C {
                bytes = bytes[text.utf8.index(after: open)...]
                continue
            }
            guard let close = bytes[open...].firstIndex(of: 0x7D) else { break }
            var block = bytes[text.utf8.index(after: open)..<close]
            while let slash = block.firstIndex(of: 0x5C) {
                let rest = Substring(block[text.utf8.index(after: slash)...])
                if let name = ASSTextParser.tagNames.first(where: { rest.hasPrefix($0) }), !names.contains(name) { names.append(name) }
                block = block[text.utf8.index(after: slash)...]
            }
            bytes = bytes[text.utf8.index(after: close)...]
        }
        return names
    }

    /// True when the text uses a tag the model does not hold (`\t`, `\fad`, `\clip`, `\p`...).
    static func hasTagsTheModelLacks(_ text: String) -> Bool {
        text.utf8.contains(0x7B) && tagNames(in: text).contains { !modelled.contains($0) }
    }
}
