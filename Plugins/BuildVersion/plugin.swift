import Foundation
import PackagePlugin

/// Writes `BuildVersion.swift` (the VERSION file's version and the git commit, where there is one)
/// before each build of the target that uses it, so `captions --version` names what was built.
/// A prebuild command runs on every build; the script rewrites the file only when its text changes,
/// so an unchanged tree does not recompile the target.
@main
struct BuildVersionPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("generated", isDirectory: true)
        let script = context.package.directoryURL.appendingPathComponent("Packaging/build-version.sh")
        return [.prebuildCommand(displayName: "Version from VERSION and git",
                                 executable: URL(fileURLWithPath: "/bin/sh"),
                                 arguments: [script.path, context.package.directoryURL.path,
                                             output.appendingPathComponent("BuildVersion.swift").path],
                                 outputFilesDirectory: output)]
    }
}
