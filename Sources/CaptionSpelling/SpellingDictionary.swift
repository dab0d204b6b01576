import CHunspell
import Foundation

/// A Hunspell dictionary (Debian's `hunspell-LL` packages, in /usr/share/hunspell), asked whether it
/// accepts a word. Used where a word's spelling decides something: OCR fixes are made only where the
/// dictionary accepts the result, and `check --spelling` lists what it does not accept.
public final class SpellingDictionary: @unchecked Sendable { // Hunspell's handle is used under `lock` only
    /// The dictionary's name: `en_US`, `fr_FR`...
    public let name: String
    private let handle: OpaquePointer
    private let lock = NSLock()

    /// Where Debian puts the dictionaries.
    public static let folder = "/usr/share/hunspell"

    /// The dictionary `name` (`en_US`), or nil when its files are not installed.
    public init?(name: String, folder: String = SpellingDictionary.folder) {
        let aff = "\(folder)/\(name).aff", dic = "\(folder)/\(name).dic"
        guard FileManager.default.isReadableFile(atPath: aff), FileManager.default.isReadableFile(atPath: dic),
              let handle = Hunspell_create(aff, dic) else { return nil }
        self.name = name
        self.handle = handle
    }

    deinit { Hunspell_destroy(handle) }

    /// The dictionary for a language named by its ISO 639-2 code (`eng`, `fra` or `fre`) or 639-1 code
    /// (`en`), or by a dictionary name (`en_GB`); nil when none is installed. English prefers `en_US`.
    public static func forLanguage(_ language: String, folder: String = SpellingDictionary.folder) -> SpellingDictionary? {
        let code = language.lowercased()
        if language.contains("_") { return SpellingDictionary(name: language, folder: folder) }
        let short = isoCodes[code] ?? (code.count == 2 ? code : nil)
        guard let short else { return nil }
        let installed = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".dic") }.map { String($0.dropLast(4)) }.sorted()
        let preferred = ["en": "en_US", "fr": "fr_FR", "de": "de_DE", "es": "es_ES", "pt": "pt_PT", "it": "it_IT", "nl": "nl_NL"][short]
        let candidates = installed.filter { $0 == short || $0.hasPrefix(short + "_") }
        guard let chosen = candidates.first(where: { $0 == preferred }) ?? candidates.first else { return nil }
        return SpellingDictionary(name: chosen, folder: folder)
    }

    /// ISO 639-2 (both forms) to 639-1 for the languages Debian has Hunspell dictionaries of.
    static let isoCodes: [String: String] = [
        "eng": "en", "fra": "fr", "fre": "fr", "deu": "de", "ger": "de", "spa": "es", "ita": "it", "por": "pt",
        "nld": "nl", "dut": "nl", "swe": "sv", "dan": "da", "nor": "nb", "nob": "nb", "nno": "nn", "fin": "fi",
        "pol": "pl", "ces": "cs", "cze": "cs", "slk": "sk", "slo": "sk", "slv": "sl", "hrv": "hr", "hun": "hu",
        "ron": "ro", "rum": "ro", "bul": "bg", "rus": "ru", "ukr": "uk", "ell": "el", "gre": "el", "tur": "tr",
        "cat": "ca", "eus": "eu", "baq": "eu", "glg": "gl", "lit": "lt", "lav": "lv", "est": "et", "heb": "he",
        "ara": "ar", "vie": "vi", "isl": "is", "ice": "is", "gle": "ga", "cym": "cy", "wel": "cy",
    ]

    /// Whether the dictionary accepts `word` as written.
    public func accepts(_ word: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return Hunspell_spell(handle, word) != 0
    }
}
