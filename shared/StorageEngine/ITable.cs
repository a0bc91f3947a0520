using StorageEngine.Wal;

namespace StorageEngine;

/// <summary>
/// A key-value table: the running example of the series. Implementations differ only in how they lock.
/// All members are safe to call from any number of threads.
/// </summary>
public interface ITable<TKey, TValue> : IDisposable
    where TKey : notnull
{
    /// <summary>Number of distinct keys in the table.</summary>
    int Count { get; }

    /// <summary>The write-ahead log behind this table, or <c>null</c> for an in-memory table.</summary>
    WalInfo? Wal { get; }

    /// <summary>Inserts <paramref name="value"/> under <paramref name="key"/>, overwriting any previous value.</summary>
    void Insert(TKey key, TValue value);

    /// <summary>Looks a key up.</summary>
    bool TryGet(TKey key, out TValue value);

    /// <summary>Returns the value stored under <paramref name="key"/>.</summary>
    /// <exception cref="KeyNotFoundException">The key is not in the table.</exception>
    TValue Get(TKey key);

    /// <summary>
    /// Makes every insert that happened before this call durable (one write + fdatasync for the whole batch:
    /// group commit). Does nothing for an in-memory table.
    /// </summary>
    void FlushWAL();

    /// <summary>
    /// Makes everything inserted so far durable in a snapshot and starts a fresh log, so the log's size and the time
    /// to recover stay bounded. Inserts wait only while the old log is synced and the new one put in place, not
    /// while the snapshot is written. Does nothing for an in-memory table.
    /// </summary>
    void Checkpoint();
}
