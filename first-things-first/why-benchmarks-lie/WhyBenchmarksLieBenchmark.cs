using BenchmarkDotNet.Attributes;

namespace WhyBenchmarksLie;

/// <summary>
/// Scenario B (Narrow) and C (Realistic), plus the NoFlush control that isolates what the flush costs.
/// ThreadCount dedicated threads each insert their share of the N keys per invocation, released together; the
/// table lives across iterations, so every insert after the first invocation overwrites (steady state).
/// </summary>
public class WhyBenchmarksLieBenchmark : ThreadedInsertBenchmark
{
    [GlobalSetup(Target = nameof(InsertNarrow))]
    public void SetupNarrow() => Prepare("narrow"); // in memory: no durability is one of the lies Narrow keeps

    [GlobalSetup(Targets = [nameof(InsertRealistic), nameof(InsertRealisticNoFlush)])]
    public void SetupRealistic() =>
        Prepare("realistic", Scenario.UniformKeys(), generateRows: true, walPurpose: "why-benchmarks-lie");

    /// <summary>One lie removed (threads run in parallel); sequential keys per partition, cache-resident, no fsync remain.</summary>
    [Benchmark(Baseline = true, OperationsPerInvoke = Scenario.N)]
    public void InsertNarrow() => InsertSequentialShares();

    /// <summary>All four lies removed: random keys, parallel threads, variable rows, and one WAL flush per batch.</summary>
    [Benchmark(OperationsPerInvoke = Scenario.N)]
    public void InsertRealistic()
    {
        InsertKeyShares();
        Table.FlushWAL(); // one fdatasync per batch: group commit, not per insert
    }

    /// <summary>The same inserts (still logged to the WAL's buffers and the page cache) without the flush.</summary>
    [Benchmark(OperationsPerInvoke = Scenario.N)]
    public void InsertRealisticNoFlush() => InsertKeyShares();
}
