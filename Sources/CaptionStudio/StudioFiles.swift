import CaptionASS
import CaptionFormats
import CaptionModel
import CaptionStyles
import Foundation

/// Where the studio may write: plain file names in the captions' folder, never one of the inputs, and
/// an existing file only when the page confirmed (409 otherwise, so it can ask). Every write goes to a
/// temporary file renamed into place (`OutputFile`).
struct StudioFiles {
    let folder: String
    let inputs: [String]

    init(session: StudioSession) {
        let captions = URL(fileURLWithPath: session.inputs.captions).standardizedFileURL
        folder = captions.deletingLastPathComponent().path
        inputs = [session.inputs.video, session.inputs.captions, session.inputs.styleFile].compactMap { $0 }
    }

    /// The path for `name`, or why it is refused.
    func target(_ name: String, replace: Bool) throws(StudioError) -> String {
        guard !name.isEmpty, !name.contains("/"), !name.contains("\0"), !name.hasPrefix("."), name.utf8.count <= 255 else {
            throw .badRequest("'\(name)': give a file name without folders (it is written next to the captions, in \(folder))")
        }
        let path = (folder as NSString).appendingPathComponent(name)
        let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        if inputs.contains(where: { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path == real }) {
            throw StudioError(409, "\(name) is one of the studio's inputs; the studio never writes onto its input")
        }
        if !replace, FileManager.default.fileExists(atPath: path) {
            throw StudioError(409, "\(name) exists")
        }
        return path
    }

    /// The captions in `formatName` (else the name's extension). ASS is the compiled script: the style
    /// drawn by any libass player as the studio shows it, at the video's size.
    func saveCaptions(_ session: StudioSession, name: String, formatName: String?, replace: Bool) throws(StudioError) -> String {
        let path = try target(name, replace: replace)
        let snapshot = session.snapshot
        do {
            let format: any SubtitleFormat.Type
            if let formatName { format = try FormatRegistry.outputFormat(named: formatName) } else if let known = FormatRegistry.format(forPath: path), known.canWrite {
                format = known
            } else {
                throw StudioError(400, "\(name): name a .srt, .vtt, .ass or .json file, or give the format")
            }
            if format.name == "ass" {
                let script = try ASSCompiler(style: snapshot.renderer.style, width: session.geometry.width, height: session.geometry.height)
                    .script(for: snapshot.pages)
                try OutputFile.write(Data(script.utf8), to: path, protecting: inputs)
            } else {
                try OutputFile.write(session.document(), as: format, options: WriteOptions(), to: path, protecting: inputs)
            }
        } catch let error as StudioError {
            throw error
        } catch {
            throw StudioError(500, "\(error)")
        }
        return path
    }

    /// The style file: the fields the page set, over the preset it `extends`.
    func saveStyle(_ session: StudioSession, name: String, replace: Bool) throws(StudioError) -> String {
        let path = try target(name, replace: replace)
        let object = (try? JSONSerialization.jsonObject(with: session.styleFileJSON())) ?? [:]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        do { try OutputFile.write(data + Data("\n".utf8), to: path, protecting: inputs) } catch {
            throw StudioError(500, "\(error)")
        }
        return path
    }
}
