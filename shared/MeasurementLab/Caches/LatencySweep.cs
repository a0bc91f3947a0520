using System.Diagnostics;

namespace MeasurementLab.Caches;

/// <summary>
/// One working-set size of a sweep: the latency of a dependent load and the spread around it. Other programs only
/// ever add time, so each sweep keeps the fastest of its timed chunks (the least disturbed); full mode's value is the
/// median of its sweeps', and its spread is theirs.
/// </summary>
/// <param name="Bytes">Working set (whole cache lines).</param>
/// <param name="Nanoseconds">Nanoseconds per load: the fastest chunk (quick), the median over the sweeps (full).</param>
/// <param name="MinNanoseconds">Low end of the spread: the fastest chunk (quick), the fastest sweep (full).</param>
/// <param name="MaxNanoseconds">High end: the median chunk (quick: how much the machine's load moved a typical chunk), the slowest sweep (full).</param>
public sealed record SweepPoint(long Bytes, double Nanoseconds, double MinNanoseconds, double MaxNanoseconds);

/// <summary>A finished sweep.</summary>
/// <param name="Points">Ascending working sets.</param>
/// <param name="Mode">"quick" or "full".</param>
/// <param name="Repeats">Whole sweeps made (each with a fresh permutation).</param>
/// <param name="PinnedCpu">The CPU the sweep ran on, or null when it could not be pinned.</param>
public sealed record SweepResult(IReadOnlyList<SweepPoint> Points, string Mode, int Repeats, int? PinnedCpu);

/// <summary>How long and how often a sweep measures.</summary>
/// <param name="Mode">"quick" or "full", for the record.</param>
/// <param name="MaxBytes">The largest working set (the sweep stops at the first size at or above it).</param>
/// <param name="Repeats">Whole sweeps; the spread of a point is taken over them when more than one.</param>
/// <param name="TimePerPoint">Measuring time per size and repeat (building the chain comes on top).</param>
public sealed record SweepSettings(string Mode, long MaxBytes, int Repeats, TimeSpan TimePerPoint)
{
    /// <summary>Seconds on a quiet machine: one sweep, ~12 ms of loads per size.</summary>
    public static SweepSettings Quick(long maxBytes) => new("quick", maxBytes, 1, TimeSpan.FromMilliseconds(12));

    /// <summary>Five sweeps, ~40 ms of loads per size each: the spread says how much the machine's load moved the curve.</summary>
    public static SweepSettings Full(long maxBytes) => new("full", maxBytes, 5, TimeSpan.FromMilliseconds(40));
}

/// <summary>
/// The pointer-chasing latency sweep: working sets from 4 KiB up, in steps of 2^(1/4), each a fresh random cycle
/// (<see cref="PointerChain"/>) walked on one pinned thread; the latency per load against the working set draws the
/// memory hierarchy as plateaus and steps (<see cref="StepDetector"/> reads them).
/// </summary>
public static class LatencySweep
{
    /// <summary>The smallest working set: one page.</summary>
    public const long MinBytes = 4096;

    /// <summary>Sizes per doubling.</summary>
    public const int StepsPerOctave = 4;

    /// <summary>The sweep never goes past this (memory and time), whatever a source claims.</summary>
    public const long MaxBytesCap = 1L << 30;

    /// <summary>Without any claimed size, sweep at least this far (past any last-level cache a small machine has).</summary>
    public const long DefaultMaxBytes = 256L << 20;

    /// <summary>How far beyond the largest claimed cache the sweep goes, so DRAM shows as a plateau of its own.</summary>
    public const int BeyondLargestCache = 4;

    // Loads per timed chunk: ~60 µs in L1, ~6 ms in DRAM; a point's samples are chunk medians.
    private const long LoadsPerChunk = 1 << 16;
    private const int MinChunks = 3;

    /// <summary>4× the largest size any source claims, capped at 1 GiB; <see cref="DefaultMaxBytes"/> when none claims one.</summary>
    public static long MaxBytesFor(IEnumerable<long> claimedSizes)
    {
        ArgumentNullException.ThrowIfNull(claimedSizes);
        long largest = claimedSizes.DefaultIfEmpty(0).Max();
        long wanted = largest > 0 ? largest * BeyondLargestCache : DefaultMaxBytes;
        return Math.Clamp(wanted, MinBytes * 2, MaxBytesCap);
    }

