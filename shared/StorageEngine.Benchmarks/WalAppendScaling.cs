using BenchmarkDotNet.Attributes;
using MeasurementLab;
using StorageEngine.IO;
using StorageEngine.Wal;

namespace StorageEngine.Benchmarks;

/// <summary>
/// Target: appending to the WAL (no fsync) does not serialize StripedTable. Compare the throughput gained from
/// 1 to 2 threads with the log and without it; a hidden global lock would flatten the "with" line.
/// </summary>
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

    [GlobalCleanup]
    public void Cleanup()
    {
        _gang?.Dispose();
        _table.Dispose();
        _run?.Dispose();
    }
}
