namespace StorageEngine.Tests;

public class ConcurrencyTests
{
    private const int Threads = 8;
    private const int KeysPerThread = 5_000;
    private const int Rounds = 3;

    [Theory]
    [InlineData(TableKind.Lock, false)]
    [InlineData(TableKind.Striped, false)]
    [InlineData(TableKind.Lock, true)]
    [InlineData(TableKind.Striped, true)]
    public void Many_threads_inserting_and_overwriting_leave_every_key_with_its_last_value(TableKind backend, bool withWal)
    {
        using var dir = new WalDirectory();
        using var table = Tables.Create(backend, withWal ? dir.Wal() with { BufferSize = 4096 } : null);

        // Each thread owns a disjoint key range and overwrites it Rounds times; the last round writes Row.Generate(key).
        RunThreads(t =>
        {
            for (int round = 0; round < Rounds; round++)
            {
                for (int i = 0; i < KeysPerThread; i++)
                {
                    int key = (i * Threads) + t;
                    table.Insert(key, round == Rounds - 1 ? Row.Generate(key) : Row.Default);
                }
            }
        });

        table.Count.Should().Be(Threads * KeysPerThread);
        for (int key = 0; key < Threads * KeysPerThread; key++)
        {
            table.Get(key).IsGeneratedFor(key).Should().BeTrue($"key {key} must hold its last written value");
        }
    }

    [Theory]
    [InlineData(TableKind.Lock)]
    [InlineData(TableKind.Striped)]
    public void Readers_never_see_a_torn_or_foreign_value_while_writers_overwrite(TableKind backend)
    {
        using var table = Tables.Create(backend);
        const int Keys = 64;
        for (int key = 0; key < Keys; key++)
        {
            table.Insert(key, Row.Generate(key));
        }

        int bad = 0;
        RunThreads(t =>
        {
            for (int i = 0; i < 20_000; i++)
            {
                int key = (i + t) % Keys;
                if (t % 2 == 0)
                {
                    table.Insert(key, Row.Generate(key));
                }
                else if (!table.Get(key).IsGeneratedFor(key))
                {
                    Interlocked.Increment(ref bad);
                }
            }
        });

        bad.Should().Be(0);
    }

    internal static void RunThreads(Action<int> body, int threads = Threads)
    {
        using var start = new Barrier(threads);
        var errors = new System.Collections.Concurrent.ConcurrentQueue<Exception>();
        var workers = Enumerable.Range(0, threads).Select(t => new Thread(() =>
        {
            start.SignalAndWait();
            try
            {
                body(t);
            }
            catch (Exception e)
            {
                errors.Enqueue(e);
            }
        })).ToList();
        workers.ForEach(w => w.Start());
        workers.ForEach(w => w.Join());
        if (!errors.IsEmpty)
        {
            throw new AggregateException(errors);
        }
    }
}
