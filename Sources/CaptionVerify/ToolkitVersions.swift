import CFreeType
import CaptionLayout
import CaptionLibass

/// The versions a golden frame depends on, recorded in its manifest so a failing check can say
/// whether the machine changed rather than the code.
public enum ToolkitVersions {
    /// CaptionKit's own version (no release yet: bump when the rendering changes on purpose).
    public static let toolkit = "0.5.0-dev"

    /// libass's version as `ass_library_version` gives it, in hex (`0x01701000`).
    public static var libass: String { LibassRenderer.version }

    /// FreeType's version, `major.minor.patch`, from a library handle of its own (FT_Library_Version
    /// needs one; CaptionLayout's is internal to it).
    public static var freetype: String {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return "unknown" }
        defer { FT_Done_FreeType(library) }
        var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
        FT_Library_Version(library, &major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }

    /// HarfBuzz's version, `major.minor.micro`.
    public static var harfbuzz: String { LayoutLibraries.harfbuzz }
}
