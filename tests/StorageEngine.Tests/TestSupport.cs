using StorageEngine.IO;
using StorageEngine.Wal;

// The engine tests exercise Linux behaviour (fdatasync, permissions, /proc, SIGKILL).
[assembly: System.Runtime.Versioning.SupportedOSPlatform("linux")]

namespace StorageEngine.Tests;

public enum Backend
{
    Lock,
    Striped,
}

internal static class Tables
{
    public static ITable<int, Row> Create(Backend backend, WalOptions? options = null) => backend switch
    {
        Backend.Lock => new LockTable<int, Row>(options),
        _ => new StripedTable<int, Row>(options),
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

/// <summary>A private run directory per test, removed afterwards.</summary>
public sealed class TempDirectory : IDisposable
{
    private readonly RunDirectory _run = RunDirectory.Create("test");

    public string Path => _run.Path;

    public WalOptions Wal(string fileName = WalOptions.DefaultFileName) => WalOptions.InDirectory(Path, fileName);

    public string WalPath(string fileName = WalOptions.DefaultFileName) => System.IO.Path.Combine(Path, fileName);

    public void Dispose() => _run.Dispose();
}
