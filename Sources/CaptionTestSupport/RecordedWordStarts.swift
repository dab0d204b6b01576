import Foundation

/// Word starts marked in a real recording (Corpus/align/*.tsv, whose headers say how each was made):
/// one line per word, tab-separated file, word and start in milliseconds; `#` lines are comments.
public struct RecordedWordStarts: Sendable {
    /// The recording's file name, in the folder the table's header names.
    public var file: String
    public var words: [String]
    public var starts: [Int]

    /// Where Debian's pocketsphinx-testdata puts the recordings the tables are of.
    public static let testDataFolder = "/usr/share/pocketsphinx/test/data"

    /// The project's `Corpus/align/<name>`, found from this file's path.
    public static func corpusPath(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Corpus/align/" + name).path
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
