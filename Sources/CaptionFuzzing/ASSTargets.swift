import CaptionEdit
import CaptionFormats
import CaptionModel

extension FuzzTargets {
    /// `ass-retime`: a script read, written back, read again and retimed through every kind of map, as
    /// `convert`, `retime` and `sync` carry an ASS file losslessly. What must hold:
    /// - ASS written from a script reads back to the same events (times, styles, fields, Text fields)
    ///   and writes the same bytes again (the writer's output is its own fixed point);
    /// - a shift leaves every Text field as it was;
    /// - the tag-time rewrite never traps, whatever the numbers (`\k1e300`, `\t(nan,...)`).
    static let assTargets: [FuzzTarget] = [
        FuzzTarget(name: "ass-retime", summary: "ASS and SSA scripts written back and retimed (sections, Script Info, tag times)",
                   seeds: ["Corpus/**/*.ass", "Corpus/**/*.ssa"], dictionary: "ass.dict") { bytes in
            guard let text = decoded(bytes), let first = try? ASSFormat.read(text) else { return }
            var options = WriteOptions()
            options.singleThreaded = true
            let written = ASSFormat.write(first.document, options: options).text
            guard let second = try? ASSFormat.read(DecodedText(written, sourceName: "fuzz-written")) else {
                preconditionFailure("ass-retime: the written script does not read back")
            }
            precondition(second.document.events.count == first.document.events.count, "ass-retime: events lost in writing")
            precondition(ASSFormat.write(second.document, options: options).text == written, "ass-retime: writing is not a fixed point")

            let shifted = Retimer(map: .shift(1500)).apply(to: second.document).document
            for (a, b) in zip(second.document.events, shifted.events) where a.start + 1500 == b.start && a.keepsASSText {
                precondition(b.sourceText == a.sourceText, "ass-retime: a shift changed a Text field")
            }
            let maps: [TimeMap] = [.frameRate(from: FrameRate(numerator: 24000, denominator: 1001)!, to: FrameRate(numerator: 25, denominator: 1)!),
                                   .sync([.init(0, 100), .init(60_000, 59_000)])]
            for map in maps {
                let retimed = Retimer(map: map).apply(to: second.document).document
                _ = ASSFormat.write(retimed, options: options)
            }
        },
    ]
}
