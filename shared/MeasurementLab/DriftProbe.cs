using System.Diagnostics;
using System.Runtime.CompilerServices;
using MeasurementLab.Caches;

namespace MeasurementLab;

/// <summary>One reading of the drift probe: ns per step of the CPU loop and ns per dependent load beyond the caches.</summary>
public sealed record ProbeReading(double CpuNs, double MemoryNs);

/// <summary>
/// A fixed calibration workload timed at the start of a run, between posts and at the end: the machine's speed at that
/// moment, in two numbers that no code of the lab changes. A CPU-bound loop of dependent integer steps (it moves with
/// the clock and with a neighbour stealing the core) and one memory-latency point, a random pointer chase over
/// <see cref="MemoryBytes"/> (past the last-level cache of the machines the lab meets, so it moves with the memory
/// system). Each is the median of <see cref="Repeats"/> timed passes after one untimed pass. A post during which these
/// move by more than the report's threshold ran on a machine that changed under it.
/// </summary>
public static class DriftProbe
{
    /// <summary>Bytes the pointer chase spans.</summary>
    public const long MemoryBytes = 64L << 20;

    /// <summary>Dependent steps per pass of the CPU loop (~20 ms on a 3 GHz core).</summary>
    public const long CpuSteps = 20_000_000;

    /// <summary>Dependent loads per pass of the chase (~40 ms at 100 ns per load).</summary>
    public const long Loads = 400_000;

    /// <summary>Timed passes per number; the median is kept.</summary>
    public const int Repeats = 7;

    /// <summary>Times the CPU loop and the pointer chase.</summary>
    public static ProbeReading Measure()
    {
        double cpu = MedianNs(() => Spin(CpuSteps), CpuSteps);
        var chain = new PointerChain(MemoryBytes);
        chain.Shuffle(new Random(LabSeed.Value));
        chain.Build(chain.CapacityLines);
        int slot = 0;
        double memory = MedianNs(() => slot = chain.Chase(slot, Loads), Loads);
        return new ProbeReading(cpu, memory);
    }

    // A xorshift step per iteration: each depends on the last, nothing to vectorize or hoist; the result is returned
    // so the JIT keeps the loop.
    [MethodImpl(MethodImplOptions.NoInlining)]
    internal static ulong Spin(long steps)
    {
        ulong x = 0x9E3779B97F4A7C15UL;
        for (long i = 0; i < steps; i++)
        {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
        }

        return x;
    }

    private static double MedianNs(Action pass, long operations)
    {
        pass(); // untimed: JIT and first touch
        var times = new double[Repeats];
        for (int i = 0; i < Repeats; i++)
        {
            long start = Stopwatch.GetTimestamp();
            pass();
            times[i] = Stopwatch.GetElapsedTime(start).TotalNanoseconds / operations;
        }

        Array.Sort(times);
        return times[Repeats / 2];
    }
}
