using StorageEngine.Wal;

namespace StorageEngine.Tests;

public class WalRecoveryTests
{
    [Theory]
    [InlineData(TableKind.Lock)]
    [InlineData(TableKind.Striped)]
    public void Insert_flush_dispose_reopen_gives_identical_contents(TableKind backend)
    {
        using var dir = new WalDirectory();
        var random = new Random(42);
        var expected = new Dictionary<int, Row>();
        using (var table = Tables.Create(backend, dir.Wal()))
        {
            table.Wal!.Recovery.CreatedNew.Should().BeTrue();
            for (int i = 0; i < 20_000; i++)
            {
                int key = random.Next(0, 5_000);
                var row = i % 3 == 0 ? Row.Default : Row.Generate(key);
                table.Insert(key, row);
                expected[key] = row;
            }

            table.FlushWAL();
        }

        using var reopened = Tables.Create(backend, dir.Wal());
        reopened.Wal!.Recovery.RecordsReplayed.Should().Be(20_000);
        reopened.Wal.Recovery.DiscardedBytes.Should().Be(0);
        reopened.Count.Should().Be(expected.Count);
        Tables.Snapshot(reopened, expected.Keys).Should().Equal(expected);
    }

    [Theory]
    [InlineData(TableKind.Lock)]
    [InlineData(TableKind.Striped)]
    public void Dispose_makes_unflushed_inserts_durable(TableKind backend)
    {
        using var dir = new WalDirectory();
        using (var table = Tables.Create(backend, dir.Wal()))
        {
            table.Insert(7, Row.Generate(7));
        }

        using var reopened = Tables.Create(backend, dir.Wal());
        reopened.Get(7).Should().Be(Row.Generate(7));
    }

    [Fact]
    public void A_log_written_by_one_backend_opens_in_the_other()
    {
        using var dir = new WalDirectory();
        using (var table = Tables.Create(TableKind.Striped, dir.Wal()))
        {
            for (int key = 0; key < 1_000; key++)
            {
                table.Insert(key, Row.Generate(key));
            }
        }

        using var reopened = Tables.Create(TableKind.Lock, dir.Wal());
        reopened.Count.Should().Be(1_000);
    }

    [Theory]
    [InlineData(TableKind.Lock)]
    [InlineData(TableKind.Striped)]
    public void Concurrent_overwrites_of_hot_keys_recover_to_the_in_memory_state(TableKind backend)
    {
        // Many short bursts: in each, every thread overwrites every hot key at the same moment (released by one
        // barrier), so the last writes to a key race each other. A table that logged and applied in different
        // orders would recover a different winner than the one in memory. The race is rare on a small machine;
        // InterleavingTests forces the bad order on every run, this one checks the whole table under real contention.
        const int HotKeys = 16;
        const int Passes = 4;
        for (int attempt = 0; attempt < 40; attempt++)
        {
            using var dir = new WalDirectory();
            Dictionary<int, Row> inMemory;
            using (var table = Tables.Create(backend, dir.Wal() with { StripeCount = 4 }))
            {
                ConcurrencyTests.RunThreads(t =>
                {
                    for (int i = 0; i < HotKeys * Passes; i++)
                    {
                        int key = (i + t) % HotKeys;
                        table.Insert(key, Row.Generate(key + (225 * ((t * HotKeys * Passes) + i + 1))));
                    }
                });
                table.FlushWAL();
                inMemory = Tables.Snapshot(table, Enumerable.Range(0, HotKeys));
            }

            using var reopened = Tables.Create(backend, dir.Wal());
            Tables.Snapshot(reopened, Enumerable.Range(0, HotKeys)).Should().Equal(inMemory, $"attempt {attempt}");
        }
    }

    [Theory]
    [InlineData(TableKind.Lock)]
    [InlineData(TableKind.Striped)]
    public void Concurrent_flushes_share_syncs_and_lose_nothing(TableKind backend)
    {
        using var dir = new WalDirectory();
        const int Threads = 8;
        const int PerThread = 100;
        long syncs;
        using (var table = Tables.Create(backend, dir.Wal()))
        {
            ConcurrencyTests.RunThreads(t =>
            {
                for (int i = 0; i < PerThread; i++)
                {
                    int key = (t * PerThread) + i;
                    table.Insert(key, Row.Generate(key));
                    table.FlushWAL();
                }
            }, Threads);
            syncs = table.Wal!.Syncs;
        }

        syncs.Should().BeInRange(1, Threads * PerThread);
        using var reopened = Tables.Create(backend, dir.Wal());
        reopened.Count.Should().Be(Threads * PerThread);
    }

