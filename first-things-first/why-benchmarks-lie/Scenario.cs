using StorageEngine;
using StorageEngine.Wal;

namespace WhyBenchmarksLie;

/// <summary>The two implementations the post compares: the "before" and the "after" of the optimization.</summary>
public enum Backend
{
    /// <summary><see cref="LockTable{TKey,TValue}"/>: Dictionary + one lock.</summary>
    Lock,

    /// <summary><see cref="StripedTable{TKey,TValue}"/>: ConcurrentDictionary.</summary>
    Striped,
}

/// <summary>The post's parameters, defined once.</summary>
public static class Scenario
{
    /// <summary>Inserts per invocation (BenchmarkDotNet's OperationsPerInvoke).</summary>
    public const int N = 500_000;

    /// <summary>Realistic keys are drawn from [0, KeySpace).</summary>
    public const int KeySpace = 1_000_000;

    /// <summary>Seed of every random key sequence.</summary>
    public const int Seed = 42;

    /// <summary>The thread counts of the post's tables (1, 4, 16, 32).</summary>
    public static readonly int[] ThreadCounts = [1, 4, 16, 32];

    /// <summary>A table of the given backend, in memory or logged to a WAL in <paramref name="walDirectory"/>.</summary>
    public static ITable<int, Row> CreateTable(Backend backend, string? walDirectory = null)
    {
        var options = walDirectory is null ? null : WalOptions.InDirectory(walDirectory);
        return backend == Backend.Lock ? new LockTable<int, Row>(options) : new StripedTable<int, Row>(options);
    }

    /// <summary>Inserts each thread performs; N must split evenly, or the thread counts would not be comparable.</summary>
    /// <exception cref="InvalidOperationException">N is not divisible by <paramref name="threadCount"/>.</exception>
    public static int OpsPerThread(int threadCount)
    {
        if (threadCount < 1)
        {
            throw new InvalidOperationException($"ThreadCount must be at least 1 (got {threadCount}).");
        }

        if (N % threadCount != 0)
        {
            throw new InvalidOperationException(
                $"N = {N:N0} is not divisible by ThreadCount = {threadCount}: every thread must do the same number of inserts. " +
                $"Use a ThreadCount that divides {N:N0} (e.g. {string.Join(", ", ThreadCounts)}).");
        }

        return N / threadCount;
    }

    /// <summary>N keys uniform in [0, KeySpace) from <see cref="Seed"/>: about 393K distinct (n(1 − e^(−N/n))).</summary>
    public static int[] UniformKeys()
    {
        var random = new Random(Seed);
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
