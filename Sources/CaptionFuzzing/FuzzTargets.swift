import CaptionEdit
import CaptionFormats
import CaptionModel
import CaptionStyles
import Foundation

/// Every fuzz target, one per reader of untrusted input:
/// - `detect`: any bytes through decoding and format detection, as `captions convert FILE` reads them;
/// - one per subtitle format, read as `--from NAME` reads it;
/// - one per family of speech-to-text JSON shapes, the input read as each member;
/// - `style`: a style file, checked and applied as `--style FILE` does;
/// - `arguments`: the command line's time, size, frame-rate and colour arguments;
/// - `scc` and `cea608`: SCC files and raw line-21 byte pairs (`CEA608Targets.swift`);
/// - `shots`: shot-change files (JSON, EZTitles' XML, plain lists of times), read and written back;
/// - `pgs-reader` and `pgs-writer`: PGS tracks read, and drawn and written (`PGSTargets.swift`);
/// - `container` and one per subtitle decoder (`track-subrip`..., and the bitmap ones
///   `track-dvd_subtitle`...): video files' subtitle tracks (`TrackTargets.swift`).
public enum FuzzTargets {
    public static let all: [FuzzTarget] = [
        reader("detect", "any file, through decoding and format detection (every format)", format: nil,
               seeds: ["Corpus/samples/*", "Corpus/word-timed/*", "Corpus/external/**/*.srt", "Corpus/external/**/*.vtt", "Corpus/external/**/*.ass",
                       "Corpus/external/**/*.sbv", "Corpus/external/**/*.smi", "Corpus/external/**/*.sub", "Corpus/broadcast/scc/*.scc"], dictionary: "detect.dict"),
        reader("srt", "SubRip", format: "srt", seeds: ["Corpus/**/*.srt"], dictionary: "srt.dict"),
        reader("webvtt", "WebVTT (cue text, settings, regions)", format: "vtt", seeds: ["Corpus/**/*.vtt"], dictionary: "webvtt.dict"),
        reader("ass", "ASS and SSA scripts", format: "ass", seeds: ["Corpus/**/*.ass", "Corpus/**/*.ssa"], dictionary: "ass.dict"),
        reader("json", "the toolkit's caption JSON", format: "json", seeds: ["Corpus/**/*.json"], dictionary: "json.dict"),
        reader("ttml", "TTML, DFXP and IMSC", format: "ttml", seeds: ["Corpus/imsc-tests/**/*.ttml", "Corpus/samples/*.ttml"], dictionary: "xml.dict"),
        reader("srv3", "YouTube srv3 XML", format: "srv3", seeds: ["Corpus/**/*.srv3", "Corpus/**/*.xml"], dictionary: "xml.dict"),
        reader("sbv", "YouTube SBV", format: "sbv", seeds: ["Corpus/**/*.sbv"], dictionary: "srt.dict"),
        reader("lrc", "LRC lyrics (enhanced word times too)", format: "lrc", seeds: ["Corpus/**/*.lrc"], dictionary: "lrc.dict"),
        reader("microdvd", "MicroDVD frame-timed subtitles", format: "microdvd", seeds: ["Corpus/**/*.sub"], dictionary: "microdvd.dict"),
        reader("sami", "SAMI (HTML-like, with a style sheet)", format: "sami", seeds: ["Corpus/**/*.smi"], dictionary: "sami.dict"),
    ] + FormatRegistry.wordTimedFamilies.map { family in
        FuzzTarget(name: "words-\(family.name)", summary: "speech-to-text JSON, \(family.name) family: \(family.formats.joined(separator: ", "))",
                   seeds: ["Corpus/word-timed/*.json", "Corpus/word-timed/*.json3"], dictionary: "json.dict") { bytes in
            guard let text = decoded(bytes) else { return }
            for format in family.formats { readAndWrite(text, format: format) }
        }
    } + [
        FuzzTarget(name: "style", summary: "style files (JSON), checked and applied to every preset's defaults",
                   seeds: ["Styles/*.json", "Styles/examples/*.json"], dictionary: "style.dict") { bytes in
            guard let file = try? StyleFile(json: Data(bytes), source: "fuzz.json") else { return }
            _ = file.applied(to: CaptionStyle())
        },
        FuzzTarget(name: "arguments", summary: "command-line times, sizes, frame rates and colours",
                   seeds: [], dictionary: "arguments.dict") { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            _ = Timecode.parse(text)
            _ = FrameSize(parsing: text)
            _ = FrameRate(parsing: text)
            _ = RGBAColor(parsing: text)
        },
        FuzzTarget(name: "shots", summary: "shot-change files (JSON, EZTitles' XML, plain lists of times and time codes), read and written back",
                   seeds: ["Corpus/shots/*"], dictionary: nil) { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            for rate in [FrameRate(numerator: 25, denominator: 1)!, FrameRate(numerator: 30000, denominator: 1001)!] {
                guard let changes = try? ShotChangesFile.read(text: text, name: "fuzz-input", frameRate: rate) else { continue }
                // What was read writes and reads back to the same frames, in both forms.
                let json = try? ShotChangesFile.read(text: ShotChangesFile.json(changes), name: "fuzz-json", frameRate: rate)
                let plain = try? ShotChangesFile.read(text: ShotChangesFile.plainTimes(changes), name: "fuzz-plain", frameRate: changes.frameRate)
                precondition(json?.frames == changes.frames, "shots: JSON round trip changed the frames")
                precondition(plain?.frames == changes.frames || changes.frames.isEmpty, "shots: plain round trip changed the frames")
            }
        },
    ] + assTargets + cea608Targets + trackTargets + binaryTargets + pgsTargets

    public static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }

    static func reader(_ name: String, _ summary: String, format: String?, seeds: [String], dictionary: String?) -> FuzzTarget {
        FuzzTarget(name: name, summary: summary, seeds: seeds, dictionary: dictionary) { bytes in
            guard let text = decoded(bytes) else { return }
            readAndWrite(text, format: format)
        }
    }

    /// The bytes decoded as a caption file is (BOM, UTF-16, Windows-1252 fallback), or nil when refused.
    static func decoded(_ bytes: [UInt8]) -> DecodedText? {
        try? TextDecoding.decode(bytes, sourceName: "fuzz-input")
    }

    /// Reads as `format` (detected when nil), and writes what reads back out.
    static func readAndWrite(_ text: DecodedText, format: String?) {
        guard let result = try? CaptionFileReader.read(text, path: "fuzz-input", format: format) else { return }
        write(result, format: format)
    }

    /// What read, written back in its own format, or as the toolkit's JSON when that format is read-only.
    static func write(_ result: ParseResult, format: String? = nil) {
        let name = result.formatName ?? format ?? "json"
        guard let read = try? FormatRegistry.format(named: name) else { return }
        let writer: any SubtitleFormat.Type = read.canWrite ? read : CaptionJSONFormat.self
        var options = WriteOptions()
        options.singleThreaded = true
        _ = writer.write(result.document, options: options)
    }
}
