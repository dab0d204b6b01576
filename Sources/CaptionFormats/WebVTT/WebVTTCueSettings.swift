import CaptionModel

/// Cue settings (what follows the end time on a timing line) into a `CuePlacement`, by the spec's
/// "parse the WebVTT cue settings" (https://www.w3.org/TR/webvtt1/#parse-the-webvtt-cue-settings).
/// A setting with an unknown name or an invalid value is ignored, and later settings override earlier
/// ones; the raw string is kept separately in `CaptionEvent.settings`.
enum WebVTTCueSettings {
    static func parse(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, regions: [CaptionRegion]) -> CuePlacement {
        var placement = CuePlacement()
        var tokens = WebVTTSettingTokens(b, range)
        while let (name, value) = tokens.next() {
            switch b[name.lowerBound] {
            case UInt8(ascii: "r") where WebVTTBytes.equals(b, name, "region"):
                // The last region with that identifier, or none. Regions are few; ids are compared as
                // Strings so a NUL in either reads as U+FFFD in both.
                let id = WebVTTBytes.string(b, value)
                placement.region = regions.last(where: { $0.id == id })?.id
            case UInt8(ascii: "v") where WebVTTBytes.equals(b, name, "vertical"):
                if WebVTTBytes.equals(b, value, "rl") { placement.vertical = .rl }
                else if WebVTTBytes.equals(b, value, "lr") { placement.vertical = .lr }
                // There are no vertical regions.
                if placement.vertical != .horizontal { placement.region = nil }
            case UInt8(ascii: "l") where WebVTTBytes.equals(b, name, "line"):
                parseLine(b, value, into: &placement)
            case UInt8(ascii: "p") where WebVTTBytes.equals(b, name, "position"):
                parsePosition(b, value, into: &placement)
            case UInt8(ascii: "s") where WebVTTBytes.equals(b, name, "size"):
                guard let size = WebVTTNumber.percentage(b, value) else { continue }
                placement.size = size
                // An explicitly sized cue drops out of its region.
                if size != 100 { placement.region = nil }
            case UInt8(ascii: "a") where WebVTTBytes.equals(b, name, "align"):
                if let align = textAlign(b, value) { placement.align = align }
            default:
                continue
            }
        }
        if let id = placement.region, let region = regions.last(where: { $0.id == id }) { placement.area = area(of: region) }
        return placement
    }

    /// A region's box: `width` % of the video across, `lines` lines of 5.33 % of its height down (the
    /// line height the WebVTT rendering rules give a region), placed so that its `regionanchor` point
    /// sits on the video's `viewportanchor` point.
    static func area(of region: CaptionRegion) -> CuePlacement.Area {
        let width = min(max(region.width, 0), 100), height = Double(max(region.lines, 0)) * 5.33
        return CuePlacement.Area(x: region.viewportAnchor.x - region.regionAnchor.x * width / 100,
                                 y: region.viewportAnchor.y - region.regionAnchor.y * height / 100, width: width, height: height)
    }

    /// `line:N`, `line:N%`, optionally `,start|center|end`.
    private static func parseLine(_ b: UnsafeBufferPointer<UInt8>, _ value: Range<Int>, into placement: inout CuePlacement) {
        let comma = WebVTTBytes.firstIndex(of: 0x2C, in: b, value)
        let linePos = value.lowerBound..<(comma ?? value.upperBound)
        guard linePos.contains(where: { WebVTTBytes.isDigit(b[$0]) }) else { return }
        let isPercent = b[linePos.upperBound - 1] == 0x25
        let number: Double
        if isPercent {
            guard let percent = WebVTTNumber.percentage(b, linePos) else { return }
            number = percent
        } else {
            guard let n = WebVTTNumber.lineNumber(b, linePos) else { return }
            number = n
        }
        placement.line = isPercent ? .percent(number) : .number(number)
        // A cue positioned by a line offset drops out of its region.
        placement.region = nil
        // An unknown alignment is ignored but the line stays: web-platform-tests expects this
        // (`line:100%,middle` sets the line), where the 2019 CR's text would drop the whole setting.
        // `position` keeps the CR's rule, as the suite expects there too.
        if let comma {
            let alignRange = (comma + 1)..<value.upperBound
            if WebVTTBytes.equals(b, alignRange, "start") { placement.lineAlign = .start }
            else if WebVTTBytes.equals(b, alignRange, "center") { placement.lineAlign = .center }
            else if WebVTTBytes.equals(b, alignRange, "end") { placement.lineAlign = .end }
        }
    }

    /// `position:N%`, optionally `,line-left|center|line-right`.
    private static func parsePosition(_ b: UnsafeBufferPointer<UInt8>, _ value: Range<Int>, into placement: inout CuePlacement) {
        let comma = WebVTTBytes.firstIndex(of: 0x2C, in: b, value)
        guard let number = WebVTTNumber.percentage(b, value.lowerBound..<(comma ?? value.upperBound)) else { return }
        if let comma {
            let alignRange = (comma + 1)..<value.upperBound
            if WebVTTBytes.equals(b, alignRange, "line-left") { placement.positionAlign = .lineLeft }
            else if WebVTTBytes.equals(b, alignRange, "center") { placement.positionAlign = .center }
            else if WebVTTBytes.equals(b, alignRange, "line-right") { placement.positionAlign = .lineRight }
            else { return }
        }
        placement.position = number
    }

    private static func textAlign(_ b: UnsafeBufferPointer<UInt8>, _ value: Range<Int>) -> CuePlacement.TextAlign? {
        if WebVTTBytes.equals(b, value, "start") { return .start }
        if WebVTTBytes.equals(b, value, "center") { return .center }
        if WebVTTBytes.equals(b, value, "end") { return .end }
        if WebVTTBytes.equals(b, value, "left") { return .left }
        if WebVTTBytes.equals(b, value, "right") { return .right }
        return nil
    }

    /// Settings text for a placement that came without a settings string (from another format, or built
    /// in code): only what differs from the defaults. `region` goes last because `line`, `size` and
    /// `vertical` clear a region named before them. Returns nil when everything is default.
    static func format(_ placement: CuePlacement) -> String? {
        var parts: [String] = []
        if placement.vertical != .horizontal { parts.append("vertical:" + placement.vertical.rawValue) }
        let lineAlign = placement.lineAlign == .start ? "" : "," + placement.lineAlign.rawValue
        switch placement.line {
        case .auto: break  // a line alignment cannot be written without a line
        case .number(let n): parts.append("line:" + WebVTTNumber.format(n) + lineAlign)
        case .percent(let p): parts.append("line:" + WebVTTNumber.format(clampPercent(p)) + "%" + lineAlign)
        }
        if let position = placement.position {
            let align = placement.positionAlign == .auto ? "" : "," + placement.positionAlign.rawValue
            parts.append("position:" + WebVTTNumber.format(clampPercent(position)) + "%" + align)
        }
        if placement.size != 100 { parts.append("size:" + WebVTTNumber.format(clampPercent(placement.size)) + "%") }
        if placement.align != .center { parts.append("align:" + placement.align.rawValue) }
        if let region = placement.region { parts.append("region:" + region) }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    static func clampPercent(_ value: Double) -> Double { value.isNaN ? 0 : min(100, max(0, value)) }
}
