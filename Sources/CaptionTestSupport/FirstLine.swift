import Foundation

extension FileHandle {
    /// The first line written to this pipe (without its newline), read a byte at a time so nothing
    /// after it is consumed: how a script reads the URL `captions studio` prints first.
    public func readFirstLine() -> String {
        var line = Data()
        while true {
            let byte = readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line += byte
        }
        return String(decoding: line, as: UTF8.self)
    }
}
