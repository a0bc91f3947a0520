using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Reports;
using MeasurementLab;
using Microsoft.Data.Sqlite;
using StorageEngine.IO;
using StorageEngine.Wal;

namespace StorageEngine.Benchmarks;

/// <summary>
/// Targets: a durable batch (500K random-key inserts of 32–256-byte rows, then one sync) far faster than a real
/// embedded database doing the same durable work on the same disk (SQLite, WAL mode, synchronous=FULL, one
/// transaction per batch), and close to the disk itself: the ceiling row writes the same number of bytes the
/// engine logs, sequentially in 1 MiB writes, plus one fdatasync, to a new file in the same directory.
/// Rows not marked "fresh" are steady: they reuse one table whose keys are all present (overwrites), checkpointed after
/// every batch so the log holds one batch (the first three rows keep the names the lab report looks up); fresh rows
/// build a new table per batch (sized for it), with and without the log, so the cost of logging can be read against
/// the cost of building the table.
/// </summary>
[Config(typeof(Columns))]
// No overhead evaluation: an invocation is a whole 500K-insert batch, against which the empty call BenchmarkDotNet
// subtracts weighs a few microseconds (under 0.01% of the fastest row), while each of its ~25 overhead iterations paid
// the iteration's setup and cleanup (a checkpoint of the table, a new ceiling file) and a forced GC: 1.5-4 s a process.
[EvaluateOverhead(false)]
public class DurableBatch
{
    private int[] _keys = [];
    private Row[] _rows = [];
    private long _logBytes;
    private RunDirectory? _run;
    private ITable<int, Row>? _table;
    private WorkerGang? _gang;
    private SqliteConnection? _sqlite;
    private SqliteCommand? _insert;
    private SqliteParameter? _key;
    private SqliteParameter? _value;
    private IFile? _ceilingFile;
    private byte[] _ceilingChunk = [];

    public enum Engine
    {
        LockTable,
        StripedTable,
        Sqlite,
        DiskCeiling,
    }

    /// <summary>One row of the table: what runs, on which table state, with how many threads.</summary>
    public sealed record Case(string Name, Engine Engine, bool Fresh = false, int Threads = 1, bool Wal = true)
    {
        public override string ToString() => Name;
    }

    public const string CeilingName = "Disk ceiling";
    public const string SqliteName = "Sqlite";

    public static IEnumerable<Case> Cases =>
    [
        new("LockTable", Engine.LockTable),
        new("StripedTable", Engine.StripedTable),
        new("StripedTable, 2 threads", Engine.StripedTable, Threads: 2),
        new("StripedTable, fresh", Engine.StripedTable, Fresh: true),
        new("StripedTable, fresh, no WAL", Engine.StripedTable, Fresh: true, Wal: false),
        new("StripedTable, fresh, 2 threads", Engine.StripedTable, Fresh: true, Threads: 2),
        new("StripedTable, fresh, 2 threads, no WAL", Engine.StripedTable, Fresh: true, Threads: 2, Wal: false),
        new(SqliteName, Engine.Sqlite),
        new(CeilingName, Engine.DiskCeiling),
    ];

    [ParamsSource(nameof(Cases))]
    public Case Target { get; set; } = Cases.First();

    [GlobalSetup]
    public void Setup()
    {
        (_keys, _rows) = Workload.Generate();
        _logBytes = _rows.Sum(row => WalFormat.RecordHeaderSize + 1L + sizeof(int) + WalCodecs.Row.GetByteCount(row));
        _run = RunDirectory.Create("durable-batch");
        Console.WriteLine($"// run directory: {_run}; one batch logs {_logBytes:N0} bytes");
        _gang = new WorkerGang(Target.Threads, "durable-batch");
        switch (Target.Engine)
        {
            case Engine.Sqlite:
                SetupSqlite(Path.Combine(_run.Path, "table.db"));
                break;
            case Engine.DiskCeiling:
                _ceilingChunk = new byte[1 << 20];
                new Random(LabSeed.Value).NextBytes(_ceilingChunk);
                break;
            case Engine.LockTable or Engine.StripedTable when !Target.Fresh:
                _table = CreateTable();
                Insert(_table); // every key present: the timed batches overwrite
                _table.FlushWAL();
                _table.Checkpoint();
                break;
        }
    }

    [IterationSetup]
    public void BeforeBatch()
    {
        if (Target.Fresh)
        {
            _table = CreateTable();
        }
        else if (Target.Engine == Engine.DiskCeiling)
        {
            _ceilingFile = OsFileSystem.Instance.Open(CeilingPath, FileOpenMode.CreateOrTruncate);
        }
    }

