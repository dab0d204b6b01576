import CaptionModel

/// A REGION block's settings, by the spec's "collect WebVTT region settings"
/// (https://www.w3.org/TR/webvtt1/#collect-webvtt-region-settings). Settings may share lines or not;
/// invalid values are ignored and the defaults stay.
enum WebVTTRegionSettings {
    static func parse(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> CaptionRegion {
        var region = CaptionRegion(id: "")
        var tokens = WebVTTSettingTokens(b, range)
        while let (name, value) = tokens.next() {
            if WebVTTBytes.equals(b, name, "id") {
                region.id = WebVTTBytes.string(b, value)
            } else if WebVTTBytes.equals(b, name, "width") {
                if let width = WebVTTNumber.percentage(b, value) { region.width = width }
            } else if WebVTTBytes.equals(b, name, "lines") {
                if let lines = digits(b, value) { region.lines = lines }
            } else if WebVTTBytes.equals(b, name, "regionanchor") {
                if let point = anchor(b, value) { region.regionAnchor = point }
            } else if WebVTTBytes.equals(b, name, "viewportanchor") {
                if let point = anchor(b, value) { region.viewportAnchor = point }
            } else if WebVTTBytes.equals(b, name, "scroll") {
                if WebVTTBytes.equals(b, value, "up") { region.scrollUp = true }
            }
        }
        return region
    }

    /// Digits only, as an integer. The spec's integer is unbounded; beyond `Int.max` it saturates.
    private static func digits(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        var value = 0
        for i in range {
            guard WebVTTBytes.isDigit(b[i]) else { return nil }
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(Int(b[i] - 0x30))
            value = (o1 || o2) ? Int.max : sum
        }
        return value
    }

    /// `x%,y%`.
    private static func anchor(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> CuePlacement.Point? {
        guard let comma = WebVTTBytes.firstIndex(of: 0x2C, in: b, range),
              let x = WebVTTNumber.percentage(b, range.lowerBound..<comma),
              let y = WebVTTNumber.percentage(b, (comma + 1)..<range.upperBound) else { return nil }
        return .init(x: x, y: y)
    }
}