    /// <summary>The working sets: 4 KiB × 2^(k/4), rounded to whole lines, up to the first at or above <paramref name="maxBytes"/>.</summary>
    public static IReadOnlyList<long> Sizes(long maxBytes)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(maxBytes, MinBytes);
        var sizes = new List<long>();
        for (int k = 0; ; k++)
        {
            double exact = MinBytes * Math.Pow(2, (double)k / StepsPerOctave);
            long bytes = (long)Math.Round(exact / PointerChain.LineBytes) * PointerChain.LineBytes;
            sizes.Add(bytes);
            if (bytes >= maxBytes)
            {
                return sizes;
            }
        }
    }

    /// <summary>Runs the sweep on a dedicated thread pinned to one CPU; <paramref name="progress"/> hears about each size.</summary>
    /// <exception cref="OperationCanceledException">Cancelled between two sizes.</exception>
    public static SweepResult Run(SweepSettings settings, Action<string>? progress = null, CancellationToken cancel = default)
    {
        ArgumentNullException.ThrowIfNull(settings);
        SweepResult? result = null;
        Exception? error = null;
        var thread = new Thread(() =>
        {
            try
            {
                int? cpu = CpuPinning.PinCurrentThread();
                result = Measure(settings, cpu, progress, cancel);
            }
            catch (Exception e) when (e is OperationCanceledException or OutOfMemoryException or InvalidOperationException)
            {
                error = e;
            }
        })
        { Name = "latency-sweep", IsBackground = true };
        thread.Start();
        thread.Join();
        if (error is not null)
        {
            System.Runtime.ExceptionServices.ExceptionDispatchInfo.Throw(error);
        }

        return result!;
    }

    private static SweepResult Measure(SweepSettings settings, int? cpu, Action<string>? progress, CancellationToken cancel)
    {
        var sizes = Sizes(settings.MaxBytes);
        var chain = new PointerChain(sizes[^1]);
        var samples = sizes.Select(_ => new List<double>()).ToList();
        for (int repeat = 0; repeat < settings.Repeats; repeat++)
        {
            chain.Shuffle(new Random(LabSeed.Value + repeat));
            for (int i = sizes.Count - 1; i >= 0; i--) // large to small: every size reuses the one shuffle
            {
                cancel.ThrowIfCancellationRequested();
                int lines = (int)(sizes[i] / PointerChain.LineBytes);
                chain.Build(lines);
                var chunks = TimeChunks(chain, lines, settings.TimePerPoint);
                samples[i].AddRange(settings.Repeats == 1 ? chunks : [chunks.Min()]);
                progress?.Invoke($"repeat {repeat + 1}/{settings.Repeats}, {CacheTopology.FormatBytes(sizes[i])}: {chunks.Min():0.0} ns");
            }
        }

        var points = sizes.Select((bytes, i) =>
            settings.Repeats == 1
                ? new SweepPoint(bytes, samples[i].Min(), samples[i].Min(), Median(samples[i]))
                : new SweepPoint(bytes, Median(samples[i]), samples[i].Min(), samples[i].Max())).ToList();
        return new SweepResult(points, settings.Mode, settings.Repeats, cpu);
    }

    private static List<double> TimeChunks(PointerChain chain, int lines, TimeSpan budget)
    {
        // Warm up with one pass over the set, so it sits in every cache it fits; a set so slow that the pass would
        // outlast two measuring budgets is beyond the caches anyway. Build already touched its pages.
        int slot = 0;
        var warm = Stopwatch.StartNew();
        for (long done = 0; done < lines && warm.Elapsed < budget * 2; done += LoadsPerChunk)
        {
            slot = chain.Chase(slot, Math.Min(LoadsPerChunk, lines - done));
        }

        var chunks = new List<double>();
        var total = Stopwatch.StartNew();
        while (chunks.Count < MinChunks || total.Elapsed < budget)
        {
            long start = Stopwatch.GetTimestamp();
            slot = chain.Chase(slot, LoadsPerChunk);
            double ns = Stopwatch.GetElapsedTime(start).TotalNanoseconds;
            chunks.Add(ns / LoadsPerChunk);
        }

        GC.KeepAlive(slot);
        return chunks;
    }

    /// <summary>Median of a non-empty list.</summary>
    public static double Median(IReadOnlyList<double> values)
    {
        ArgumentNullException.ThrowIfNull(values);
        if (values.Count == 0)
        {
            throw new ArgumentException("No values.", nameof(values));
        }

        var sorted = values.Order().ToList();
        int mid = sorted.Count / 2;
        return sorted.Count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }
}
