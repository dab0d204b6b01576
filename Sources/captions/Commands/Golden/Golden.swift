import ArgumentParser

/// `captions golden record|check`: golden-frame regression checks for users' own captions and styles.
struct Golden: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Record golden frames of captions in a style, and check later renders against them.",
        discussion: """
        record renders frames into DIR as <ms>.png with manifest.json (input and style hashes, size, \
        times, toolkit, libass and FreeType versions) and style.json (the resolved style). check renders \
        the same frames again from the manifest, grades each against its golden with libass's compare \
        metric, and exits 1 when any is worse than GOOD, writing an HTML report of where.
        """,
        subcommands: [GoldenRecord.self, GoldenCheck.self]
    )
}
