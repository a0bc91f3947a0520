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

/// <summary>A private run directory per test, removed afterwards.</summary>
public sealed class TempDirectory : IDisposable
{
    private readonly RunDirectory _run = RunDirectory.Create("test");

    public string Path => _run.Path;

    public WalOptions Wal(string fileName = WalOptions.DefaultFileName) => WalOptions.InDirectory(Path, fileName);

    public string WalPath(string fileName = WalOptions.DefaultFileName) => System.IO.Path.Combine(Path, fileName);

    public void Dispose() => _run.Dispose();
}

/// <summary>Logs on a <see cref="SimulatedDisk"/>: no real fsync, so exhaustive damage and power-loss tests stay fast.</summary>
internal static class SimulatedLogs
{
    public const string Directory = "/sim";
    public const string WalPath = "/sim/table.wal";

    public static SimulatedDisk NewDisk(long powerFailsAfter = long.MaxValue) => new([Directory], powerFailsAfter);

    public static WalOptions On(SimulatedDisk disk, int bufferSize = 4096, int stripes = 64) =>
        WalOptions.InDirectory(Directory) with { FileSystem = disk, BufferSize = bufferSize, StripeCount = stripes };

    /// <summary>A log holding keys 0..records-1 in order (one flush per record); returns its bytes and where each record ends.</summary>
    public static (byte[] Log, List<long> RecordEnds) Write(int records)
    {
        var disk = NewDisk();
        var ends = new List<long>();
        using (var table = new LockTable<int, Row>(On(disk)))
        {
            for (int key = 0; key < records; key++)
            {
                table.Insert(key, Row.Generate(key));
                table.FlushWAL();
                ends.Add(disk.Content(WalPath)!.Length);
            }
        }

        return (disk.Content(WalPath)!, ends);
    }

    /// <summary>Opens <paramref name="log"/> as the only file of a fresh simulated disk.</summary>
    public static LockTable<int, Row> Open(byte[] log, out SimulatedDisk disk)
    {
        disk = NewDisk();
        disk.Store(WalPath, log);
        return new LockTable<int, Row>(On(disk));
    }
}
