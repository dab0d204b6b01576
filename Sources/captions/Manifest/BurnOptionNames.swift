import ArgumentParser
import Foundation

/// The long names of `captions burn`'s options, read from ArgumentParser's own description of the
/// command (what `--experimental-dump-help` prints), so that a manifest field that is no option is
/// reported as the field it is, with a did-you-mean, instead of as ArgumentParser's `Unknown option`.
enum BurnOptionNames {
    /// Empty only if ArgumentParser ever stops describing commands this way; the manifest then leaves
    /// unknown fields to ArgumentParser's own message rather than refusing every field.
    static let all: [String] = {
        guard let root = try? JSONSerialization.jsonObject(with: Data(Burn._dumpHelp().utf8)) as? [String: Any],
              let command = root["command"] as? [String: Any],
              let arguments = command["arguments"] as? [[String: Any]] else { return [] }
        return arguments.flatMap { argument in
            (argument["names"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String == "long" ? $0["name"] as? String : nil }
        }
    }()
}
