namespace StorageEngine.Wal;

/// <summary>What recovery found when a table opened its log.</summary>
/// <param name="CreatedNew">The log did not exist (or was empty) and was created.</param>
/// <param name="RecordsReplayed">Valid records replayed into the table, in file order.</param>
/// <param name="ValidBytes">Length of the valid prefix (header included); the log continues from here.</param>
/// <param name="DiscardedBytes">Bytes after the valid prefix that were cut off (a torn or corrupted tail).</param>
/// <param name="DiscardReason">Why the scan stopped early, with the offset; <c>null</c> when nothing was discarded.</param>
/// <param name="DiscardedTailCopy">Where the discarded bytes were preserved for inspection, or <c>null</c>.</param>
public sealed record RecoveryReport(
    bool CreatedNew,
    long RecordsReplayed,
    long ValidBytes,
    long DiscardedBytes,
    string? DiscardReason,
    string? DiscardedTailCopy)
{
    /// <inheritdoc />
    public override string ToString() => CreatedNew
        ? "new log"
        : DiscardedBytes == 0
            ? $"replayed {RecordsReplayed:N0} records ({ValidBytes:N0} bytes), nothing discarded"
            : $"replayed {RecordsReplayed:N0} records ({ValidBytes:N0} bytes), discarded {DiscardedBytes:N0} bytes: {DiscardReason}";
}

/// <summary>A live view of a table's write-ahead log.</summary>
public sealed class WalInfo
{
    private readonly Func<(long BytesWritten, long Flushes, long Syncs)> _counters;

    internal WalInfo(string path, string fileSystemType, string syncCall, RecoveryReport recovery,
        Func<(long, long, long)> counters)
    {
        Path = path;
        FileSystemType = fileSystemType;
        SyncCall = syncCall;
        Recovery = recovery;
        _counters = counters;
    }

    /// <summary>Full path of the log file.</summary>
    public string Path { get; }

    /// <summary>Filesystem the log lives on (e.g. ext4, btrfs, xfs, tmpfs), as the kernel reports it.</summary>
    public string FileSystemType { get; }

    /// <summary>The system call a flush uses: <c>fdatasync</c> or <c>fsync</c>.</summary>
    public string SyncCall { get; }

    /// <summary>What recovery did when the log was opened.</summary>
    public RecoveryReport Recovery { get; }

    /// <summary>Bytes written to the file since it was opened.</summary>
    public long BytesWritten => _counters().BytesWritten;

    /// <summary>Calls to FlushWAL that did a write + sync (calls covered by a concurrent flush are not counted).</summary>
    public long Flushes => _counters().Flushes;

    /// <summary>Sync system calls issued since the log was opened.</summary>
    public long Syncs => _counters().Syncs;

    /// <inheritdoc />
    public override string ToString() => $"{Path} on {FileSystemType} ({SyncCall})";
}
