import Foundation

/// The shot-change test clip, made by `Benchmarks/shots-clip.sh` (the one recipe the tests and
/// `make shots-bench` share): 40 s at 25 fps, 8 hard cuts, a crossfade and two white flashes, with the
/// frames the script says they are at.
public struct ShotTestClip: Sendable {
    public var path: String
    /// The first frames of the shots after the hard cuts.
    public var cuts: [Int]
    /// The white frames, and the frames the crossfade mixes two shots in: none of them is a cut.
    public var flashes: [Int]
    public var crossfade: ClosedRange<Int>

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Makes the clip at `size` (`320x180`) into `path`, with the script's default x264 settings.
    public static func make(size: String, at path: String) throws -> ShotTestClip {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Benchmarks/shots-clip.sh").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script, size, path]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(description: "shots-clip.sh failed: \(message)") }
        var truth: [String: [Int]] = [:]
        for line in printed.split(separator: "\n") {
            let words = line.split(separator: " ")
            guard let key = words.first else { continue }
            truth[String(key)] = words.dropFirst().compactMap { Int($0) }
        }
        guard let cuts = truth["cuts"], let flashes = truth["flashes"], let fade = truth["crossfade"], fade.count == 2 else {
            throw Failure(description: "shots-clip.sh printed no truth: \(printed)")
        }
        return ShotTestClip(path: path, cuts: cuts, flashes: flashes, crossfade: fade[0]...fade[1])
    }

    /// The same clip's truth with every frame `frames` later (a stream that starts late).
    public func shifted(by frames: Int) -> ShotTestClip {
        ShotTestClip(path: path, cuts: cuts.map { $0 + frames }, flashes: flashes.map { $0 + frames },
                     crossfade: (crossfade.lowerBound + frames)...(crossfade.upperBound + frames))
    }

    /// The frames a detector must not call cuts: the flashes and the frames after them (where the picture
    /// comes back), the crossfade and the frame after it.
    public var notCuts: [Int] {
        flashes.flatMap { [$0, $0 + 1] } + Array(crossfade) + [crossfade.upperBound + 1]
    }

    /// The frames found that are no cut, and the cuts not found.
    public func score(_ found: [Int]) -> (missed: [Int], extra: [Int]) {
        (cuts.filter { !found.contains($0) }, found.filter { !cuts.contains($0) })
    }
}
