import CaptionFormats
import CaptionModel
import Foundation

/// The edited captions kept next to the captions file after every change (`NAME.studio-autosave.json`,
/// the toolkit's JSON), so a closed tab or a killed server loses nothing: the next studio on the same
/// captions finds it and the page offers it back. Never the input: a side file of its own name, written
/// to a temporary file and renamed, and removed when the edits are undone to the captions as read or
/// saved to a file.
struct StudioAutosave: Sendable {
    let path: String
    private let captions: String

    init(captions: String) {
        self.captions = captions
        path = captions + ".studio-autosave.json"
    }

    /// What a previous session left: its captions JSON, when it was written and how many captions it
    /// holds; nil when there is none.
    func found() -> (data: Data, modified: Date, events: Int)? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let modified = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? Date()
        let read = try? CaptionJSONFormat.read(DecodedText(utf8: InputBytes([UInt8](data)), sourceName: path))
        return (data, modified, read?.document.events.count ?? 0)
    }

    /// Keeps `document` (nil: the captions as read, so nothing to keep). The reason it failed, if it did:
    /// the studio goes on (the edits are still in the session) and the page says so.
    func keep(_ document: CaptionDocument?) -> String? {
        guard let document else { return remove() }
        do {
            try OutputFile.write(Data(CaptionJSONFormat.write(document, options: WriteOptions()).text.utf8), to: path, protecting: [captions])
            return nil
        } catch {
            return "autosave to \(path) failed: \(error)"
        }
    }

    @discardableResult
    func remove() -> String? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do { try FileManager.default.removeItem(atPath: path) } catch { return "could not remove \(path): \(error)" }
        return nil
    }
}