    // The exhaustive damage tests run on the simulated disk: the same recovery code, without a real fsync per case.
    [Fact]
    public void Every_truncation_of_the_log_recovers_exactly_the_complete_records()
    {
        var (full, recordEnds) = SimulatedLogs.Write(24);
        recordEnds[^1].Should().Be(full.Length);

        for (int length = WalFormat.HeaderSize; length <= full.Length; length++)
        {
            int complete = recordEnds.Count(end => end <= length);
            long validEnd = complete == 0 ? WalFormat.HeaderSize : recordEnds[complete - 1];

            using (var table = SimulatedLogs.Open(full[..length], out var disk))
            {
                var recovery = table.Wal!.Recovery;
                recovery.RecordsReplayed.Should().Be(complete, $"cut at {length}");
                recovery.ValidBytes.Should().Be(validEnd);
                recovery.DiscardedBytes.Should().Be(length - validEnd);
                if (recovery.DiscardedBytes > 0)
                {
                    recovery.DiscardReason.Should().Contain($"offset {validEnd}");
                }

                table.Count.Should().Be(complete);
                for (int key = 0; key < complete; key++)
                {
                    table.Get(key).IsGeneratedFor(key).Should().BeTrue();
                }

                disk.DurableContent(SimulatedLogs.WalPath)!.Length.Should().Be((int)validEnd, "the torn tail is cut off, durably");
            }
        }
    }

    [Fact]
    public void A_flipped_byte_in_any_record_stops_recovery_just_before_that_record()
    {
        var (full, recordEnds) = SimulatedLogs.Write(12);
        for (int offset = WalFormat.HeaderSize; offset < full.Length; offset++)
        {
            byte[] damaged = (byte[])full.Clone();
            damaged[offset] ^= 0x5A;
            int intact = recordEnds.Count(end => end <= offset); // records entirely before the damaged byte
            long validEnd = intact == 0 ? WalFormat.HeaderSize : recordEnds[intact - 1];

            using var table = SimulatedLogs.Open(damaged, out var disk);
            var recovery = table.Wal!.Recovery;
            recovery.RecordsReplayed.Should().Be(intact, $"byte {offset} flipped");
            recovery.DiscardedBytes.Should().Be(full.Length - validEnd);
            recovery.DiscardReason.Should().NotBeNullOrEmpty();
            disk.DurableContent(recovery.DiscardedTailCopy!).Should().Equal(damaged[(int)validEnd..], "the discarded bytes are preserved, durably");
            for (int key = 0; key < intact; key++)
            {
                table.Get(key).IsGeneratedFor(key).Should().BeTrue();
            }
        }
    }

    [Fact]
    public void A_torn_tail_on_a_real_disk_is_cut_and_preserved_next_to_the_log()
    {
        using var dir = new WalDirectory();
        var recordEnds = WriteLog(dir, 10);
        byte[] full = File.ReadAllBytes(dir.WalPath());
        File.WriteAllBytes(dir.WalPath(), full[..^3]);

        using var table = new LockTable<int, Row>(dir.Wal());
        var recovery = table.Wal!.Recovery;
        recovery.RecordsReplayed.Should().Be(9);
        new FileInfo(dir.WalPath()).Length.Should().Be(recordEnds[^2]);
        File.ReadAllBytes(recovery.DiscardedTailCopy!).Should().Equal(full[(int)recordEnds[^2]..^3]);
    }

    [Fact]
    public void New_inserts_after_recovering_a_torn_log_are_durable()
    {
        using var dir = new WalDirectory();
        var recordEnds = WriteLog(dir, 10);
        using (var stream = new FileStream(dir.WalPath(), FileMode.Open))
        {
            stream.SetLength(recordEnds[^1] - 3); // tear the last record
        }

        using (var table = new LockTable<int, Row>(dir.Wal()))
        {
            table.Count.Should().Be(9);
            table.Insert(100, Row.Generate(100));
            table.FlushWAL();
        }

        using var reopened = new LockTable<int, Row>(dir.Wal());
        reopened.Wal!.Recovery.DiscardedBytes.Should().Be(0);
        reopened.Count.Should().Be(10);
        reopened.Get(100).Should().Be(Row.Generate(100));
    }

    // Writes keys 0..records-1 one flush at a time (so records are in key order) and returns where each record ends.
    private static List<long> WriteLog(WalDirectory dir, int records)
    {
        var ends = new List<long>();
        using var table = new LockTable<int, Row>(dir.Wal());
        for (int key = 0; key < records; key++)
        {
            table.Insert(key, Row.Generate(key));
            table.FlushWAL();
            ends.Add(new FileInfo(dir.WalPath()).Length);
        }

        return ends;
    }
}
