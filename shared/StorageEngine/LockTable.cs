using StorageEngine.Wal;

namespace StorageEngine;

/// <summary>
/// A <see cref="Dictionary{TKey,TValue}"/> behind one lock: every operation, reads included, contends on it.
/// With a WAL, the same lock also orders the log (one stripe).
/// </summary>
public sealed class LockTable<TKey, TValue> : ITable<TKey, TValue>
    where TKey : notnull
{
    private readonly Dictionary<TKey, TValue> _map;
    private readonly WriteAheadLog<TKey, TValue>? _wal;
    private readonly WalStripe? _stripe;
    private readonly Lock _sync;

    /// <summary>An in-memory table (no WAL; <see cref="FlushWAL"/> does nothing).</summary>
    public LockTable()
        : this(walOptions: null)
    {
    }

    /// <summary>
    /// A table logged to a WAL when <paramref name="walOptions"/> is given; an existing log is replayed first.
    /// </summary>
    /// <param name="walOptions">Where and how to log; <c>null</c> for an in-memory table. Its StripeCount is ignored (one lock, one stripe).</param>
    /// <param name="keyCodec">Key encoding; built-in for int, long, string and byte[].</param>
    /// <param name="valueCodec">Value encoding; built-in for <see cref="Row"/>, int, long, string and byte[].</param>
    /// <param name="comparer">Key equality.</param>
    /// <param name="capacity">Keys the map is sized for up front (0: it grows as needed).</param>
    public LockTable(WalOptions? walOptions, IWalCodec<TKey>? keyCodec = null, IWalCodec<TValue>? valueCodec = null,
        IEqualityComparer<TKey>? comparer = null, int capacity = 0)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(capacity);
        _map = new Dictionary<TKey, TValue>(capacity, comparer);
        if (walOptions is not null)
        {
            _wal = WriteAheadLog<TKey, TValue>.Open(walOptions, stripeCount: 1, keyCodec, valueCodec, comparer,
                (key, value) => _map[key] = value);
            _stripe = _wal.SingleStripe;
        }

        // With a WAL the table lock is the stripe lock: one lock per insert, as without a WAL.
        _sync = _stripe?.Sync ?? new Lock();
    }

    /// <summary>The log itself, for tests that drive its hooks; null for an in-memory table.</summary>
    internal WriteAheadLog<TKey, TValue>? Log => _wal;

    /// <inheritdoc />
    public int Count
    {
        get
        {
            lock (_sync)
            {
                return _map.Count;
            }
        }
    }

    /// <inheritdoc />
    public WalInfo? Wal => _wal?.Info;

    /// <inheritdoc />
    public void Insert(TKey key, TValue value)
    {
        lock (_sync)
        {
            _wal?.Append(_stripe!, key, value); // log first: a failed append leaves the map untouched
            _map[key] = value;
        }
    }

    /// <inheritdoc />
    public bool TryGet(TKey key, out TValue value)
    {
        lock (_sync)
        {
            return _map.TryGetValue(key, out value!);
        }
    }

    /// <inheritdoc />
    public TValue Get(TKey key) =>
        TryGet(key, out var value) ? value : throw new KeyNotFoundException($"Key '{key}' is not in the table.");

    /// <inheritdoc />
    public void FlushWAL() => _wal?.Flush();

    /// <inheritdoc />
    public void Checkpoint() => _wal?.Checkpoint(() => _map.ToArray());

    /// <summary>Flushes and closes the WAL (if any); removes its directory if the table created it.</summary>
    public void Dispose() => _wal?.Dispose();
}
