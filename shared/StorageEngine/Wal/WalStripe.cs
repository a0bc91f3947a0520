namespace StorageEngine.Wal;

/// <summary>One append buffer of the log, with the lock that orders its records.</summary>
internal sealed class WalStripe(int capacity)
{
    public readonly Lock Sync = new();
    public byte[] Buffer = BufferPool.Rent(capacity);
    public int Length;
}
