using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using MeasurementLab;
using StorageEngine.IO;
using StorageEngine.Wal;

namespace StorageEngine.Benchmarks;

/// <summary>
/// Targets: logging an insert (no fsync) costs at most twice the insert without the log, and does not serialize
/// StripedTable: the throughput gained from 1 to 2 threads with the log stays within 10% of the gain without it
/// (a hidden global lock would flatten the "with" line). The table lives through the run (overwrites).
/// </summary>
[Config(typeof(Columns))]
[EvaluateOverhead(false)] // as DurableBatch: a 500K-insert batch per invocation, a checkpoint after every iteration
public class WalAppendScaling
{
    private int[] _keys = [];
    private Row[] _rows = [];
    private ITable<int, Row> _table = new StripedTable<int, Row>();
    private WorkerGang? _gang;
    private RunDirectory? _run;

    [Params(1, 2)]
    public int ThreadCount { get; set; }

    [Params(false, true)]
    public bool Wal { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        (_keys, _rows) = Workload.Generate();
        _run = RunDirectory.Create("engine-bench");
        _table = Wal ? new StripedTable<int, Row>(WalOptions.InDirectory(_run.Path)) : new StripedTable<int, Row>();
        if (_table.Wal is { } wal)
        {
            Console.WriteLine($"// WAL: {wal}");
        }

        _gang = new WorkerGang(ThreadCount, "append");
    }

    [Benchmark(OperationsPerInvoke = Workload.N)]
    public void InsertNoFlush()
    {
        int share = Workload.N / ThreadCount;
        _gang!.Run(t =>
        {
            var table = _table;
            int end = (t + 1) * share;
            for (int i = t * share; i < end; i++)
            {
                table.Insert(_keys[i], _rows[i]);
            }
        });
    }

    /// <summary>Keeps the log at one batch: without it, a run appends gigabytes the kernel must hold as dirty pages.</summary>
    [IterationCleanup]
    public void AfterBatch() => _table.Checkpoint();

    [GlobalCleanup]
    public void Cleanup()
    {
        if (_run is not null && _table.Wal is { } wal)
        {
            Console.WriteLine($"// WAL directory at the end of the run: {DiskUse.Describe(_run.Path, wal.Path)}");
        }

        _gang?.Dispose();
        _table.Dispose();
        _run?.Dispose();
    }

    /// <summary>The cost of logging (vs the same thread count without the WAL) and the gain from a second thread.</summary>
    private sealed class Columns : ManualConfig
    {
        public Columns() => AddColumn(
            new RelativeColumn("Cost vs no WAL", "Time per insert relative to the same thread count without the WAL (target: at most 2)",
                (me, c) => RelativeColumn.Param(c, nameof(ThreadCount)) == RelativeColumn.Param(me, nameof(ThreadCount))
                    && RelativeColumn.Param(c, nameof(Wal)) == bool.FalseString, asPercent: false, asCost: true),
            new RelativeColumn("Speedup vs 1 thread", "Throughput relative to one thread, same WAL setting (target: with the WAL within 10% of without)",
                (me, c) => RelativeColumn.Param(c, nameof(ThreadCount)) == "1"
                    && RelativeColumn.Param(c, nameof(Wal)) == RelativeColumn.Param(me, nameof(Wal)), asPercent: false));
    }
}
