import CaptionModel

/// The shot-change rules of a profile applied to one caption, in frames at the shot changes' rate
/// (caption times are frame times rounded to the millisecond, so each edge is read as its nearest
/// frame). Each edge is judged on the side of the change it lies on, so one misplaced edge is one
/// problem:
/// - `shot-change-start`: a start fewer than `snap` frames after a change (it goes back onto it), or
///   fewer than `snap` frames before a change the caption ends before (it goes `snap` frames before);
/// - `shot-change-end`: an end fewer than `snap` frames before a change and not `endGap` frames before
///   it (it goes there), or fewer than `snap` frames after a change the caption starts at or after (it
///   goes `snap` frames after);
/// - `shot-change-crossing`: a caption shown on both sides of a change with fewer than `crossing`
///   frames on one side. That edge goes to the change (an end `endGap` before it) or `crossing` frames
///   away from it, whichever Netflix's zones say: within the first 7/12 of the distance (7 frames or
///   fewer of 12) onto the change, further out away from it.
struct ShotChangeRules: Sendable {
    let shots: ShotChanges
    let snap: Int?
    let endGap: Int
    let crossing: Int?

    init?(profile: CheckProfile, shots: ShotChanges?) {
        guard let shots, !shots.isEmpty, profile.checksShotChanges else { return nil }
        self.shots = shots
        snap = profile.shotChangeSnapFrames
        endGap = profile.shotChangeEndGapFrames
        crossing = profile.shotChangeCrossingFrames
    }

    /// One problem and where its edge may go, in the order the fixer tries them.
    struct Finding: Sendable {
        var rule: CheckRule
        var distance: ShotChangeDistance
        var value: Int
        var limit: Int
        var targets: [Milliseconds]
    }

    func findings(_ event: CaptionEvent) -> [Finding] {
        let rate = shots.frameRate
        let s = rate.frame(at: event.start), e = rate.frame(at: event.end)
        guard e > s else { return [] }
        let frames = shots.frames
        var found: [Finding] = []
        func time(_ frame: Int) -> Milliseconds { rate.milliseconds(frames: max(0, frame)) }
        func finding(_ rule: CheckRule, change: Int, edge: ShotChangeDistance.Edge, at frame: Int, limit: Int, targets: [Int]) -> Finding {
            let offset = frame - change
            let crosses = rule == .shotChangeCrossing
            return Finding(rule: rule,
                           distance: ShotChangeDistance(frame: change, time: time(change), edge: edge, offset: offset, crosses: crosses, endGapFrames: endGap),
                           value: abs(offset), limit: limit, targets: targets.filter { $0 >= 0 }.map(time))
        }
        // Index of the first change at or after a frame.
        func firstIndex(atOrAfter frame: Int) -> Int {
            var low = 0, high = frames.count
            while low < high {
                let mid = (low + high) / 2
                if frames[mid] < frame { low = mid + 1 } else { high = mid }
            }
            return low
        }

        if let snap {
            let next = firstIndex(atOrAfter: s)
            if next > 0, case let change = frames[next - 1], s - change < snap, !(next < frames.count && frames[next] == s) {
                // Just after a cut: back onto it.
                found.append(finding(.shotChangeStart, change: change, edge: .start, at: s, limit: snap, targets: [change]))
            } else if next < frames.count, case let change = frames[next], change > s, change - s < snap, e <= change {
                // In the last frames of a shot the caption does not cross: a full `snap` before the cut.
                found.append(finding(.shotChangeStart, change: change, edge: .start, at: s, limit: snap, targets: [change - snap]))
            }
            let after = firstIndex(atOrAfter: e)
            if after < frames.count, case let change = frames[after], change - e < snap {
                // Just before a cut: `endGap` frames before it (an end already there, or a caption too short
                // to get there, is left to the other rules).
                if e != change - endGap, change - endGap > s {
                    found.append(finding(.shotChangeEnd, change: change, edge: .end, at: e, limit: snap, targets: [change - endGap]))
                }
            } else if after > 0, case let change = frames[after - 1], e - change < snap, s >= change {
                // In the first frames of a shot the caption starts at or after: a full `snap` after the cut.
                found.append(finding(.shotChangeEnd, change: change, edge: .end, at: e, limit: snap, targets: [change + snap]))
            }
        }
        if let crossing {
            // Changes shown with the caption on both sides: s < change < e.
            var k = firstIndex(atOrAfter: s + 1)
            while k < frames.count, frames[k] < e {
                let change = frames[k]
                let before = change - s, after = e - change
                if before < crossing || after < crossing {
                    if before <= after {
                        let onto = change, away = change - crossing
                        found.append(finding(.shotChangeCrossing, change: change, edge: .start, at: s, limit: crossing,
                                             targets: Self.ontoFirst(before, crossing) ? [onto, away] : [away, onto]))
                    } else {
                        let onto = change - endGap, away = change + crossing
                        found.append(finding(.shotChangeCrossing, change: change, edge: .end, at: e, limit: crossing,
                                             targets: Self.ontoFirst(after, crossing) ? [onto, away] : [away, onto]))
                    }
                }
                k += 1
            }
        }
        return found
    }

    /// Netflix's red zone: 7 frames or fewer of 12 go onto the change, 8-11 out to 12 frames from it
    /// (the same share of the distance at other counts).
    static func ontoFirst(_ distance: Int, _ minimum: Int) -> Bool { distance * 12 <= minimum * 7 }

    func problems(_ event: CaptionEvent, number: Int) -> [CheckProblem] {
        findings(event).map {
            CheckProblem(caption: number, rule: $0.rule, value: Double($0.value), limit: Double($0.limit), unit: "frames", shotChange: $0.distance)
        }
    }
}
