import CaptionModel

/// Writes an IMSC 1 text-profile document: clock times with milliseconds, a `p` per caption in one
/// `div`, `<br/>` for line breaks, bold, italic, underline and colour as `tts:` attributes on a `span`
/// per run of styled text (runs, not nested spans: TTML's spans nest, the model's may overlap).
/// `\an` and `\pos` placement (ASS, SRT's `{\an8}`, TTML's own regions read back) becomes regions
/// (`TTMLRegions`). Captions read from ASS also get their style's looks as spans and its Alignment as a
/// region. What TTML output here cannot carry is reported once per kind, with how many events lost it.
enum TTMLWriter {
    /// What TTML holds of an ASS event.
    static let holds: ASSFeatureLoss.Holds = [.placement, .styleLooks]

    static func write(_ document: CaptionDocument, into out: ByteSink) -> [Diagnostic] {
        var lost = LostFeatures()
        let ass = ASSFeatureLoss(document)
        ASSFeatureLoss.noteScript(document, keptKeys: ["language"], holds: holds, into: &lost)
        let language = document.metadata.last { $0.key.lowercased() == "language" }?.value ?? ""
        // Regions before the body: where any caption is placed, every caption needs a region.
        var regions = TTMLRegions()
        var places: [Int: TTMLRegions.Place] = [:]  // few events are placed: no slot for the others
        for (n, event) in document.events.enumerated() { if let place = regions.place(event, ass) { places[n] = place } }
        out.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        out.append("<tt xmlns=\"http://www.w3.org/ns/ttml\" xmlns:tts=\"http://www.w3.org/ns/ttml#styling\" ")
        out.append("xmlns:ttp=\"http://www.w3.org/ns/ttml#parameter\" ttp:timeBase=\"media\" ")
        out.append("ttp:profile=\"http://www.w3.org/ns/ttml/profile/imsc1/text\" xml:lang=\"")
        escape(language, out)
        out.append("\">\n")
        regions.writeHead(out)
        out.append("  <body>\n    <div>\n")
        for (n, event) in document.events.enumerated() {
            lost.event = n
            if event.start < 0 || event.end < 0 { lost.note("negative times", instead: "written as 00:00:00.000") }
            if !event.words.isEmpty { lost.note("word timings") }
            var text = event.text
            if let fields = event.ass {
                if let shown = ass.convert(event, fields, holds: holds, emptyLines: .keep, lost: &lost) { text = shown }
            } else if let placement = event.placement, !TTMLRegions.isMapped(placement) {
                lost.note("placement other than \\an and \\pos (WebVTT settings, SRT coordinates)")
            }
            out.append("      <p begin=\"")
            out.appendTimestamp(event.start, separator: 0x2E)
            out.append("\" end=\"")
            out.appendTimestamp(event.end, separator: 0x2E)
            out.append("\"")
            if let place = places[n] ?? regions.unplaced {
                out.append(" region=\""); out.appendString(place.region); out.append("\"")
                if let align = place.textAlign { out.append(" tts:textAlign=\""); out.appendString(align); out.append("\"") }
            }
            out.append(">")
            for run in text.runs {
                switch run {
                case .lineBreak:
                    out.append("<br/>")
                case .text(let text, let attributes):
                    var style = ""
                    if attributes.bold { style += " tts:fontWeight=\"bold\"" }
                    if attributes.italic { style += " tts:fontStyle=\"italic\"" }
                    // One attribute holds both lines (`underline lineThrough`).
                    let lines = (attributes.underline ? ["underline"] : []) + (attributes.strikethrough ? ["lineThrough"] : [])
                    if !lines.isEmpty { style += " tts:textDecoration=\"\(lines.joined(separator: " "))\"" }
                    if let color = attributes.color { style += " tts:color=\"\(TTMLStyle.format(color))\"" }
                    if attributes.voice != nil { lost.note("voice names") }
                    if !attributes.classes.isEmpty { lost.note("WebVTT classes") }
                    if let family = attributes.fontFace {
                        // A family name with a comma or quote would read as a list: quoted, quotes dropped.
                        let clean = family.filter { $0 != "\"" && $0 != "'" && $0 != "<" && $0 != "&" }
                        style += " tts:fontFamily=\"" + (clean.contains(",") || clean.contains(" ") ? "'\(clean)'" : clean) + "\""
                    }
                    if let scale = attributes.fontScale { style += " tts:fontSize=\"\(NumberText.plain((scale * 10_000).rounded() / 100))%\"" }
                    if style.isEmpty {
                        escape(text, out)
                    } else {
                        out.appendString("<span\(style)>")
                        escape(text, out)
                        out.append("</span>")
                    }
                }
            }
            out.append("</p>\n")
        }
        out.append("    </div>\n  </body>\n</tt>\n")
        return lost.diagnostics(format: "TTML")
    }

    /// `&`, `<`, `>` and `"` as entities; runs of spaces kept readable by writing every space after the
    /// first as U+00A0 would change the text, so they are written as they are (XML collapses them on
    /// reading, as it does for every TTML processor).
    private static func escape(_ text: String, _ out: ByteSink) {
        for byte in text.utf8 {
            switch byte {
            case 0x26: out.append("&amp;")
            case 0x3C: out.append("&lt;")
            case 0x3E: out.append("&gt;")
            case 0x22: out.append("&quot;")
            default: out.append(byte)
            }
        }
    }
}

