using StorageEngine.Wal;

namespace StorageEngine.Tests;

public class CheckpointTests
{
    [Theory]
    [InlineData(TableKind.Lock)]
    [InlineData(TableKind.Striped)]
    public void A_checkpoint_keeps_every_insert_and_starts_a_fresh_log(TableKind backend)
    {
        using var dir = new WalDirectory();
        var expected = new Dictionary<int, Row>();
        long logBeforeCheckpoint;
        int entriesAtCheckpoint;
        using (var table = Tables.Create(backend, dir.Wal()))
        {
            Insert(table, expected, from: 0, count: 3_000, keySpace: 1_000);
            entriesAtCheckpoint = expected.Count;
            table.FlushWAL();
            logBeforeCheckpoint = new FileInfo(dir.WalPath()).Length;
            table.Checkpoint();
            table.Wal!.Generation.Should().Be(1);
            new FileInfo(dir.WalPath()).Length.Should().Be(WalFormat.HeaderSize, "the fresh log holds only its header");
            Insert(table, expected, from: 3_000, count: 500, keySpace: 1_000); // not flushed: Dispose flushes
        }

        using var reopened = Tables.Create(backend, dir.Wal());
        var recovery = reopened.Wal!.Recovery;
        recovery.Snapshot.Should().Be(dir.WalPath() + ".1.snapshot");
        recovery.SnapshotEntries.Should().Be(entriesAtCheckpoint);
        recovery.RecordsReplayed.Should().Be(500);
        recovery.Generation.Should().Be(1);
        Tables.Snapshot(reopened, Enumerable.Range(0, 1_000)).Should().Equal(expected);
        new FileInfo(dir.WalPath()).Length.Should().BeLessThan(logBeforeCheckpoint / 4);
    }

    [Fact]
    public void Repeated_checkpoints_keep_only_the_files_recovery_may_need()
    {
        var disk = SimulatedLogs.NewDisk();
        var expected = new Dictionary<int, Row>();
        using (var table = new StripedTable<int, Row>(SimulatedLogs.On(disk)))
        {
            for (int round = 0; round < 4; round++)
            {
                Insert(table, expected, from: round * 100, count: 100, keySpace: 150);
                table.Checkpoint();
            }
        }

        disk.FileNames(SimulatedLogs.Directory).Should().BeEquivalentTo(
            ["table.wal", "table.wal.3.log", "table.wal.3.snapshot", "table.wal.4.snapshot"],
            "the newest snapshot, plus the one before it and its log as a fallback");
        using var reopened = new StripedTable<int, Row>(SimulatedLogs.On(disk));
        Tables.Snapshot(reopened, Enumerable.Range(0, 150)).Should().Equal(expected);
    }

    [Fact]
    public void A_damaged_newest_snapshot_falls_back_to_the_previous_one_and_loses_nothing()
    {
        var disk = SimulatedLogs.NewDisk();
        var expected = WriteGenerations(disk, checkpoints: 2);
        string newest = SimulatedLogs.WalPath + ".2.snapshot";
        Damage(disk, newest);

        using var reopened = new StripedTable<int, Row>(SimulatedLogs.On(disk));
        var recovery = reopened.Wal!.Recovery;
        recovery.Snapshot.Should().Be(SimulatedLogs.WalPath + ".1.snapshot");
        recovery.SkippedSnapshots.Should().ContainSingle().Which.Should().StartWith(newest + ": checksum mismatch");
        recovery.ArchivedRecordsReplayed.Should().BeGreaterThan(0);
        Tables.Snapshot(reopened, Enumerable.Range(0, 200)).Should().Equal(expected);
    }

    [Fact]
    public void A_damaged_snapshot_without_a_fallback_is_refused_naming_it_and_nothing_is_changed()
    {
        var disk = SimulatedLogs.NewDisk();
        WriteGenerations(disk, checkpoints: 3);
        string newest = SimulatedLogs.WalPath + ".3.snapshot";
        Damage(disk, newest);
        Damage(disk, SimulatedLogs.WalPath + ".2.snapshot");
        string Contents() => string.Join(",", disk.FileNames(SimulatedLogs.Directory)
            .Select(n => n + ":" + Convert.ToHexString(System.Security.Cryptography.SHA256.HashData(disk.Content(Path.Combine(SimulatedLogs.Directory, n))!))));
        string before = Contents();

        var open = () => new StripedTable<int, Row>(SimulatedLogs.On(disk));
        open.Should().Throw<WalException>()
            .Where(e => e.WalPath == newest)
            .WithMessage($"*{SimulatedLogs.WalPath}*generation 3*{newest}: checksum mismatch*no older snapshot*Nothing was changed*");
        Contents().Should().Be(before);
    }

    [Fact]
    public void A_damaged_archived_log_on_the_fallback_path_is_refused_naming_it()
    {
        var disk = SimulatedLogs.NewDisk();
        WriteGenerations(disk, checkpoints: 2);
        Damage(disk, SimulatedLogs.WalPath + ".2.snapshot");
        string archived = SimulatedLogs.WalPath + ".1.log";
        Damage(disk, archived);

        var open = () => new StripedTable<int, Row>(SimulatedLogs.On(disk));
        open.Should().Throw<WalException>().Where(e => e.WalPath == archived)
            .WithMessage($"*archived log '{archived}'*damaged*checksum mismatch*Nothing was changed*");
    }

    [Fact]
    public void A_checkpoint_of_an_in_memory_table_does_nothing()
    {
        var table = new StripedTable<int, Row>();
        table.Insert(1, Row.Default);
        table.Checkpoint();
        table.Count.Should().Be(1);
    }

    // Inserts, flushes and checkpoints on a simulated disk; returns the table's final contents (keys below 200).
    private static Dictionary<int, Row> WriteGenerations(SimulatedDisk disk, int checkpoints)
    {
        var expected = new Dictionary<int, Row>();
        using var table = new StripedTable<int, Row>(SimulatedLogs.On(disk, stripes: 4));
        for (int round = 0; round < checkpoints; round++)
        {
            Insert(table, expected, from: round * 150, count: 150, keySpace: 200);
            table.Checkpoint();
        }

        Insert(table, expected, from: checkpoints * 150, count: 150, keySpace: 200);
        table.FlushWAL();
        return expected;
    }

    private static void Insert(ITable<int, Row> table, Dictionary<int, Row> expected, int from, int count, int keySpace)
    {
        var random = new Random(from);
        for (int i = 0; i < count; i++)
        {
            int key = random.Next(keySpace);
            var row = Row.Generate(from + i);
            table.Insert(key, row);
            expected[key] = row;
        }
    }

    // Flips a byte in the body of a file's first record.
    private static void Damage(SimulatedDisk disk, string path)
    {
        byte[] content = disk.Content(path)!;
        content[WalFormat.HeaderSize + WalFormat.RecordHeaderSize + 2] ^= 0x40;
        disk.Store(path, content);
    }
}
