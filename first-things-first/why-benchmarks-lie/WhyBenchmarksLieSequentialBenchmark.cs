using BenchmarkDotNet.Attributes;
using MeasurementLab;
using StorageEngine;

namespace WhyBenchmarksLie;

/// <summary>
/// Scenario A, the flat line ("Lazy"): sequential keys, one thread, the same 64-byte row, no durability.
/// <see cref="ThreadCount"/> is a parameter that the method ignores on purpose: the benchmark cannot react to
/// concurrency because it has none. After the first invocation every insert overwrites (steady state).
/// </summary>
[Config(typeof(PostConfig))]
public class WhyBenchmarksLieSequentialBenchmark
{
    private ITable<int, Row> _table = new LockTable<int, Row>();

    [ParamsAllValues]
    public Backend Backend { get; set; }

    [ParamsSource(typeof(Scenario), nameof(Scenario.ThreadCounts))]
    public int ThreadCount { get; set; }

    [GlobalSetup]
    public void Setup() => _table = Scenario.CreateTable(Backend);

    [Benchmark(Baseline = true, OperationsPerInvoke = Scenario.N)]
    public void InsertSequential()
    {
        var table = _table;
        var row = Row.Default;
        for (int key = 0; key < Scenario.N; key++)
        {
            table.Insert(key, row);
        }
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        LabMetric.Report(PostConfig.ThreadsMetric, 1); // whatever ThreadCount says
        LabMetric.Report(PostConfig.PeakConcurrencyMetric, 1);
        _table.Dispose();
    }
}
