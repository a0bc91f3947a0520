using StorageEngine.Wal;

namespace StorageEngine.Tests;

/// <summary>
/// The orderings the engine depends on, each forced on every run: at the critical point a hook tries to run the
/// conflicting operation from another thread without waiting. A correct table holds the lock that forbids it, so
/// the attempt is refused and the test runs the operation afterwards; a table that dropped the lock lets it in,
/// and what it recovers then differs from what it held. No timing is involved either way.
/// </summary>
public class InterleavingTests
{
    private const int Key = 7;
    private static readonly Row Mine = Row.Generate(Key);
    private static readonly Row Theirs = Row.Generate(Key + 225);

    [Theory]
    [InlineData(TableKind.Lock)]
    [InlineData(TableKind.Striped)]
    public void No_insert_of_the_same_key_runs_between_an_insert_s_log_record_and_its_apply(TableKind backend)
    {
        // The apply itself is observed through the map's comparer: the first hash the map asks for after the record
        // was appended, on the inserting thread, is the apply starting (before the map takes any lock of its own).
        var disk = SimulatedLogs.NewDisk();
        var hooks = new ApplyInterleaver();
        var options = SimulatedLogs.On(disk, stripes: 4) with { Hooks = hooks };
        Row inMemory;
        using (var table = Create(backend, options, hooks.Comparer))
        {
            table.Insert(Key, Row.Default); // the key exists: the racing insert overwrites in place
            hooks.Arm(table);
            table.Insert(Key, Mine);
            hooks.Fired.Should().BeTrue("the hook must have reached the apply");
            if (!hooks.OtherInserted)
            {
                table.Insert(Key, Theirs); // what the stripe lock makes the other writer do: wait, then insert
            }

            table.FlushWAL();
            inMemory = table.Get(Key);
        }

        using var reopened = Create(backend, SimulatedLogs.On(disk, stripes: 4), hooks.Comparer);
        reopened.Get(Key).Should().Be(inMemory, "the log's last record of a key must be the value the map applied last");
        inMemory.Should().Be(Theirs);
    }

    [Theory]
    [InlineData(TableKind.Lock)]
    [InlineData(TableKind.Striped)]
    public void A_flush_that_starts_while_another_is_syncing_makes_its_own_records_durable(TableKind backend)
    {
        // Flush A has written every buffer and is about to sync. B appends a record (to a buffer A has already written)
        // and flushes: A's sync cannot cover it, so B must not return on A's sync alone.
        var disk = SimulatedLogs.NewDisk();
        var hooks = new FlushInterleaver();
        var table = Create(backend, SimulatedLogs.On(disk, stripes: 4) with { Hooks = hooks });
        hooks.Table = table;
        table.Insert(1, Row.Generate(1));
        table.FlushWAL();
        hooks.JoinOther();
        hooks.OtherFlushReturned.Should().BeTrue("B's flush must have run during A's");

        var rebooted = disk.AfterPowerLoss(PowerLoss.DropAll, seed: 0); // power lost right after both flushes returned
        table.Dispose();
        using var recovered = Create(backend, SimulatedLogs.On(rebooted, stripes: 4));
        recovered.TryGet(2, out var row).Should().BeTrue("B's record was flushed before the power went");
        row.Should().Be(Row.Generate(2));
    }

    [Theory]
    [InlineData(TableKind.Lock)]
    [InlineData(TableKind.Striped)]
    public void No_insert_into_a_stripe_runs_while_a_flush_writes_its_buffer_out(TableKind backend)
    {
        var disk = SimulatedLogs.NewDisk();
        var hooks = new WriteOutInterleaver();
        var options = SimulatedLogs.On(disk, stripes: 1) with { Hooks = hooks };
        Dictionary<int, Row> inMemory;
        using (var table = Create(backend, options))
        {
            table.Insert(1, Row.Generate(1));
            hooks.Arm(table, key: 2);
            table.FlushWAL();
            hooks.Fired.Should().BeTrue("the flush must have written a buffer");
            if (!hooks.OtherInserted)
            {
                table.Insert(2, Row.Generate(2));
            }

            table.FlushWAL();
            inMemory = Tables.Snapshot(table, [1, 2]);
        }

        using var reopened = Create(backend, SimulatedLogs.On(disk, stripes: 1));
        Tables.Snapshot(reopened, [1, 2]).Should().Equal(inMemory, "every insert the table accepted must reach the log");
        inMemory.Should().HaveCount(2);
    }

