using BenchmarkDotNet.Attributes;
using MeasurementLab;
using StorageEngine;
using StorageEngine.IO;

namespace WhyBenchmarksLie;

/// <summary>
/// What the multi-threaded scenarios share: the Backend × ThreadCount parameters, a table that lives across
/// iterations, <see cref="ThreadCount"/> dedicated threads created before any timed region (not Parallel.For, which
/// on a small machine may run 32 "threads" on a couple of pool workers), the private WAL directory, and the cleanup
/// that reports how many threads really worked.
/// </summary>
[Config(typeof(PostConfig))]
public abstract class ThreadedInsertBenchmark
{
    private WorkerGang? _gang;
    private RunDirectory? _walDirectory;
    private int _opsPerThread;

    [ParamsAllValues]
    public Backend Backend { get; set; }

    [ParamsSource(typeof(Scenario), nameof(Scenario.ThreadCounts))]
    public int ThreadCount { get; set; }

    /// <summary>The table under test (tests reopen its WAL).</summary>
    internal ITable<int, Row> Table { get; private set; } = new LockTable<int, Row>();

    /// <summary>The private directory of the WAL, or null for an in-memory table.</summary>
    internal string? WalDirectory => _walDirectory?.Path;

    /// <summary>Keys of the random-key scenarios (one per insert of an invocation).</summary>
    protected int[] Keys { get; private set; } = [];

    /// <summary>Rows matching <see cref="Keys"/>, or empty when the scenario inserts <see cref="Row.Default"/>.</summary>
    protected Row[] Rows { get; private set; } = [];

    [GlobalCleanup]
    public void Cleanup()
    {
        if (_gang is { } gang)
        {
            LabMetric.Report(PostConfig.ThreadsMetric, gang.MinParticipants);
            LabMetric.Report(PostConfig.PeakConcurrencyMetric, gang.MedianPeakConcurrency);
            Console.WriteLine($"// PeakConc by invocation (threads inside at once × invocations): {gang.PeakCounts}");
            gang.Dispose();
        }

        if (Table.Wal is { } wal)
        {
            LabMetric.Report(PostConfig.WalFileSystemMetric, wal.FileSystemType);
        }

        Table.Dispose();
        _walDirectory?.Dispose();
    }

    /// <summary>
    /// Validates ThreadCount, creates the table (logged to a WAL in a new private directory when
    /// <paramref name="walPurpose"/> is given) and the threads. Call from a [GlobalSetup].
    /// </summary>
    protected void Prepare(string threadName, int[]? keys = null, bool generateRows = false, string? walPurpose = null)
    {
        _opsPerThread = Scenario.OpsPerThread(ThreadCount);
        Keys = keys ?? [];
        Rows = generateRows ? Scenario.RowsFor(Keys) : [];
        if (walPurpose is not null)
        {
            _walDirectory = RunDirectory.Create(walPurpose);
        }

        Table = Scenario.CreateTable(Backend, _walDirectory?.Path);
        if (Table.Wal is { } wal)
        {
            Console.WriteLine($"// WAL: {wal}");
        }

        _gang = new WorkerGang(ThreadCount, threadName);
    }

    /// <summary>Each thread inserts keys start..end-1 of its share, every one with <see cref="Row.Default"/>.</summary>
    protected void InsertSequentialShares() => _gang!.Run(thread =>
    {
        var table = Table;
        var row = Row.Default;
        int start = thread * _opsPerThread;
        int end = start + _opsPerThread;
        for (int key = start; key < end; key++)
        {
            table.Insert(key, row);
        }
    });

    /// <summary>Each thread inserts its share of <see cref="Keys"/>, with <see cref="Rows"/> or <see cref="Row.Default"/>.</summary>
    protected void InsertKeyShares() => _gang!.Run(thread =>
    {
        var table = Table;
        var keys = Keys;
        var rows = Rows;
        int start = thread * _opsPerThread;
        int end = start + _opsPerThread;
        if (rows.Length == 0)
        {
            for (int i = start; i < end; i++)
            {
                table.Insert(keys[i], Row.Default);
            }
        }
        else
        {
            for (int i = start; i < end; i++)
            {
                table.Insert(keys[i], rows[i]);
            }
        }
    });
}
