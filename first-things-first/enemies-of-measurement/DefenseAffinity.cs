using System.Diagnostics;
using System.Numerics;

namespace EnemiesOfMeasurement;

/// <summary>
/// The CPU mask of <see cref="EnemyDefenseConfig"/>. The post pins to "cores 0-1" (0b11) on a 48-thread Xeon; a
/// hard-coded mask names CPUs that may not exist or may not be ours (containers, taskset, cgroups), so the mask is
/// taken from the CPUs this process may actually run on: the lowest <see cref="DefaultCpuCount"/> of them.
/// </summary>
public static class DefenseAffinity
{
    /// <summary>How many CPUs the post's mask covers.</summary>
    public const int DefaultCpuCount = 2;

    /// <summary>The mask for this machine and this process's current affinity.</summary>
    public static IntPtr ForThisMachine()
    {
        long allowed = Environment.ProcessorCount >= 64 ? -1L : (1L << Environment.ProcessorCount) - 1;
        if (OperatingSystem.IsLinux() || OperatingSystem.IsWindows())
        {
            using var self = Process.GetCurrentProcess();
            allowed = self.ProcessorAffinity.ToInt64(); // the CPUs we may really use (taskset, cgroups)
        }

        return new IntPtr(LowestCpus(allowed, DefaultCpuCount));
    }

    /// <summary>The lowest <paramref name="count"/> CPUs set in <paramref name="allowedMask"/> (fewer if fewer are allowed).</summary>
    /// <exception cref="ArgumentException">The mask allows no CPU.</exception>
    public static long LowestCpus(long allowedMask, int count)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(count);
        if (allowedMask == 0)
        {
            throw new ArgumentException("The affinity mask allows no CPU.", nameof(allowedMask));
        }

        long result = 0;
        ulong remaining = unchecked((ulong)allowedMask);
        for (int taken = 0; taken < count && remaining != 0; taken++)
        {
            ulong lowest = remaining & (~remaining + 1);
            result |= unchecked((long)lowest);
            remaining &= ~lowest;
        }

        return result;
    }

    /// <summary>"0-1"-style list of the CPUs in <paramref name="mask"/>, for messages.</summary>
    public static string Describe(long mask)
    {
        var cpus = new List<int>();
        ulong bits = unchecked((ulong)mask);
        while (bits != 0)
        {
            int cpu = BitOperations.TrailingZeroCount(bits);
            cpus.Add(cpu);
            bits &= bits - 1;
        }

        return string.Join(",", cpus);
    }
}
