using System.Collections.Concurrent;
using StorageEngine.Wal;

namespace StorageEngine;

/// <summary>
/// A <see cref="ConcurrentDictionary{TKey,TValue}"/>: striped locks for writes, lock-free reads. With a WAL, each
/// insert takes the lock of the key's WAL stripe (one of many), logs, then applies, so records of one key reach the
/// log in the order the map applied them, without a global lock on the insert path.
/// </summary>
public sealed class StripedTable<TKey, TValue> : ITable<TKey, TValue>
    where TKey : notnull
{
    private const int MapLocks = 1024;

    private readonly ConcurrentDictionary<TKey, TValue> _map;
    private readonly WriteAheadLog<TKey, TValue>? _wal;

    /// <summary>An in-memory table (no WAL; <see cref="FlushWAL"/> does nothing).</summary>
    public StripedTable()
        : this(walOptions: null)
    {
    }

    /// <summary>
    /// A table logged to a WAL when <paramref name="walOptions"/> is given; an existing log is replayed first.
    /// </summary>
    /// <param name="walOptions">Where and how to log; <c>null</c> for an in-memory table.</param>
    /// <param name="keyCodec">Key encoding; built-in for int, long, string and byte[].</param>
    /// <param name="valueCodec">Value encoding; built-in for <see cref="Row"/>, int, long, string and byte[].</param>
    /// <param name="comparer">Key equality; also decides a key's WAL stripe.</param>
    /// <param name="capacity">
    /// Keys the map is sized for up front (0: it grows as needed). A table filled with a known number of keys never
    /// grows: growing copies every entry into new nodes, about a third of the cost of filling a new table.
    /// </param>
    public StripedTable(WalOptions? walOptions, IWalCodec<TKey>? keyCodec = null, IWalCodec<TValue>? valueCodec = null,
        IEqualityComparer<TKey>? comparer = null, int capacity = 0)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(capacity);
        // A map sized up front keeps the lock count it starts with; a growing one goes up to 1024 locks, and so does this.
        _map = capacity == 0 ? new ConcurrentDictionary<TKey, TValue>(comparer)
            : new ConcurrentDictionary<TKey, TValue>(MapLocks, capacity, comparer);
        if (walOptions is not null)
        {
            _wal = WriteAheadLog<TKey, TValue>.Open(walOptions, walOptions.StripeCount, keyCodec, valueCodec, comparer,
                (key, value) => _map[key] = value);
        }
    }

    /// <summary>The log itself, for tests that drive its hooks; null for an in-memory table.</summary>
    internal WriteAheadLog<TKey, TValue>? Log => _wal;

    /// <inheritdoc />
    public int Count => _map.Count;

    /// <inheritdoc />
    public WalInfo? Wal => _wal?.Info;

    /// <inheritdoc />
    public void Insert(TKey key, TValue value)
    {
        var wal = _wal;
        if (wal is null)
        {
            _map[key] = value;
            return;
        }

        var stripe = wal.StripeFor(key);
        lock (stripe.Sync)
        {
            wal.Append(stripe, key, value); // log first: a failed append leaves the map untouched
            _map[key] = value;
        }
    }

    /// <inheritdoc />
    public bool TryGet(TKey key, out TValue value) => _map.TryGetValue(key, out value!);

    /// <inheritdoc />
    public TValue Get(TKey key) =>
        _map.TryGetValue(key, out var value) ? value : throw new KeyNotFoundException($"Key '{key}' is not in the table.");

    /// <inheritdoc />
    public void FlushWAL() => _wal?.Flush();

    /// <inheritdoc />
    public void Checkpoint() => _wal?.Checkpoint(() => _map.ToArray());

    /// <summary>Flushes and closes the WAL (if any); removes its directory if the table created it.</summary>
    public void Dispose() => _wal?.Dispose();
}
