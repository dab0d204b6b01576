import CaptionModel

/// EZTitles' shot-change XML, as Subtitle Edit's import reads it: `<shotchanges><shotchanges_list>`
/// holding `<shotchange frame="312"/>` elements, frames at the video's rate. Read only.
enum ShotChangesXML {
    static func read(_ text: String, name: String, frameRate: FrameRate) throws -> ShotChanges {
        let root = try Array(text.utf8).withUnsafeBufferPointer { try XMLTree.root($0, name: name) }
        guard root.name == "shotchanges" else {
            throw CaptionFormatError(.malformed, "\(name): line \(root.line): the root element is <\(root.name)>, not EZTitles' <shotchanges>")
        }
        var frames: [Int] = []
        for list in root.elements where list.name == "shotchanges_list" {
            for change in list.elements where change.name == "shotchange" {
                guard let text = change["frame"], let frame = Int(text.filter { $0 != " " && $0 != "\t" }), frame >= 0 else {
                    throw CaptionFormatError(.malformed, "\(name): line \(change.line): <shotchange> needs a frame=\"N\" attribute, a whole number")
                }
                frames.append(frame)
            }
        }
        return ShotChanges(frameRate: frameRate, frames: frames)
    }
}
