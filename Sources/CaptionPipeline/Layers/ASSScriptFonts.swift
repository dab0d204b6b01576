import CaptionLayout
import CaptionModel

/// The font files a user's ASS script names, for `mux` to attach beside its track: each style's
/// Fontname (bold where the style is) and every `\fn` family in the events, matched by fontconfig.
/// Only exact matches are attached (a substitute would draw another font than the author chose); the
/// families not installed are returned so the command can name them. A family drawn only from the
/// script's own `[Fonts]` section travels inside the track's header, where libass finds it.
public enum ASSScriptFonts {
    public static func files(for document: CaptionDocument) -> (files: [String], missing: [String]) {
        var wanted: [(family: String, weight: Int)] = []
        func want(_ family: String, bold: Bool) {
            // `@Family` is the family drawn vertically.
            let name = family.hasPrefix("@") ? String(family.dropFirst()) : family
            guard !name.isEmpty, !wanted.contains(where: { $0.family == name && $0.weight == (bold ? 700 : 400) }) else { return }
            wanted.append((name, bold ? 700 : 400))
        }
        for style in document.styles { want(style.fontFamily ?? "Arial", bold: style.bold == true) }
        for event in document.events {
            for span in event.spans { if case .fontFace(let family) = span.kind { want(family, bold: false) } }
        }
        var files: [String] = [], missing: [String] = []
        for (family, weight) in wanted {
            guard let match = FontResolver.shared.match(family: family, weight: weight), match.isExact else {
                if !missing.contains(family) { missing.append(family) }
                continue
            }
            if !files.contains(match.path) { files.append(match.path) }
        }
        return (files, missing)
    }
}
