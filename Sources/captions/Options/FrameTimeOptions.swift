import ArgumentParser
import CaptionModel
import CaptionVerify
import Foundation

/// `--times` and `--step`, shared by `verify` and `golden record`. Neither: each page's word starts,
/// word middles and the gaps between words (`FrameTimes.defaults`). `--every MS` (milliseconds, the
/// one time option not in seconds) is `--step`'s old spelling, kept for a release (`RenamedOptions`).
struct FrameTimeOptions: ParsableArguments {
    @Option(help: "Times to check, comma-separated seconds or timestamps (0.35,1.6,00:00:03.200).")
    var times: String?

    @Option(help: "A frame every STEP (seconds or a timestamp: 0.01, 0.25) from the first caption's start to the last one's end.")
    var step: TimeArgument?

    @Option(help: .hidden)
    var every: Int?

    func validate() throws {
        if [times != nil, step != nil, every != nil].filter({ $0 }).count > 1 { throw ValidationError("give --times or --step, not both") }
        if let step, step.milliseconds <= 0 { throw ValidationError("--step must be positive") }
        if let every, every <= 0 { throw ValidationError("--every must be positive") }
        if let every {
            RenamedOptions.warn(nil, old: "--every MS", new: "--step SECONDS (--every \(every) is --step \(NumberText.plain(Double(every) / 1000)))")
        }
        if let times, Self.parse(times) == nil { throw ValidationError("--times: expected comma-separated times, got '\(times)'") }
    }

    static func parse(_ text: String) -> [Milliseconds]? {
        let parts = text.split(separator: ",").map { TimeArgument(argument: $0.trimmingCharacters(in: .whitespaces)) }
        guard !parts.isEmpty, !parts.contains(where: { $0 == nil }) else { return nil }
        return parts.map { $0!.milliseconds }
    }

    /// The times for `pages`, sorted and unique.
    func times(for pages: [CaptionEvent]) -> [Milliseconds] {
        if let times, let parsed = Self.parse(times) { return Array(Set(parsed)).sorted() }
        if let step { return FrameTimes.every(step.milliseconds, over: pages) }
        if let every { return FrameTimes.every(every, over: pages) }
        return FrameTimes.defaults(for: pages)
    }
}