/// The regions placed captions are shown in. A document that names regions shows no content outside
/// them (TTML 1, 9.3), so once one caption is placed, the unplaced ones go in a bottom region too.
///
/// An anchor alone (`\an8`) is a region of the safe area (10% to 90% each way) aligned to its row
/// (`tts:displayAlign` before, center, after: `top`, `middle`, `bottom`), with the column as the
/// caption's `tts:textAlign`. An anchor and a point (`\an7\pos(x,y)`, in script pixels) is a region
/// with an edge or centre on the point, as the anchor says: for the left column it starts at x, for
/// the right it ends there, for the centre it is centred on x as wide as the frame allows; rows the same
/// way with y. A caption with a box of its own (`CuePlacement.area`: a TTML region read, a WebVTT
/// region) is a region of that box. TTMLReader reads such regions back to the same row and column.
struct TTMLRegions {
    struct Place: Equatable {
        var region: String
        var textAlign: String?
    }
    private struct Region {
        var id: String
        var origin: (x: Double, y: Double)
        var extent: (w: Double, h: Double)
        var displayAlign: String
    }
    private var regions: [Region] = []
    private var pointRegions: [String: String] = [:]
    private static let rows = ["bottom", "middle", "top"]
    private static let displayAligns = ["after", "center", "before"]

    /// The region for the captions that are not placed, once any caption is.
    var unplaced: Place? { regions.isEmpty ? nil : Place(region: "bottom", textAlign: nil) }

    /// True for a placement this writer maps: an anchor, a point or a box, nothing WebVTT-only.
    static func isMapped(_ placement: CuePlacement) -> Bool {
        var rest = placement
        (rest.anchor, rest.point, rest.area) = (nil, nil, nil)
        return placement.area != nil || rest == CuePlacement()
    }

    /// The region and alignment of a caption (an ASS event's own alignment or its style's); nil for
    /// bottom centre without a point, which needs none.
    mutating func place(_ event: CaptionEvent, _ ass: ASSFeatureLoss) -> Place? {
        let anchor: Int?, point: CuePlacement.Point?, playRes: (x: Int, y: Int)
        if event.ass != nil {
            (anchor, point, playRes) = (ass.anchor(of: event), event.placement?.point, (ass.playResX, ass.playResY))
        } else {
            guard let placement = event.placement, placement.anchor != nil || placement.point != nil || placement.area != nil,
                  Self.isMapped(placement) else { return nil }
            if let area = placement.area { return place(area, anchor: placement.anchor, align: placement.align) }
            // Another format's `{\pos}` (SRT) counts in the 384x288 players read it in.
            (anchor, point, playRes) = (placement.anchor, placement.point, ASSWriter.libassPlayRes)
        }
        let (column, row) = ASSFeatureLoss.grid(anchor)
        let textAlign = [Optional("left"), nil, "right"][column]
        guard let point else {
            guard column != 1 || row != 0 else { return nil }
            add(Region(id: Self.rows[row], origin: (10, 10), extent: (80, 80), displayAlign: Self.displayAligns[row]))
            return Place(region: Self.rows[row], textAlign: textAlign)
        }
        let x = ASSFeatureLoss.percent(point.x, of: playRes.x), y = ASSFeatureLoss.percent(point.y, of: playRes.y)
        func span(_ at: Double, _ side: Int) -> (origin: Double, size: Double) {
            switch side {
            case 0: return (at, 100 - at)                        // starts at the point
            case 2: return (0, at)                               // ends at it
            default: let half = min(at, 100 - at); return (at - half, 2 * half)
            }
        }
        let across = span(x, column), down = span(y, 2 - row)  // row 2 (top) starts at y
        let key = "\(column) \(row) \(x) \(y)"
        let id = pointRegions[key] ?? "pos\(pointRegions.count + 1)"
        pointRegions[key] = id
        add(Region(id: id, origin: (across.origin, down.origin), extent: (across.size, down.size), displayAlign: Self.displayAligns[row]))
        return Place(region: id, textAlign: textAlign)
    }

    /// A box's region, its rows and columns as the anchor says, or (a WebVTT region's) the text at its
    /// bottom, aligned as the cue says.
    private mutating func place(_ area: CuePlacement.Area, anchor: Int?, align: CuePlacement.TextAlign) -> Place {
        let column: Int, row: Int
        if let anchor {
            (column, row) = ASSFeatureLoss.grid(anchor)
        } else {
            column = align.column
            row = 0
        }
        let key = "area \(row) \(area.x) \(area.y) \(area.width) \(area.height)"
        let id = pointRegions[key] ?? "area\(pointRegions.count + 1)"
        pointRegions[key] = id
        add(Region(id: id, origin: (area.x, area.y), extent: (area.width, area.height), displayAlign: Self.displayAligns[row]))
        return Place(region: id, textAlign: [Optional("left"), nil, "right"][column])
    }

    /// A region, once; and the bottom one with the first, for the captions that are not placed.
    private mutating func add(_ region: Region) {
        if regions.isEmpty { regions.append(Region(id: "bottom", origin: (10, 10), extent: (80, 80), displayAlign: "after")) }
        if !regions.contains(where: { $0.id == region.id }) { regions.append(region) }
    }

    /// `<head><layout>` with the regions, or nothing when no caption is placed.
    func writeHead(_ out: ByteSink) {
        guard !regions.isEmpty else { return }
        out.append("  <head>\n    <layout>\n")
        for r in regions.sorted(by: { $0.id < $1.id }) {
            out.appendString("      <region xml:id=\"\(r.id)\" tts:origin=\"\(Self.text(r.origin.x))% \(Self.text(r.origin.y))%\" ")
            out.appendString("tts:extent=\"\(Self.text(r.extent.w))% \(Self.text(r.extent.h))%\" tts:displayAlign=\"\(r.displayAlign)\"/>\n")
        }
        out.append("    </layout>\n  </head>\n")
    }

    private static func text(_ v: Double) -> String { NumberText.plain((v * 100).rounded() / 100) }
}
