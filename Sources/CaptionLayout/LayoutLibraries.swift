import CHarfBuzz

/// The versions of the C libraries layout depends on, for manifests that record what drew a frame.
public enum LayoutLibraries {
    /// HarfBuzz's version string, `major.minor.micro`.
    public static var harfbuzz: String { String(cString: hb_version_string()) }
}
