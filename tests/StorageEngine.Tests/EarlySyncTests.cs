using StorageEngine.IO;
using StorageEngine.Wal;

namespace StorageEngine.Tests;

/// <summary>
/// Early syncs (WalOptions.EarlySyncBytes): a background thread syncs the log as it grows so a flush finds little left
/// to make durable. They must happen, follow the log through checkpoints, stop with the table, and change nothing
/// when they fail: durability is the flush's own sync, whatever happens to them.
/// </summary>
public class EarlySyncTests
{
    private const int SmallBudget = 64 * 1024;

    [Theory]
    [InlineData(TableKind.Lock)]
    [InlineData(TableKind.Striped)]
    public void A_growing_log_is_synced_in_the_background_and_a_checkpoint_moves_the_syncs_to_the_new_log(TableKind backend)
    {
        using var dir = new WalDirectory();
        var fs = new FaultyFileSystem(OsFileSystem.Instance); // no faults: it counts the handles
        var options = dir.Wal() with { BufferSize = 4096, EarlySyncBytes = SmallBudget, FileSystem = fs };
        using (var table = Tables.Create(backend, options))
        {
            Fill(table, keys: 2_000); // ~320 KB: several budgets
            WaitFor(() => table.Wal!.EarlySyncs > 0, "the first budget written must start a background sync");
            fs.SyncHandlesOpened.Should().Be(1, "one handle serves every early sync of a log");

            table.Checkpoint();
            long before = table.Wal!.EarlySyncs;
            Fill(table, keys: 2_000);
            WaitFor(() => table.Wal.EarlySyncs > before, "syncs must go on after the log was switched");
            fs.SyncHandlesOpened.Should().Be(2, "the new log is another file: the old handle would sync the archived one");
            table.FlushWAL();
        }

        using var reopened = Tables.Create(backend, dir.Wal());
        reopened.Count.Should().Be(2_000);
        reopened.Get(1_999).Should().Be(Row.Generate(1_999));
    }

    [Fact]
    public void No_budget_no_background_sync()
    {
        using var dir = new WalDirectory();
        using var table = Tables.Create(TableKind.Striped, dir.Wal() with { BufferSize = 4096, EarlySyncBytes = 0 });
        Fill(table, keys: 2_000);
        table.FlushWAL();
        table.Dispose(); // stops the background thread if one had started: the count is final
        table.Wal!.EarlySyncs.Should().Be(0);
        table.Wal.Syncs.Should().BeGreaterThan(0);
    }

    [Fact]
    public void A_failing_early_sync_changes_nothing_the_flush_s_own_sync_decides()
    {
        using var dir = new WalDirectory();
        int attempts = 0;
        var fs = new FaultyFileSystem(OsFileSystem.Instance)
        {
            Fault = (op, _, _) => op == FileOperation.EarlySync && Interlocked.Increment(ref attempts) > 0
                ? new IOException("Input/output error (simulated)", 5) : null,
        };
        using (var table = new StripedTable<int, Row>(dir.Wal() with { BufferSize = 4096, EarlySyncBytes = SmallBudget, FileSystem = fs }))
        {
            Fill(table, keys: 2_000);
            WaitFor(() => Volatile.Read(ref attempts) > 0, "the budget must have started an early sync");
            table.FlushWAL(); // the early sync's failure is not the log's: the flush syncs and succeeds
            table.Wal!.EarlySyncs.Should().Be(0, "a failed early sync is not counted");
            table.Insert(5_000, Row.Generate(5_000));
            table.FlushWAL();
        }

        using var reopened = new StripedTable<int, Row>(dir.Wal());
        reopened.Count.Should().Be(2_001);
    }

    [Fact]
    public void The_budget_is_checked()
    {
        var act = () => new StripedTable<int, Row>(new WalOptions { EarlySyncBytes = -1 });
        act.Should().Throw<ArgumentOutOfRangeException>().WithMessage("*EarlySyncBytes*between 0 (off) and 1 GiB*");
    }

    private static void Fill(ITable<int, Row> table, int keys)
    {
        for (int key = 0; key < keys; key++)
        {
            table.Insert(key, Row.Generate(key));
        }
    }

    // The sync runs on another thread: wait for it (bounded; the condition, not the time, is what is checked).
    private static void WaitFor(Func<bool> condition, string because)
    {
        var deadline = DateTime.UtcNow + TimeSpan.FromSeconds(30);
        while (!condition() && DateTime.UtcNow < deadline)
        {
            Thread.Sleep(10);
        }

        condition().Should().BeTrue(because);
    }
}
