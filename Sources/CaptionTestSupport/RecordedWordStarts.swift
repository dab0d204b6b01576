import Foundation

/// Word starts marked in a real recording (Corpus/align/*.tsv, whose headers say how each was made):
/// one line per word, tab-separated file, word and start in milliseconds; `#` lines are comments.
public struct RecordedWordStarts: Sendable {
    /// The recording's file name, in the folder the table's header names.
    public var file: String
    public var words: [String]
    public var starts: [Int]

    public init(file: String, words: [String], starts: [Int]) {
        self.file = file
        self.words = words
        self.starts = starts
    }

    /// Where Debian's pocketsphinx-testdata puts most of the recordings the tables are of.
    public static let testDataFolder = "/usr/share/pocketsphinx/test/data"

    /// The real recordings `make align-bench` and the tests score: a name, the table (in Corpus/align)
    /// and the folder its file names are in. Their headers say who speaks and how the starts were made.
    public static let recordings: [(name: String, table: String, folder: String)] = [
        ("LibriVox reader", "librivox-word-starts.tsv", testDataFolder + "/librivox"),
        ("cards", "cards-word-starts.tsv", testDataFolder + "/cards"),
        ("pocketsphinx's commands and digits", "testdata-word-starts.tsv", testDataFolder),
        ("Kennedy, 1961", "jfk-word-starts.tsv", corpusPath("")),
        ("alsa-utils' speaker-test voice", "alsa-word-starts.tsv", "/usr/share/sounds/alsa"),
    ]

    /// The project's `Corpus/align/<name>`, found from this file's path.
    public static func corpusPath(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Corpus/align/" + name).path
    }

    /// The recording's samples at 16 kHz: pocketsphinx-testdata's `.raw` files (16 kHz, 16-bit
    /// little-endian, mono, no header) read here, any other file by `decode` (AudioSamples.read).
    public func samples(in folder: String, decode: (String) throws -> [Float]) throws -> [Float] {
        let path = folder + "/" + file
        guard file.hasSuffix(".raw") else { return try decode(path) }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return stride(from: 0, to: data.count - 1, by: 2).map { i in
            Float(Int16(bitPattern: UInt16(data[data.startIndex + i]) | UInt16(data[data.startIndex + i + 1]) << 8)) / 32_768
        }
    }

    /// The table at `path`, one entry per recording in the order they first appear.
    public static func read(_ path: String) throws -> [RecordedWordStarts] {
        let table = try String(contentsOfFile: path, encoding: .utf8)
        var byFile: [RecordedWordStarts] = []
        for line in table.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t").map(String.init)
            guard fields.count == 3, let ms = Int(fields[2]) else { continue }
            if byFile.last?.file != fields[0] { byFile.append(RecordedWordStarts(file: fields[0], words: [], starts: [])) }
            byFile[byFile.count - 1].words.append(fields[1])
            byFile[byFile.count - 1].starts.append(ms)
        }
        return byFile
    }
}
