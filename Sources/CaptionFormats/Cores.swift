#if canImport(Glibc)
import Glibc
#endif

/// How many cores there are to split work into parts for.
public enum Cores {
    /// The online CPUs, asked once. Foundation's `activeProcessorCount` also reads the cgroup's quota
    /// files, which costs a reader of one file more than its own parsing of a header. (A process held to
    /// fewer cores splits into parts it runs in turn: that costs little.)
    public static let count: Int = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
}
