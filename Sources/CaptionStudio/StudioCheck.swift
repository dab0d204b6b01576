import CaptionEdit
import CaptionModel
import CaptionVideo
import Foundation

/// `GET /check?profile=P`: the captions as they stand checked against a built-in profile (netflix,
/// the default, bbc or youtube), as `captions check --video` checks them: gaps counted at the video's
/// frame rate, `beyond-video` against its length, and the shot-change rules once the shot changes are
/// known. With each caption's reading speed, for the cue list.
enum StudioCheck {
    static func json(_ session: StudioSession, profile name: String?) throws(StudioError) -> [String: Any] {
        let profileName = name ?? "netflix"
        guard let profile = CheckProfile.named(profileName) else {
            throw StudioError.badRequest("check: profile '\(profileName)' is not one of \(CheckProfile.builtIn.map(\.name).joined(separator: ", "))")
        }
        var shots: ShotChanges?
        if case .ready(let found) = session.shotChanges.state { shots = found }
        let checker = Checker(profile: profile, frameRate: session.geometry.rate, videoDuration: session.geometry.duration, shotChanges: shots)
        let document = session.document()
        let problems = checker.check(document).map { problem -> [String: Any] in
            ["caption": problem.caption, "rule": problem.rule.rawValue, "message": problem.description]
        }
        return [
            "profile": profile.name, "unit": profile.readingSpeedUnit.rawValue, "shot_changes": shots != nil,
            "reading_speed": document.events.map { checker.readingSpeed(of: $0) as Any? ?? NSNull() },
            "problems": problems,
        ]
    }
}