    [Benchmark(OperationsPerInvoke = Workload.N)]
    public void InsertBatchThenSync()
    {
        switch (Target.Engine)
        {
            case Engine.Sqlite:
                InsertSqlite();
                break;
            case Engine.DiskCeiling:
                WriteCeiling();
                break;
            default:
                Insert(_table!);
                _table!.FlushWAL();
                break;
        }
    }

    [IterationCleanup]
    public void AfterBatch()
    {
        if (Target.Fresh)
        {
            _table?.Dispose();
            _table = null;
            foreach (string file in Directory.GetFiles(_run!.Path))
            {
                File.Delete(file);
            }
        }
        else if (Target.Engine == Engine.DiskCeiling)
        {
            _ceilingFile?.Dispose();
            File.Delete(CeilingPath); // the next batch writes a new file, as the engine's next log is new
        }
        else
        {
            _table?.Checkpoint(); // the log holds one batch, never gigabytes of dead records
        }
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        if (_run is not null)
        {
            Console.WriteLine($"// run directory at the end of the run: {DiskUse.Describe(_run.Path, _table?.Wal?.Path)}");
        }

        _table?.Dispose();
        _gang?.Dispose();
        _insert?.Dispose();
        _sqlite?.Dispose();
        SqliteConnection.ClearAllPools();
        _run?.Dispose();
    }

    private string CeilingPath => Path.Combine(_run!.Path, "ceiling.bin");

    // A fresh table is sized for its batch, as a loader that knows how many rows it brings sizes a Dictionary: what
    // is measured is filling a table and logging it, not growing the map (with and without the log alike).
    private ITable<int, Row> CreateTable()
    {
        var options = Target.Wal ? WalOptions.InDirectory(_run!.Path) : null;
        int capacity = Target.Fresh ? Workload.N : 0;
        return Target.Engine == Engine.LockTable
            ? new LockTable<int, Row>(options, capacity: capacity)
            : new StripedTable<int, Row>(options, capacity: capacity);
    }

    private void Insert(ITable<int, Row> table)
    {
        int share = Workload.N / Target.Threads;
        _gang!.Run(t =>
        {
            for (int i = t * share; i < (t + 1) * share; i++)
            {
                table.Insert(_keys[i], _rows[i]);
            }
        });
    }

    // The disk's limit for this work: the batch's log bytes, written sequentially, then one fdatasync.
    private void WriteCeiling()
    {
        var file = _ceilingFile!;
        for (long offset = 0; offset < _logBytes; offset += _ceilingChunk.Length)
        {
            file.Write(_ceilingChunk.AsSpan(0, (int)Math.Min(_ceilingChunk.Length, _logBytes - offset)), offset);
        }

        file.Sync(dataOnly: true);
    }

    // One transaction per batch: its COMMIT is SQLite's group commit (WAL append + fsync).
    private void InsertSqlite()
    {
        using var transaction = _sqlite!.BeginTransaction();
        _insert!.Transaction = transaction;
        for (int i = 0; i < _keys.Length; i++)
        {
            _key!.Value = _keys[i];
            _value!.Value = _rows[i].Payload.ToArray();
            _insert.ExecuteNonQuery();
        }

        transaction.Commit();
    }

    private void SetupSqlite(string path)
    {
        _sqlite = new SqliteConnection($"Data Source={path};Pooling=False");
        _sqlite.Open();
        using (var pragma = _sqlite.CreateCommand())
        {
            pragma.CommandText = "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; CREATE TABLE kv (k INTEGER PRIMARY KEY, v BLOB NOT NULL);";
            pragma.ExecuteNonQuery();
        }

        _insert = _sqlite.CreateCommand();
        _insert.CommandText = "INSERT OR REPLACE INTO kv (k, v) VALUES ($k, $v)";
        _key = _insert.Parameters.Add("$k", SqliteType.Integer);
        _value = _insert.Parameters.Add("$v", SqliteType.Blob);
        _insert.Prepare();
    }

    /// <summary>
    /// Each row's throughput as a fraction of the disk ceiling, and as a multiple of SQLite's; the row names whole
    /// (BenchmarkDotNet cuts parameter values after 20 characters by default).
    /// </summary>
    private sealed class Columns : ManualConfig
    {
        public Columns()
        {
            AddColumn(
                new RelativeColumn("Of ceiling", "Throughput as a fraction of the disk ceiling row (same bytes, sequential, one fdatasync)",
                    (_, c) => RelativeColumn.Param(c, nameof(Target)) == CeilingName, asPercent: true),
                new RelativeColumn("× SQLite", "Throughput as a multiple of SQLite's (WAL, synchronous=FULL, one transaction per batch)",
                    (_, c) => RelativeColumn.Param(c, nameof(Target)) == SqliteName, asPercent: false));
            SummaryStyle = SummaryStyle.Default.WithMaxParameterColumnWidth(Cases.Max(c => c.Name.Length));
        }
    }
}
