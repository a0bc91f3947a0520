using StorageEngine.Wal;

// The engine tests exercise Linux behaviour (fdatasync, permissions, /proc, SIGKILL).
[assembly: System.Runtime.Versioning.SupportedOSPlatform("linux")]

namespace StorageEngine.Tests;

public enum TableKind
{
    Lock,
    Striped,
}

internal static class Tables
{
    public static ITable<int, Row> Create(TableKind backend, WalOptions? options = null) => backend switch
    {
        TableKind.Lock => new LockTable<int, Row>(options),
        _ => new StripedTable<int, Row>(options),
    };

    public static WriteAheadLog<int, Row> LogOf(ITable<int, Row> table) => table switch
    {
        LockTable<int, Row> locked => locked.Log!,
        StripedTable<int, Row> striped => striped.Log!,
        _ => throw new ArgumentException("not a table of this engine", nameof(table)),
    };

    public static Dictionary<int, Row> Snapshot(ITable<int, Row> table, IEnumerable<int> keys)
    {
        var snapshot = new Dictionary<int, Row>();
        foreach (int key in keys)
        {
            if (table.TryGet(key, out var row))
            {
                snapshot[key] = row;
            }
        }

        return snapshot;
    }
}
