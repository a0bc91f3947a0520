using BenchmarkDotNet.Attributes;
using Microsoft.Data.Sqlite;
using StorageEngine.IO;
using StorageEngine.Wal;

namespace StorageEngine.Benchmarks;

/// <summary>
/// Target: a durable batch (500K random-key inserts of 32–256-byte rows, then one sync) faster than 1M inserts/s,
/// and far faster than a real embedded database doing the same durable work on the same disk: SQLite in WAL mode
/// with synchronous=FULL, one transaction per batch. Everything lives in a private run directory on a real filesystem.
/// </summary>
public class DurableBatch
{
    private int[] _keys = [];
    private Row[] _rows = [];
    private RunDirectory? _run;
    private ITable<int, Row>? _table;
    private SqliteConnection? _sqlite;
    private SqliteCommand? _insert;
    private SqliteParameter? _key;
    private SqliteParameter? _value;

    public enum Engine
    {
        LockTable,
        StripedTable,
        Sqlite,
    }

    [Params(Engine.LockTable, Engine.StripedTable, Engine.Sqlite)]
    public Engine Target { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        (_keys, _rows) = Workload.Generate();
        _run = RunDirectory.Create("durable-batch");
        Console.WriteLine($"// run directory: {_run}");
        switch (Target)
        {
            case Engine.LockTable:
                _table = new LockTable<int, Row>(WalOptions.InDirectory(_run.Path));
                break;
            case Engine.StripedTable:
                _table = new StripedTable<int, Row>(WalOptions.InDirectory(_run.Path));
                break;
            default:
                SetupSqlite(Path.Combine(_run.Path, "table.db"));
                break;
        }
    }

    [Benchmark(OperationsPerInvoke = Workload.N)]
    public void InsertBatchThenSync()
    {
        if (_table is { } table)
        {
            for (int i = 0; i < _keys.Length; i++)
            {
                table.Insert(_keys[i], _rows[i]);
            }

            table.FlushWAL();
            return;
        }

        // One transaction per batch: its COMMIT is SQLite's group commit (WAL append + fsync).
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

    [GlobalCleanup]
    public void Cleanup()
    {
        _table?.Dispose();
        _insert?.Dispose();
        _sqlite?.Dispose();
        SqliteConnection.ClearAllPools();
        _run?.Dispose();
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
}
