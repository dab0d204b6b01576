import CaptionFormats
import CaptionModel

/// The fuzz targets of line-21 captions:
/// - `scc`: Scenarist SCC files, read as `--from scc` reads them, on CC1 and on CC2;
/// - `cea608`: raw byte pairs straight into `CEA608Decoder`, as a video's closed captions reach it.
///
/// `cea608`'s input: byte 0 chooses how the rest is fed, the rest is the byte pairs, one pair a frame
/// at 29.97 (a trailing odd byte is dropped). Bits 0-1 of byte 0: the channel decoded (CC1-CC4).
/// Bit 2: the pairs alternate field 1 and field 2 in each frame, as line 21 carries them; else every
/// pair goes to the channel's field. Bit 3: the stream ends one frame after its last pair; else it
/// ends without a time (a caption still shown gets the decoder's default end). The seeds are the SCC
/// corpus files as CC1 pair streams, padding in the frames between their lines
/// (`Fuzz/seeds/make-cea608-seeds.sh`).
extension FuzzTargets {
    static let cea608Targets: [FuzzTarget] = [
        FuzzTarget(name: "scc", summary: "Scenarist SCC, through the CEA-608 decoder (CC1 and CC2)",
                   seeds: ["Corpus/**/*.scc", "Fuzz/seeds/container/*.scc"], dictionary: "scc.dict") { bytes in
            guard let text = decoded(bytes) else { return }
            readAndWrite(text, format: "scc")
            if let result = try? CaptionFileReader.read(text, path: "fuzz-input", format: "scc", options: ReadOptions(channel: .cc2)) {
                write(result)
            }
        },
        FuzzTarget(name: "cea608", summary: "raw CEA-608 byte pairs into the line-21 decoder (channel and fields chosen by the first byte)",
                   seeds: ["Fuzz/seeds/cea608/*"], dictionary: "cea608.dict") { bytes in
            guard let mode = bytes.first else { return }
            let channel = CEA608Channel(rawValue: Int(mode & 0x03) + 1) ?? .cc1
            let interleaved = mode & 0x04 != 0
            var decoder = CEA608Decoder(channel: channel)
            var frame = 0, k = 1
            func time(_ frame: Int) -> Milliseconds { Milliseconds(SCCClock.ntsc.milliseconds(frame: frame).rounded()) }
            while k + 1 < bytes.count {
                // Interleaved: the even pairs are field 1's, the odd ones field 2's of the same frame.
                let field = interleaved ? ((k - 1) / 2) % 2 + 1 : channel.field
                decoder.feed(field: field, bytes[k], bytes[k + 1], at: time(frame))
                if !interleaved || field == 2 { frame += 1 }
                k += 2
            }
            let events = decoder.finish(at: mode & 0x08 != 0 ? time(frame + 1) : nil)
            write(ParseResult(document: CaptionDocument(events: events), diagnostics: decoder.diagnostics), format: "srt")
        },
    ]
}
