import CaptionModel

/// `check --fix` for the shot-change rules: each problem's edge is tried at the places the rules
/// allow, in their order, and a move is kept only when the captions around it (the one before, the
/// caption, the one after) are left with fewer problems and none they did not have: no overlap, gap,
/// duration or reading-speed problem is traded for a shot-change one. The checker is the judge, so the
/// fixer cannot keep a move the check would then report.
extension Fixer {
    func snapToShotChanges(_ events: inout [CaptionEvent], rules: ShotChangeRules) -> [CheckFix] {
        var fixes: [CheckFix] = []
        // A second pass: a caption's move may free the place an earlier caption's edge could not take
        // (an end waiting for the next caption's start to leave the last frames before a cut).
        for _ in 0..<3 {
            let before = fixes.count
            for i in events.indices {
                // Each kept move removes a problem around this caption, so this ends; the bound is a guard.
                for _ in 0..<8 {
                    guard let fix = moveOneEdge(&events, i, rules: rules) else { break }
                    fixes.append(fix)
                }
            }
            if fixes.count == before { break }
        }
        return fixes
    }

    /// The first move of caption `i`'s edges that the checker accepts, applied; nil when none is.
    private func moveOneEdge(_ events: inout [CaptionEvent], _ i: Int, rules: ShotChangeRules) -> CheckFix? {
        let findings = rules.findings(events[i])
        guard !findings.isEmpty else { return nil }
        let before = problemCounts(events, around: i, rules: rules)
        for finding in findings {
            let edge = finding.distance.edge
            let old = edge == .start ? events[i].start : events[i].end
            for target in finding.targets where target != old {
                if edge == .start { events[i].start = target } else { events[i].end = target }
                let after = problemCounts(events, around: i, rules: rules)
                if edge == .start { events[i].start = old } else { events[i].end = old }
                guard Self.isImprovement(from: before, to: after) else { continue }
                return apply(&events[i], edge: edge, to: target, number: i + 1, finding: finding)
            }
        }
        return nil
    }

    private func apply(_ event: inout CaptionEvent, edge: ShotChangeDistance.Edge, to target: Milliseconds,
                       number: Int, finding: ShotChangeRules.Finding) -> CheckFix {
        let change = finding.distance
        let frames = framesFromChange(target, change)
        let place = frames == 0 ? "onto" : "\(CheckProblem.quantity(Double(abs(frames)), "frames")) \(frames < 0 ? "before" : "after")"
        let why = " (\(place) the shot change at \(Timecode.format(change.time)), frame \(change.frame))"
        if edge == .end { return setEnd(&event, target, number: number, rule: finding.rule, why: why) }
        let old = event.start
        event.start = target
        Self.keepWordsInside(&event)
        return CheckFix(caption: number, rule: finding.rule,
                        change: "start moved from \(Timecode.format(old)) to \(Timecode.format(target))" + why)
    }

    /// Frames from the change to a time on the shot changes' clock.
    private func framesFromChange(_ time: Milliseconds, _ change: ShotChangeDistance) -> Int {
        guard let rate = checker.shotChanges?.frameRate else { return 0 }
        return rate.frame(at: time) - change.frame
    }

    private struct Key: Hashable { var caption: Int; var rule: CheckRule }

    /// Every problem of captions i-1, i and i+1, counted by caption and rule.
    private func problemCounts(_ events: [CaptionEvent], around i: Int, rules: ShotChangeRules) -> [Key: Int] {
        var counts: [Key: Int] = [:]
        // i+2's gap rule looks back at i+1, which does not move; i+1's looks at i, which does.
        for j in max(0, i - 1)...min(events.count - 1, i + 1) {
            let problems = checker.check(events[j], number: j + 1, after: j > 0 ? events[j - 1] : nil) + rules.problems(events[j], number: j + 1)
            for p in problems { counts[Key(caption: p.caption, rule: p.rule), default: 0] += 1 }
        }
        return counts
    }

    private static func isImprovement(from before: [Key: Int], to after: [Key: Int]) -> Bool {
        guard after.values.reduce(0, +) < before.values.reduce(0, +) else { return false }
        return after.allSatisfy { key, n in n <= before[key, default: 0] }
    }
}