    private static ITable<int, Row> Create(TableKind backend, WalOptions options, IEqualityComparer<int>? comparer = null) =>
        backend == TableKind.Lock
            ? new LockTable<int, Row>(options, comparer: comparer)
            : new StripedTable<int, Row>(options, comparer: comparer);

    /// <summary>
    /// Runs <c>table.Insert(key, row)</c> on another thread if the key's stripe lock is free right now, and waits for
    /// it; returns false without inserting if the lock is held.
    /// </summary>
    private static bool TryInsertNow(ITable<int, Row> table, int key, Row row)
    {
        var sync = Tables.LogOf(table).StripeFor(key).Sync;
        bool inserted = false;
        Exception? error = null;
        var other = new Thread(() =>
        {
            try
            {
                if (sync.TryEnter())
                {
                    try
                    {
                        table.Insert(key, row);
                        inserted = true;
                    }
                    finally
                    {
                        sync.Exit();
                    }
                }
            }
            catch (Exception e)
            {
                error = e;
            }
        });
        other.Start();
        other.Join();
        return error is null ? inserted : throw new InvalidOperationException("the other insert failed", error);
    }

    private sealed class ApplyInterleaver : WalTestHooks
    {
        private ITable<int, Row>? _table;
        private Thread? _armed;
        private bool _appended;

        public ApplyInterleaver() => Comparer = new ObservingComparer(OnHash);

        public IEqualityComparer<int> Comparer { get; }

        public bool Fired { get; private set; }

        public bool OtherInserted { get; private set; }

        public void Arm(ITable<int, Row> table)
        {
            _table = table;
            _armed = Thread.CurrentThread;
        }

        public override void RecordAppended(WalStripe stripe) => _appended = Thread.CurrentThread == _armed;

        private void OnHash()
        {
            if (_appended && Thread.CurrentThread == _armed)
            {
                _appended = false;
                _armed = null;
                Fired = true;
                OtherInserted = TryInsertNow(_table!, Key, Theirs);
            }
        }
    }

    private sealed class FlushInterleaver : WalTestHooks
    {
        private readonly ManualResetEventSlim _otherArrived = new();
        private Thread? _other;
        private int _flushes;

        public ITable<int, Row>? Table { get; set; }

        public bool OtherFlushReturned { get; private set; }

        public override void BeforeSync()
        {
            if (Interlocked.Increment(ref _flushes) != 1)
            {
                return;
            }

            _other = new Thread(() =>
            {
                Table!.Insert(2, Row.Generate(2));
                Table.FlushWAL();
                OtherFlushReturned = true;
            });
            _other.Start();
            _otherArrived.Wait(); // B is now waiting for this flush to finish
        }

        public override void FlushArrived()
        {
            if (Thread.CurrentThread == _other)
            {
                _otherArrived.Set();
            }
        }

        public void JoinOther() => _other?.Join();
    }

    private sealed class WriteOutInterleaver : WalTestHooks
    {
        private ITable<int, Row>? _table;
        private Thread? _armed;
        private int _key;

        public bool Fired { get; private set; }

        public bool OtherInserted { get; private set; }

        public void Arm(ITable<int, Row> table, int key)
        {
            _table = table;
            _key = key;
            _armed = Thread.CurrentThread;
        }

        public override void BufferWritten(WalStripe stripe)
        {
            if (Thread.CurrentThread == _armed)
            {
                _armed = null;
                Fired = true;
                OtherInserted = TryInsertNow(_table!, _key, Row.Generate(_key));
            }
        }
    }

    private sealed class ObservingComparer(Action onHash) : IEqualityComparer<int>
    {
        public bool Equals(int x, int y) => x == y;

        public int GetHashCode(int obj)
        {
            onHash();
            return obj;
        }
    }
}
