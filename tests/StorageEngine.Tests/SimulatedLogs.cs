using StorageEngine.Wal;

namespace StorageEngine.Tests;

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
