using BenchmarkDotNet.Attributes;
using MeasurementLab.Columns;
using MeasurementLab.Threading;
using StorageEngine;
using StorageEngine.IO;

namespace WhyBenchmarksLie;

/// <summary>
/// Extension beyond the post: Narrow and Realistic with Zipfian keys (YCSB, θ = 0.99) instead of uniform or
/// sequential ones, since production key popularity is usually skewed. A few hot keys mean fewer distinct keys
/// (a smaller, more cache-friendly table) but more writers on the same buckets and locks.
/// Not part of the post's filter '*WhyBenchmarksLie*'; run it with --filter '*Zipfian*'.
/// </summary>
[ShortRunJob]
[Config(typeof(PostConfig))]
public class ZipfianExtension
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

    /// <summary>N Zipfian keys over the post's key space, from the post's seed.</summary>
    public static int[] ZipfianKeys() => new ZipfianGenerator(Scenario.KeySpace).NextKeys(Scenario.N);

    [GlobalSetup(Target = nameof(InsertNarrowZipfian))]
    public void SetupNarrow()
    {
        _opsPerThread = Scenario.OpsPerThread(ThreadCount);
        _keys = ZipfianKeys();
        _table = Scenario.CreateTable(Backend);
        _gang = new WorkerGang(ThreadCount, "zipf-narrow");
    }

    [GlobalSetup(Target = nameof(InsertRealisticZipfian))]
    public void SetupRealistic()
    {
        _opsPerThread = Scenario.OpsPerThread(ThreadCount);
        _keys = ZipfianKeys();
        _rows = Scenario.RowsFor(_keys);
        _walDirectory = RunDirectory.Create("why-benchmarks-lie-zipf");
        _table = Scenario.CreateTable(Backend, _walDirectory.Path);
        Console.WriteLine($"// WAL: {_table.Wal}; distinct keys: {_keys.Distinct().Count():N0}");
        _gang = new WorkerGang(ThreadCount, "zipf-realistic");
    }

    /// <summary>Narrow with Zipfian keys: Row.Default, no WAL.</summary>
    [Benchmark(Baseline = true, OperationsPerInvoke = Scenario.N)]
    public void InsertNarrowZipfian() => InsertKeys(withRows: false);

    /// <summary>Realistic with Zipfian keys: Row.Generate rows, WAL, one flush per batch.</summary>
    [Benchmark(OperationsPerInvoke = Scenario.N)]
    public void InsertRealisticZipfian()
    {
        InsertKeys(withRows: true);
        _table.FlushWAL();
    }

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

    private void InsertKeys(bool withRows)
    {
        _gang!.Run(thread =>
        {
            var table = _table;
            int start = thread * _opsPerThread;
            int end = start + _opsPerThread;
            for (int i = start; i < end; i++)
            {
                table.Insert(_keys[i], withRows ? _rows[i] : Row.Default);
            }
        });
    }
}
