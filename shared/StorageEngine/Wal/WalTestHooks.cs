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

    /// <summary>A checkpoint reached <paramref name="stage"/>.</summary>
    public virtual void Checkpoint(CheckpointStage stage)
    {
    }

    /// <summary>A file being created durably (a new log, a snapshot) reached <paramref name="step"/>.</summary>
    public virtual void DurableStep(string path, DurableStep step)
    {
    }
}

/// <summary>The steps of a checkpoint, in order, where a test may pause or kill the process.</summary>
internal enum CheckpointStage
{
    /// <summary>Writers are held; every buffer was written and the old log synced.</summary>
    OldLogSynced,

    /// <summary>The new log's header is in its temporary file, synced.</summary>
    NewLogSynced,

    /// <summary>The old log was renamed to its archive name, and the directory synced.</summary>
    OldLogArchived,

    /// <summary>The new log took the log's name, and the directory was synced; writers resume.</summary>
    LogSwitched,

    /// <summary>The snapshot is complete and durable (written, synced, renamed, directory synced).</summary>
    SnapshotDurable,

    /// <summary>Files no recovery needs any more were deleted.</summary>
    ObsoleteFilesDeleted,
}

/// <summary>The steps of creating a file durably.</summary>
internal enum DurableStep
{
    Written,
    Synced,
    Renamed,
    DirectorySynced,
}
