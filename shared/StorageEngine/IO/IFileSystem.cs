namespace StorageEngine.IO;

/// <summary>
/// The file operations under the WAL. Production uses the sealed <see cref="OsFileSystem"/>; tests substitute a
/// simulated disk that can lose power, or one that fails on cue. Calls happen per buffer write-out or sync, never
/// per insert, so the indirection costs nothing measurable.
/// </summary>
internal interface IFileSystem
{
    bool DirectoryExists(string path);

    bool FileExists(string path);

    /// <summary>Opens or creates a file; failures throw <see cref="IOException"/> or <see cref="UnauthorizedAccessException"/>.</summary>
    IFile Open(string path, FileOpenMode mode);

    /// <summary>Renames <paramref name="source"/> to <paramref name="destination"/>, replacing it (not durable until <see cref="SyncDirectory"/>).</summary>
    void Rename(string source, string destination);

    /// <summary>Deletes a file if it exists (not durable until <see cref="SyncDirectory"/>).</summary>
    void Delete(string path);

    /// <summary>Makes the directory's entries (files created, renamed, deleted in it) durable.</summary>
    void SyncDirectory(string path);

    /// <summary>Names (not paths) of the regular files in <paramref name="directory"/> that start with <paramref name="prefix"/>.</summary>
    IReadOnlyList<string> ListFiles(string directory, string prefix);

    /// <summary>
    /// A second, independent handle on an existing file, used only to sync it from a background thread; null where
    /// that is not supported (a simulated disk: its durability is what the program's own syncs make it).
    /// </summary>
    ISyncHandle? OpenSyncHandle(string path) => null;
}

/// <summary>
/// A handle on a file whose only use is to make its written data durable early (<see cref="Wal.BackgroundSync"/>).
/// Being a separate open file, a write-back error it sees is still reported to the file's own handle: on Linux each
/// open file description sees every error once, so an early sync cannot swallow the error a flush must report.
/// </summary>
internal interface ISyncHandle : IDisposable
{
    /// <summary><c>fdatasync</c> (Linux; <c>fsync</c> elsewhere).</summary>
    void SyncData();
}

/// <summary>How <see cref="IFileSystem.Open"/> opens a file.</summary>
internal enum FileOpenMode
{
    /// <summary>Create a file that must not exist yet; write access.</summary>
    CreateNew,

    /// <summary>Create the file or empty an existing one; write access.</summary>
    CreateOrTruncate,

    /// <summary>Open an existing file for reading and writing, exclusively (a second opener is refused).</summary>
    OpenExclusive,

    /// <summary>Open an existing file for reading.</summary>
    OpenRead,
}

/// <summary>An open file: positional reads and writes, truncation, sync.</summary>
internal interface IFile : IDisposable
{
    long Length { get; }

    /// <summary>Reads up to <paramref name="destination"/>.Length bytes at <paramref name="offset"/>; returns the count (0 at the end).</summary>
    int Read(Span<byte> destination, long offset);

    void Write(ReadOnlySpan<byte> source, long offset);

    void SetLength(long length);

    /// <summary>Makes the file's data durable: <c>fdatasync</c> when <paramref name="dataOnly"/> (Linux), else <c>fsync</c>.</summary>
    void Sync(bool dataOnly);

    /// <summary>
    /// Asks the kernel to start writing a written range to the device without waiting (Linux <c>sync_file_range</c>);
    /// promises nothing about durability, so a later <see cref="Sync"/> finds less to do. A no-op where unsupported.
    /// </summary>
    void StartWriteback(long offset, long count);
}
