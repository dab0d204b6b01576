import CaptionFormats
import CaptionModel

extension FuzzTargets {
    /// Binary formats: the bytes read as `captions convert FILE --from NAME` reads them (undecoded,
    /// `CaptionFileReader.read(bytes:)`), what reads written back as a file gets it (through a
    /// `ByteSink`: the String writer of a binary format writes nothing), and that read again.
    static let binaryTargets: [FuzzTarget] = [
        FuzzTarget(name: "stl", summary: "EBU STL (GSI and TTI blocks, ISO 6937 and ISO 8859 text, teletext codes, cumulative sets)",
                   seeds: ["Corpus/broadcast/stl/*.stl"], dictionary: "stl.dict") { bytes in
            readAndWriteBinary(bytes, format: "stl")
        },
    ]

    static func readAndWriteBinary(_ bytes: [UInt8], format name: String) {
        guard let result = try? CaptionFileReader.read(bytes: InputBytes(bytes), sourceName: "fuzz-input", path: "fuzz-input", format: name),
              let format = try? FormatRegistry.format(named: name) else { return }
        var options = WriteOptions()
        options.singleThreaded = true
        let sink = ByteSink()
        _ = format.write(result.document, options: options, into: sink)
        _ = try? CaptionFileReader.read(bytes: InputBytes(sink.bytes), sourceName: "rewritten", path: "rewritten", format: name)
    }
}
