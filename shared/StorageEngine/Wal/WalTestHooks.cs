namespace StorageEngine.Wal;

/// <summary>
/// Points between the steps whose order the engine's guarantees depend on, where a test can pause a thread or try
/// to run another insert, so that a bad interleaving happens on every run instead of once in a thousand. Production
/// passes none: each call site costs one null check.
/// </summary>
internal class WalTestHooks
{
    /// <summary>A record was appended to <paramref name="stripe"/>'s buffer (its lock held); the table has not applied it yet.</summary>
    public virtual void RecordAppended(WalStripe stripe)
    {
    }

    /// <summary><paramref name="stripe"/>'s buffer was written to the file and is about to be emptied.</summary>
    public virtual void BufferWritten(WalStripe stripe)
    {
    }

    /// <summary>A flush noted which flushes may cover it and is about to wait for the flush lock.</summary>
    public virtual void FlushArrived()
    {
    }

    /// <summary>A flush wrote every buffer and is about to sync.</summary>
    public virtual void BeforeSync()
    {
    }
}
