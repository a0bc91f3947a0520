using BenchmarkDotNet.Attributes;
using MeasurementLab.Columns;
using MeasurementLab.Threading;
using StorageEngine;
using StorageEngine.IO;

namespace WhyBenchmarksLie;

/// <summary>
/// Scenario B (Narrow) and C (Realistic), plus the NoFlush control that isolates what the flush costs.
/// <see cref="ThreadCount"/> dedicated threads, created in setup, each insert their share of the N keys per
/// invocation, released together by one barrier (not Parallel.For, which on a small machine may run 32
/// "threads" on a couple of pool workers). The table lives across iterations: steady-state overwrites.
/// </summary>
[ShortRunJob]
[Config(typeof(PostConfig))]
public class WhyBenchmarksLieBenchmark
{
    private ITable<int, Row> _table = new LockTable<int, Row>();
    private WorkerGang? _gang;
    private RunDirectory? _walDirectory;
    private int[] _keys = [];
    private Row[] _rows = [];
    private int _opsPerThread;

    [Params(Backend.Lock, Backend.Striped)]
    public Backend Backend { get; set; }

    [Params(1, 4, 16, 32)]
    public int ThreadCount { get; set; }

    /// <summary>The table under test (tests reopen its WAL).</summary>
    internal ITable<int, Row> Table => _table;

    /// <summary>The private directory of the Realistic WAL, or null for Narrow.</summary>
    internal string? WalDirectory => _walDirectory?.Path;

    [GlobalSetup(Target = nameof(InsertNarrow))]
    public void SetupNarrow()
    {
        _opsPerThread = Scenario.OpsPerThread(ThreadCount);
        _table = Scenario.CreateTable(Backend); // no durability: that is one of the lies Narrow keeps
        _gang = new WorkerGang(ThreadCount, "narrow");
    }

    [GlobalSetup(Targets = [nameof(InsertRealistic), nameof(InsertRealisticNoFlush)])]
    public void SetupRealistic()
    {
        _opsPerThread = Scenario.OpsPerThread(ThreadCount);
        _keys = Scenario.UniformKeys();
        _rows = Scenario.RowsFor(_keys);
        _walDirectory = RunDirectory.Create("why-benchmarks-lie");
        _table = Scenario.CreateTable(Backend, _walDirectory.Path);
        Console.WriteLine($"// WAL: {_table.Wal}");
        _gang = new WorkerGang(ThreadCount, "realistic");
    }

    /// <summary>One lie removed (threads run in parallel); sequential keys per partition, cache-resident, no fsync remain.</summary>
    [Benchmark(Baseline = true, OperationsPerInvoke = Scenario.N)]
    public void InsertNarrow()
    {
        _gang!.Run(thread =>
        {
            var table = _table;
            var row = Row.Default;
            int start = thread * _opsPerThread;
            int end = start + _opsPerThread;
            for (int key = start; key < end; key++)
            {
                table.Insert(key, row);
            }
        });
    }

    /// <summary>All four lies removed: random keys, parallel threads, variable rows, and one WAL flush per batch.</summary>
    [Benchmark(OperationsPerInvoke = Scenario.N)]
    public void InsertRealistic()
    {
        InsertRandomKeys();
        _table.FlushWAL(); // one fdatasync per batch: group commit, not per insert
    }

    /// <summary>The same inserts (still logged to the WAL's buffers and the page cache) without the flush.</summary>
    [Benchmark(OperationsPerInvoke = Scenario.N)]
    public void InsertRealisticNoFlush() => InsertRandomKeys();

    [GlobalCleanup]
    public void Cleanup()
    {
        if (_gang is { } gang)
        {
            LabMetric.Report(PostConfig.ThreadsMetric, gang.MinParticipants);
            LabMetric.Report(PostConfig.PeakConcurrencyMetric, gang.MinPeakConcurrency);
            gang.Dispose();
        }

        if (_table.Wal is { } wal)
        {
            LabMetric.Report(PostConfig.WalFileSystemMetric, wal.FileSystemType);
        }

        _table.Dispose();
        _walDirectory?.Dispose();
    }

    private void InsertRandomKeys()
    {
        _gang!.Run(thread =>
        {
            var table = _table;
            var keys = _keys;
            var rows = _rows;
            int start = thread * _opsPerThread;
            int end = start + _opsPerThread;
            for (int i = start; i < end; i++)
            {
                table.Insert(keys[i], rows[i]);
            }
        });
    }
}
