using MeasurementLab;
using StorageEngine;
using StorageEngine.Wal;

namespace WhyBenchmarksLie;

/// <summary>The post's parameters, defined once: the benchmarks, the latency mode and the tests read them here.</summary>
public static class Scenario
{
    /// <summary>Inserts per invocation (BenchmarkDotNet's OperationsPerInvoke).</summary>
    public const int N = 500_000;

    /// <summary>Realistic keys are drawn from [0, KeySpace).</summary>
    public const int KeySpace = 1_000_000;

    /// <summary>The thread counts of the post's tables, and the latency mode's default.</summary>
    public static IReadOnlyList<int> PostThreadCounts { get; } = [1, 4, 16, 32];

    /// <summary>
    /// The benchmarks' thread counts ([ParamsSource]): the post's and 2. Contention needs two threads running at once;
    /// on a 2-CPU machine 2 is all that can, and 4 to 32 threads take turns (the report judges the contention claims at
    /// the smallest count that really ran two at once, from the PeakConc column).
    /// </summary>
    public static IReadOnlyList<int> ThreadCounts { get; } = [.. PostThreadCounts.Prepend(2).Order()];

    /// <summary>A table of the given backend, in memory or logged to a WAL in <paramref name="walDirectory"/>.</summary>
    public static ITable<int, Row> CreateTable(Backend backend, string? walDirectory = null)
    {
        var options = walDirectory is null ? null : WalOptions.InDirectory(walDirectory);
        return backend == Backend.Lock ? new LockTable<int, Row>(options) : new StripedTable<int, Row>(options);
    }

    /// <summary>
    /// Inserts each thread performs. N must split evenly, or the thread counts would not be comparable: the one check
    /// of that rule, for the benchmarks' setup and the latency mode's --threads alike.
    /// </summary>
    /// <exception cref="ArgumentException">The thread count is below 1 or does not divide N.</exception>
    public static int OpsPerThread(int threadCount)
    {
        if (threadCount < 1 || N % threadCount != 0)
        {
            throw new ArgumentException(
                $"thread count {threadCount} does not divide N = {N:N0}: every thread must do the same number of inserts " +
                $"(e.g. {string.Join(", ", ThreadCounts)}).");
        }

        return N / threadCount;
    }

    /// <summary>N keys uniform in [0, KeySpace) from the lab's seed: about 393K distinct (n(1 − e^(−N/n))).</summary>
    public static int[] UniformKeys()
    {
        var random = new Random(LabSeed.Value);
        var keys = new int[N];
        for (int i = 0; i < keys.Length; i++)
        {
            keys[i] = random.Next(0, KeySpace);
        }

        return keys;
    }

    /// <summary><c>Row.Generate(key)</c> for every key, made before any timed region.</summary>
    public static Row[] RowsFor(int[] keys) => Array.ConvertAll(keys, Row.Generate);

    /// <summary>Expected number of distinct keys among <paramref name="draws"/> uniform draws from <paramref name="space"/> keys.</summary>
    public static double ExpectedDistinct(int draws, int space) => space * (1 - Math.Exp(-(double)draws / space));
}
