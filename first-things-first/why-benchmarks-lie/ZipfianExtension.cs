using BenchmarkDotNet.Attributes;

namespace WhyBenchmarksLie;

/// <summary>
/// Extension beyond the post: Narrow and Realistic with Zipfian keys (YCSB, θ = 0.99) instead of sequential or
/// uniform ones, since production key popularity is usually skewed. A few hot keys mean fewer distinct keys
/// (a smaller, more cache-friendly table) but more writers on the same buckets and locks.
/// Not part of the post's filter '*WhyBenchmarksLie*'; run it with --filter '*Zipfian*'.
/// </summary>
public class ZipfianExtension : ThreadedInsertBenchmark
{
    /// <summary>N Zipfian keys over the post's key space, from the post's seed.</summary>
    public static int[] ZipfianKeys() => new ZipfianGenerator(Scenario.KeySpace).NextKeys(Scenario.N);

    [GlobalSetup(Target = nameof(InsertNarrowZipfian))]
    public void SetupNarrow() => Prepare("zipf-narrow", ZipfianKeys());

    [GlobalSetup(Target = nameof(InsertRealisticZipfian))]
    public void SetupRealistic() =>
        Prepare("zipf-realistic", ZipfianKeys(), generateRows: true, walPurpose: "why-benchmarks-lie-zipf");

    /// <summary>Narrow with Zipfian keys: Row.Default, no WAL.</summary>
    [Benchmark(Baseline = true, OperationsPerInvoke = Scenario.N)]
    public void InsertNarrowZipfian() => InsertKeyShares();

    /// <summary>Realistic with Zipfian keys: Row.Generate rows, WAL, one flush per batch.</summary>
    [Benchmark(OperationsPerInvoke = Scenario.N)]
    public void InsertRealisticZipfian()
    {
        InsertKeyShares();
        Table.FlushWAL();
    }
}
