namespace StorageEngine.Wal;

/// <summary>A live view of a table's write-ahead log.</summary>
public sealed class WalInfo
{
    private readonly Func<(long BytesWritten, long Flushes, long Syncs, long EarlySyncs, uint Generation)> _counters;

    internal WalInfo(string path, string fileSystemType, string syncCall, RecoveryReport recovery,
        Func<(long, long, long, long, uint)> counters)
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

    /// <summary>Sync system calls issued by flushes and checkpoints since the log was opened.</summary>
    public long Syncs => _counters().Syncs;

    /// <summary>Early syncs completed by the background thread (see <see cref="WalOptions.EarlySyncBytes"/>); they promise nothing.</summary>
    public long EarlySyncs => _counters().EarlySyncs;

    /// <summary>Checkpoints the log has been through: its current file started with the snapshot of this generation.</summary>
    public uint Generation => _counters().Generation;

    /// <inheritdoc />
    public override string ToString() => $"{Path} on {FileSystemType} ({SyncCall})";
}
