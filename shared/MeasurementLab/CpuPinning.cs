using System.Runtime.InteropServices;

namespace MeasurementLab;

/// <summary>
/// Pins the calling thread to one CPU (Linux <c>sched_setaffinity</c> on thread id 0, which means "this thread"), so a
/// latency sweep is not migrated between cores and caches halfway through. Elsewhere it does nothing and says so.
/// </summary>
public static partial class CpuPinning
{
    /// <summary>Pins the calling thread to the highest-numbered CPU it may run on (CPU 0 takes most interrupts).</summary>
    /// <returns>The CPU, or null when the platform or the kernel refused.</returns>
    public static int? PinCurrentThread()
    {
        if (!OperatingSystem.IsLinux())
        {
            return null;
        }

        ulong mask = 0;
        if (SchedGetAffinity(0, sizeof(ulong), ref mask) != 0 || mask == 0)
        {
            return null;
        }

        int cpu = 63 - System.Numerics.BitOperations.LeadingZeroCount(mask);
        ulong one = 1UL << cpu;
        return SchedSetAffinity(0, sizeof(ulong), ref one) == 0 ? cpu : null;
    }

    // Only the first 64 CPUs are considered: a larger mask makes sched_getaffinity fail and the sweep runs unpinned.
    [LibraryImport("libc", EntryPoint = "sched_getaffinity", SetLastError = true)]
    private static partial int SchedGetAffinity(int pid, nint size, ref ulong mask);

    [LibraryImport("libc", EntryPoint = "sched_setaffinity", SetLastError = true)]
    private static partial int SchedSetAffinity(int pid, nint size, ref ulong mask);
}
