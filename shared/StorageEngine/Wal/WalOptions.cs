using StorageEngine.IO;

namespace StorageEngine.Wal;

/// <summary>How a table's write-ahead log is placed and synced.</summary>
public sealed record WalOptions
{
    /// <summary>Default file name of the log inside its directory.</summary>
    public const string DefaultFileName = "table.wal";

    /// <summary>
    /// Directory of the log. It must exist and be writable. <c>null</c> (the default) creates a private
    /// (0700) run directory on a real filesystem for this table and removes it when the table is disposed.
    /// </summary>
    public string? Directory { get; init; }

    /// <summary>File name of the log inside <see cref="Directory"/>.</summary>
    public string FileName { get; init; } = DefaultFileName;

    /// <summary>
    /// Number of independent append buffers (each with its own lock) for <see cref="StripedTable{TKey,TValue}"/>;
    /// a key always logs to the same stripe, which keeps the per-key record order equal to the apply order
    /// without a global lock. <see cref="LockTable{TKey,TValue}"/> always uses one.
    /// </summary>
    public int StripeCount { get; init; } = 64;

    /// <summary>Bytes a stripe buffers before it writes them to the file (without syncing).</summary>
    public int BufferSize { get; init; } = 256 * 1024;

    /// <summary>
    /// Every this many bytes written to the log, the kernel is asked to start writing them to the device
    /// (<c>sync_file_range</c>, not waiting), so the disk works while inserts go on and a flush finds little left to
    /// write; it also keeps the kernel's dirty page cache small. 0 leaves writeback to the kernel and the flush.
    /// </summary>
    public int WritebackBytes { get; init; } = 1024 * 1024;

    /// <summary>
    /// Every this many bytes written to the log, a background thread syncs it (through a handle of its own), so the
    /// device's write cache, and a hypervisor's, drains while inserts go on instead of all at the next flush. It
    /// promises nothing; only <c>FlushWAL</c>'s own sync makes records durable. 0 leaves every sync to the flush.
    /// </summary>
    public int EarlySyncBytes { get; init; } = 4 * 1024 * 1024;

    /// <summary>Which system call makes a flush durable.</summary>
    public WalSyncMode SyncMode { get; init; } = WalSyncMode.DataOnly;

    /// <summary>The files under the log: the real filesystem, or (in tests) a simulated disk that loses power or fails.</summary>
    internal IFileSystem FileSystem { get; init; } = OsFileSystem.Instance;

    /// <summary>Test-only observation points at the orderings the engine depends on; null in production.</summary>
    internal WalTestHooks? Hooks { get; init; }

    /// <summary>A log in <paramref name="directory"/> (which must exist) named <paramref name="fileName"/>.</summary>
    public static WalOptions InDirectory(string directory, string fileName = DefaultFileName) =>
        new() { Directory = directory, FileName = fileName };

    /// <summary>A log in a private run directory created for the table and removed when it is disposed.</summary>
    public static WalOptions InPrivateDirectory() => new();

    internal void Validate()
    {
        if (StripeCount is < 1 or > 4096)
        {
            throw new ArgumentOutOfRangeException(nameof(StripeCount), StripeCount, "StripeCount must be between 1 and 4096.");
        }

        if (WritebackBytes is < 0 or > 1024 * 1024 * 1024)
        {
            throw new ArgumentOutOfRangeException(nameof(WritebackBytes), WritebackBytes, "WritebackBytes must be between 0 (off) and 1 GiB.");
        }

        if (EarlySyncBytes is < 0 or > 1024 * 1024 * 1024)
        {
            throw new ArgumentOutOfRangeException(nameof(EarlySyncBytes), EarlySyncBytes, "EarlySyncBytes must be between 0 (off) and 1 GiB.");
        }

        if (BufferSize is < 4096 or > 64 * 1024 * 1024)
        {
            throw new ArgumentOutOfRangeException(nameof(BufferSize), BufferSize, "BufferSize must be between 4 KiB and 64 MiB.");
        }

        if (Directory is null && FileSystem is not OsFileSystem)
        {
            throw new ArgumentException("A simulated filesystem needs an explicit WalOptions.Directory.", nameof(Directory));
        }

        if (string.IsNullOrWhiteSpace(FileName) || FileName.IndexOfAny(['/', '\\', '\0']) >= 0)
        {
            throw new ArgumentException($"WAL file name '{FileName}' must be a plain, non-empty file name.", nameof(FileName));
        }
    }
}

/// <summary>The call that makes a flush durable.</summary>
public enum WalSyncMode
{
    /// <summary><c>fdatasync(2)</c> on Linux: data plus the metadata needed to read it back (the file size).</summary>
    DataOnly,

    /// <summary><c>fsync(2)</c>: data and all metadata.</summary>
    Full,
}
