import Foundation
import CaptionExpectations
import Testing

/// `captions burn --manifest`: the jobs of a JSON Lines file, as a scheduler's array tasks run them.
/// Which job runs (each scheduler's index variable), skipping what is done, surviving a kill, and one bad
/// job failing alone.
@Suite struct BurnManifestTests {
    /// Three short clips and a manifest burning each (the third job carries options), made once per
    /// test process.
    static let jobs = SharedFolder { dir in
        var lines: [String] = []
        for n in 0..<3 {
            try BurnCommandTests.clip(dir.appendingPathComponent("in\(n).mp4").path, seconds: 1, size: "320x240")
            lines.append(#"{"video": "in\#(n).mp4", "captions": "\#(BurnCommandTests.captions)", "output": "out\#(n).mp4", "encoder_preset": "ultrafast", "quiet": true\#(n == 2 ? #", "preset": "pop-in", "crf": 30"# : "")}"#)
        }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: dir.appendingPathComponent("jobs.jsonl"))
    }

    /// A copy of `jobs` in a fresh folder.
    static func project() throws -> URL {
        let dir = try CommandRunner.scratch()
        try jobs.copy(into: dir)
        return dir
    }

    /// The environment without any scheduler's index, plus `extra`.
    static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in ["JOB_COMPLETION_INDEX", "AWS_BATCH_JOB_ARRAY_INDEX", "SLURM_ARRAY_TASK_ID"] { environment[name] = nil }
        return environment.merging(extra) { $1 }
    }

    /// stdout's job lines, parsed.
    static func lines(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n").map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    static func outputs(in dir: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix("out") }.sorted()
    }

    /// Frames in a video, counted by ffprobe decoding it.
    static func frames(_ path: String) throws -> Int? {
        let r = try CommandRunner.run(["-v", "error", "-count_frames", "-select_streams", "v", "-show_entries", "stream=nb_read_frames",
                                       "-of", "csv=p=0", path], program: URL(fileURLWithPath: "/usr/bin/ffprobe"))
        return Int(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test(arguments: [("JOB_COMPLETION_INDEX", "1", [String]()), ("AWS_BATCH_JOB_ARRAY_INDEX", "2", []),
                      ("SLURM_ARRAY_TASK_ID", "1", ["--index-base", "1"])])
    func theSchedulersIndexPicksTheJob(variable: String, value: String, extra: [String]) throws {
        let dir = try Self.project()
        let expected = Int(value)! - (extra.isEmpty ? 0 : 1)
        let r = try CommandRunner.run(["burn", "--manifest", "jobs.jsonl"] + extra, in: dir, environment: Self.environment([variable: value]))
        expectEqual(r.status, 0, "\(r.stderr)")
        let lines = try Self.lines(r.stdout)
        expectTrue(lines.count == 1 && lines.first?["job"] as? Int == expected && lines.first?["status"] as? String == "done", "\(r.stdout)")
        expectTrue(try Self.outputs(in: dir) == ["out\(expected).mp4", "out\(expected).mp4.done.json"])
        expectTrue(try Self.frames(dir.appendingPathComponent("out\(expected).mp4").path) == 30)
    }

    @Test func anIndexOptionAndAStrideShareTheJobsOut() throws {
        let dir = try Self.project()
        // Two tasks over three jobs: task 0 takes jobs 0 and 2, task 1 takes job 1.
        let first = try CommandRunner.run(["burn", "--manifest", "jobs.jsonl", "--index", "0", "--stride", "2"], in: dir, environment: Self.environment())
        expectTrue(try first.status == 0 && (Self.lines(first.stdout)).compactMap { $0["job"] as? Int } == [0, 2], "\(first.stdout) \(first.stderr)")
        let second = try CommandRunner.run(["burn", "--manifest", "jobs.jsonl", "--stride", "2"], in: dir, environment: Self.environment(["JOB_COMPLETION_INDEX": "1"]))
        expectTrue(try second.status == 0 && (Self.lines(second.stdout)).compactMap { $0["job"] as? Int } == [1], "\(second.stdout)")
        // An index past the manifest has nothing to do; one that would overlap another task's is refused.
        let past = try CommandRunner.run(["burn", "--manifest", "jobs.jsonl", "--index", "7"], in: dir, environment: Self.environment())
        expectTrue(past.status == 0 && past.stdout.isEmpty && past.stderr.contains("no job for --index 7 (there are 3)"), "\(past.stderr)")
        let overlap = try CommandRunner.run(["burn", "--manifest", "jobs.jsonl", "--index", "2", "--stride", "2"], in: dir, environment: Self.environment())
        expectEqual(overlap.status, 64, "\(overlap.stderr)")
        let notANumber = try CommandRunner.run(["burn", "--manifest", "jobs.jsonl"], in: dir, environment: Self.environment(["AWS_BATCH_JOB_ARRAY_INDEX": "two"]))
        expectTrue(notANumber.status == 64 && notANumber.stderr == "captions: $AWS_BATCH_JOB_ARRAY_INDEX is 'two', not a whole number\n")
    }

    @Test func aReRunSkipsWhatIsDoneAndRedoesWhatChanged() throws {
        let dir = try Self.project()
        let all = try CommandRunner.run(["burn", "--manifest", "jobs.jsonl"], in: dir, environment: Self.environment())
        expectTrue(try all.status == 0 && (Self.lines(all.stdout)).map { $0["status"] as? String } == ["done", "done", "done"], "\(all.stdout)")
        let out0 = dir.appendingPathComponent("out0.mp4").path
        let before = try FileManager.default.attributesOfItem(atPath: out0)[.modificationDate] as? Date
        let again = try CommandRunner.run(["burn", "--manifest", "jobs.jsonl"], in: dir, environment: Self.environment())
        expectTrue(try again.status == 0 && (Self.lines(again.stdout)).map { $0["status"] as? String } == ["skipped", "skipped", "skipped"], "\(again.stdout)")
        expectTrue(try FileManager.default.attributesOfItem(atPath: out0)[.modificationDate] as? Date == before)
        // An input changed (job 1's video), an output replaced (job 2's), a shared option added: each
        // makes the jobs it touches burn again.
        try BurnCommandTests.clip(dir.appendingPathComponent("in1.mp4").path, seconds: 2, size: "320x240")
        try Data("not a video".utf8).write(to: dir.appendingPathComponent("out2.mp4"))
        let changed = try CommandRunner.run(["burn", "--manifest", "jobs.jsonl"], in: dir, environment: Self.environment())
        expectTrue(try (Self.lines(changed.stdout)).map { $0["status"] as? String } == ["skipped", "done", "done"], "\(changed.stdout)")
        expectTrue(try Self.frames(dir.appendingPathComponent("out1.mp4").path) == 60)
        let shared = try CommandRunner.run(["burn", "--manifest", "jobs.jsonl", "--index", "0", "--crf", "35"], in: dir, environment: Self.environment())
        expectTrue(try (Self.lines(shared.stdout)).map { $0["status"] as? String } == ["done"], "\(shared.stdout)")
    }

    @Test func aBadJobFailsAloneWith65() throws {
        let dir = try Self.project()
        let manifest = dir.appendingPathComponent("jobs.jsonl")
        var text = try String(contentsOf: manifest, encoding: .utf8)
        text = text.replacingOccurrences(of: #""output": "out1.mp4""#, with: #""output": "out1.mp4", "fontsize": 3"#)
        try Data(("\n" + text + "not json\n").utf8).write(to: manifest)
        let r = try CommandRunner.run(["burn", "--manifest", "jobs.jsonl"], in: dir, environment: Self.environment())
        expectEqual(r.status, 65, "\(r.stderr)")
        let lines = try Self.lines(r.stdout)
        expectEqual(lines.map { $0["status"] as? String }, ["done", "failed", "done", "failed"], "\(r.stdout)")
        expectEqual(lines.map { $0["line"] as? Int }, [2, 3, 4, 5])
        expectTrue(r.stderr.contains("captions: jobs.jsonl line 3: field 'fontsize' is not a burn option\n"), "\(r.stderr)")
        expectTrue(r.stderr.contains("captions: jobs.jsonl line 5: not a JSON object of job fields"), "\(r.stderr)")
        expectTrue(try Self.outputs(in: dir) == ["out0.mp4", "out0.mp4.done.json", "out2.mp4", "out2.mp4.done.json"])
        // A missing input is 66, also alone.
        try FileManager.default.removeItem(at: dir.appendingPathComponent("in0.mp4"))
        let missing = try CommandRunner.run(["burn", "--manifest", "jobs.jsonl", "--index", "0"], in: dir, environment: Self.environment())
        expectTrue(try missing.status == 66 && (Self.lines(missing.stdout)).first?["exit"] as? Int == 66, "\(missing.stdout)")
        // A misspelt option is named as the field it is, with the option it is near.
        try Data(#"{"video": "in1.mp4", "captions": "c.srt", "output": "out9.mp4", "encoder_presett": "ultrafast", "crf": 20}"#.utf8)
            .write(to: dir.appendingPathComponent("typo.jsonl"))
        let typo = try CommandRunner.run(["burn", "--manifest", "typo.jsonl"], in: dir, environment: Self.environment())
        expectEqual(typo.status, 65)
        expectEqual(typo.stderr, "captions: typo.jsonl line 1: field 'encoder_presett' is not a burn option (did you mean 'encoder-preset'?)\n", "\(typo.stderr)")
    }

    /// A task killed outright (SIGKILL: the out-of-memory killer, a node lost) leaves no output and no
    /// marker; its re-run burns the job whole. A task asked to stop (SIGTERM) exits 75, worth a retry.
    @Test func aKilledTaskRunAgainGivesACompleteOutput() throws {
        let dir = try CommandRunner.scratch()
        try BurnCommandTests.longClip.copy(into: dir)
        try Data(#"{"video": "long.mp4", "captions": "\#(BurnCommandTests.captions)", "output": "out.mp4", "encoder_preset": "ultrafast"}"#.utf8)
            .write(to: dir.appendingPathComponent("jobs.jsonl"))
        for signal in [SIGKILL, SIGTERM] {
            let r = try BurnFaultTests.interrupt(["burn", "--manifest", dir.appendingPathComponent("jobs.jsonl").path], with: signal,
                                                 waitingFor: "frames", in: dir)
            // (Foundation reports a process a signal killed by the signal's number.)
            expectEqual(r.status, (signal == SIGKILL ? SIGKILL : 75), "\(r.stderr)")
            expectTrue(try Self.outputs(in: dir).isEmpty)
        }
        let rerun = try CommandRunner.run(["burn", "--manifest", "jobs.jsonl", "--quiet"], in: dir, environment: Self.environment())
        expectTrue(try rerun.status == 0 && (Self.lines(rerun.stdout)).first?["status"] as? String == "done", "\(rerun.stderr)")
        expectTrue(try Self.frames(dir.appendingPathComponent("out.mp4").path) == 600)
    }

    /// The same job run twice at once (Kubernetes may start a second pod for an index): both finish,
    /// and the output is one whole video, never a mix of the two.
    @Test func theSameJobTwiceAtOnceLeavesOneWholeOutput() throws {
        let dir = try Self.project()
        let results = try [0, 1].map { _ in
            let process = Process()
            process.executableURL = CommandRunner.executable
            process.arguments = ["burn", "--manifest", "jobs.jsonl", "--index", "2"]
            process.currentDirectoryURL = dir
            process.environment = Self.environment()
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        for process in results { process.waitUntilExit(); expectEqual(process.terminationStatus, 0) }
        expectTrue(try Self.outputs(in: dir) == ["out2.mp4", "out2.mp4.done.json"])
        expectTrue(try Self.frames(dir.appendingPathComponent("out2.mp4").path) == 30)
        expectTrue(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".tmp") }.isEmpty)
        let again = try CommandRunner.run(["burn", "--manifest", "jobs.jsonl", "--index", "2"], in: dir, environment: Self.environment())
        expectTrue(try (Self.lines(again.stdout)).first?["status"] as? String == "skipped", "\(again.stdout)")
    }
}
