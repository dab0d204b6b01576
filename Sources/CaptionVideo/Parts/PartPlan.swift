import Foundation

/// A long video cut into parts, each burned by its own task and joined by stream copy
/// (`captions burn --plan N`, `--plan PLAN --part K`, `captions join PLAN`).
///
/// Parts start at key frames of the source as its decoder sees them (a part's decoder starts there
/// with nothing before it) and are frame-exact: part K is every frame whose timestamp lies in
/// [`start`, next part's `start`), in the source video stream's time base. Files are named by absolute
/// path, so any task that reaches the same paths (a shared volume mounted alike) can run any part.
public struct PartPlan: Codable, Sendable, Equatable {
    public struct Part: Codable, Sendable, Equatable {
        public var index: Int
        /// The part's video (video only: the join copies the source's audio whole).
        public var output: String
        /// The first frame's timestamp (a key frame), in the source stream's time base.
        public var start: Int64
        /// The next part's `start`; nil for the last part.
        public var end: Int64?
        public var frames: Int
        /// `start` in seconds from the beginning of the video, for people reading the plan.
        public var startSeconds: Double

        enum CodingKeys: String, CodingKey { case index, output, start, end, frames, startSeconds = "start_seconds" }
    }

    public var version = 1
    public var video: String
    /// The video as it was planned: its SHA-256 (read once here, so that a part's done marker need not
    /// read the whole video again), size and modification time (checked by every part, cheaply).
    public var videoSHA256 = ""
    public var videoBytes = 0
    public var videoModified = 0.0
    /// The burn's arguments after VIDEO (the captions, then options), paths made absolute; every part
    /// burns with exactly these, so every part is encoded alike.
    public var arguments: [String]
    /// The source video stream's time base, as numerator and denominator.
    public var timeBase: [Int32]
    /// Where the source starts (the container's start time) in that time base: output timestamps are
    /// counted from it, as an unsplit burn counts them.
    public var origin: Int64
    public var frames: Int
    public var parts: [Part]

    enum CodingKeys: String, CodingKey {
        case version, video, arguments, timeBase = "time_base", origin, frames, parts
        case videoSHA256 = "video_sha256", videoBytes = "video_bytes", videoModified = "video_modified"
    }

    public init(video: String, arguments: [String], timeBase: [Int32], origin: Int64, frames: Int, parts: [Part]) {
        self.video = video
        self.arguments = arguments
        self.timeBase = timeBase
        self.origin = origin
        self.frames = frames
        self.parts = parts
    }

    /// Records the video's hash, size and modification time.
    public mutating func recordVideo() throws(VideoError) {
        videoSHA256 = try FileDigest.sha256(video)
        (videoBytes, videoModified) = Self.sizeAndTime(video)
    }

    /// Refuses a video that is no longer the one planned (another size or modification time).
    public func checkVideo() throws(VideoError) {
        guard Self.sizeAndTime(video) == (videoBytes, videoModified) else {
            throw VideoError(.malformed, "\(video) has changed since the plan was made; make the plan again")
        }
    }

    static func sizeAndTime(_ path: String) -> (Int, Double) {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        return ((attributes?[.size] as? NSNumber)?.intValue ?? -1, (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1)
    }

    /// Part K's range as the burn takes it.
    public func range(of part: Part) -> PartRange {
        PartRange(start: part.start, end: part.end, frames: part.frames, seeks: part.index > 0)
    }

    public static func read(_ path: String) throws(VideoError) -> PartPlan {
        guard let data = FileManager.default.contents(atPath: path) else { throw VideoError(.unreadable, "\(path): cannot read the plan") }
        do {
            let plan = try JSONDecoder().decode(PartPlan.self, from: data)
            guard plan.version == 1, plan.timeBase.count == 2, plan.timeBase[0] > 0, plan.timeBase[1] > 0, !plan.parts.isEmpty,
                  plan.parts.enumerated().allSatisfy({ $0.offset == $0.element.index }) else {
                throw VideoError(.malformed, "\(path): not a plan CaptionKit wrote (version, time base or part numbers)")
            }
            return plan
        } catch let error as VideoError {
            throw error
        } catch {
            throw VideoError(.malformed, "\(path): not a plan CaptionKit wrote (\(error))")
        }
    }

    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }
}

/// The frames one part burns: timestamps in [start, end) of the source video stream, `frames` of them.
/// The decoder starts at the key frame `start` and drops what comes before; the part's own timestamps
/// start at 0.
public struct PartRange: Sendable, Equatable {
    public var start: Int64
    public var end: Int64?
    public var frames: Int
    /// False for the first part, which reads from the file's beginning (a stream may open with frames
    /// no key frame precedes, where a seek would find nothing).
    public var seeks: Bool

    public init(start: Int64, end: Int64?, frames: Int, seeks: Bool = true) {
        self.start = start
        self.end = end
        self.frames = frames
        self.seeks = seeks
    }
}
