import CaptionFormats
import CaptionVideo
import Foundation

extension Burn {
    /// `captions burn VIDEO CAPTIONS --plan N -o PLAN.json [options]`: the video's frames and key frames
    /// read (demuxed, not decoded), N parts cut at the key frames nearest equal shares, and the plan
    /// written with the burn's arguments, so every part burns alike. Prints one line per part.
    func writePlan(parts count: Int) throws {
        let (video, planPath) = (video!, output!)
        if start != nil || end != nil { throw CaptionFormatError(.usage, "--start and --end cannot go with --plan: a plan covers the whole video") }
        // The captions and style are read now, so a mistake in them stops the plan, not every part.
        _ = try load(input!)
        let scan = try KeyFrameScan.scan(video)
        var arguments = BurnBatchOptions.burnArguments(dropping: BurnBatchOptions.selection.union(["-o", "--output"]))
        // Files by absolute path: a part may run in another folder, on another machine.
        for file in [video, input!, styleOptions.style, secondary].compactMap({ $0 }) {
            let absolute = URL(fileURLWithPath: file).standardizedFileURL.path
            arguments = arguments.map { $0 == file ? absolute : $0 }
        }
        let planFile = URL(fileURLWithPath: planPath).standardizedFileURL.path
        var plan = scan.plan(parts: count, video: URL(fileURLWithPath: video).standardizedFileURL.path, arguments: arguments, partsNamedAfter: planFile)
        try plan.recordVideo()
        try OutputFile.write(try plan.encoded(), to: planPath, protecting: [video, input!])
        if plan.parts.count < count {
            CommandFailure.printError("captions: warning: \(video) has \(scan.keyFrames.count) key frames: \(plan.parts.count) parts, not \(count)")
        }
        for part in plan.parts {
            print(String(format: "part %d: %d frames from %.3f s -> %@", part.index, part.frames, part.startSeconds, part.output))
        }
    }
}
