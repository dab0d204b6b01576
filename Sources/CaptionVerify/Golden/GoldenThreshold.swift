import CaptionRender

/// What a golden frame must meet to pass: a worst allowed libass compare grade (the default, GOOD), a
/// lowest PSNR, or a largest number of differing pixels (Playwright's `threshold`, `maxDiffPixels`).
/// Whichever it is, a frame where only one side drew anything fails: a missing caption never passes
/// because the other side drew little.
///
/// Stored in the manifest as `{"grade": "GOOD"}`, `{"min_psnr": 40}` or `{"max_diff_pixels": 25}`.
public enum GoldenThreshold: Sendable, Equatable, Codable, CustomStringConvertible {
    case grade(ComparisonGrade)
    case minPSNR(Double)
    case maxDiffPixels(Int)

    public static let standard = GoldenThreshold.grade(FrameResult.allowed)

    /// A grade a threshold can name, in any case: SAME, GOOD or BAD (a threshold of FAIL passes nothing).
    public static func passingGrade(named name: String) -> ComparisonGrade? {
        ComparisonGrade(rawValue: name.uppercased()).flatMap { $0 == .fail ? nil : $0 }
    }

    public func passes(_ r: FrameResult) -> Bool {
        guard r.actualDrew == r.expectedDrew else { return false }
        switch self {
        case .grade(let worst): return r.grade <= worst
        case .minPSNR(let db): return r.psnr >= db
        case .maxDiffPixels(let n): return r.differingPixels <= n
        }
    }

    /// As the summary and the reports print it: `GOOD`, `PSNR >= 40.0 dB`, `<= 25 differing pixels`.
    public var description: String {
        switch self {
        case .grade(let g): g.rawValue
        case .minPSNR(let db): "PSNR >= \(db) dB"
        case .maxDiffPixels(let n): "<= \(n) differing pixels"
        }
    }

    private enum CodingKeys: String, CodingKey { case grade, minPSNR = "min_psnr", maxDiffPixels = "max_diff_pixels" }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let given = c.allKeys
        guard given.count == 1, let key = given.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath,
                debugDescription: "one of grade, min_psnr or max_diff_pixels"))
        }
        switch key {
        case .grade:
            let name = try c.decode(String.self, forKey: .grade)
            guard let grade = Self.passingGrade(named: name) else {
                throw DecodingError.dataCorruptedError(forKey: .grade, in: c, debugDescription: "'\(name)' is not SAME, GOOD or BAD")
            }
            self = .grade(grade)
        case .minPSNR:
            let db = try c.decode(Double.self, forKey: .minPSNR)
            guard db.isFinite, db > 0 else { throw DecodingError.dataCorruptedError(forKey: .minPSNR, in: c, debugDescription: "must be a positive number of dB") }
            self = .minPSNR(db)
        case .maxDiffPixels:
            let n = try c.decode(Int.self, forKey: .maxDiffPixels)
            guard n >= 0 else { throw DecodingError.dataCorruptedError(forKey: .maxDiffPixels, in: c, debugDescription: "must not be negative") }
            self = .maxDiffPixels(n)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .grade(let g): try c.encode(g.rawValue, forKey: .grade)
        case .minPSNR(let db): try c.encode(db, forKey: .minPSNR)
        case .maxDiffPixels(let n): try c.encode(n, forKey: .maxDiffPixels)
        }
    }
}
