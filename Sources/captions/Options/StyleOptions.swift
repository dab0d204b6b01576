import ArgumentParser
import CaptionStyles

/// `--preset`, `--style` and `--styles-dir`, shared by the commands that style captions.
struct StyleOptions: ParsableArguments {
    @Option(help: "A style preset (see `captions presets`); default \(StyleLibrary.defaultPreset).")
    var preset: String?

    @Option(help: "A style JSON file (full or partial), applied on top of the preset.")
    var style: String?

    @Option(name: .customLong("styles-dir"), help: "The folder of preset files.")
    var stylesDir: String?

    func resolve() throws -> CaptionStyle {
        try StyleLibrary.locate(explicit: stylesDir).style(preset: preset, styleFile: style)
    }
}
