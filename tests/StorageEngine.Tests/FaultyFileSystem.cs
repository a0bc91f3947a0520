using StorageEngine.IO;

namespace StorageEngine.Tests;

/// <summary>An operation on a file or directory, as <see cref="FaultyFileSystem"/> sees it.</summary>
public enum FileOperation
{
    Open,
    Write,
    SetLength,
    Sync,
    Rename,
    Delete,
    SyncDirectory,
    EarlySync,
}

/// <summary>
/// The real filesystem with failures on cue: <see cref="Fault"/> sees every operation (and the path it touches)
/// before it happens and may return the exception to throw instead, built as .NET builds it on Linux (the errno in
/// HResult), so the engine cannot tell it from the real failure.
/// </summary>
internal sealed class FaultyFileSystem(IFileSystem inner) : IFileSystem
{
    public const int NoSpace = 28;
    public const int ReadOnly = 30;

    public Func<FileOperation, string, FileOpenMode?, Exception?> Fault { get; set; } = (_, _, _) => null;

    public static IOException DiskFull(string path) => new($"No space left on device : '{path}'", NoSpace);

    public static IOException ReadOnlyFileSystem(string path) => new($"Read-only file system : '{path}'", ReadOnly);

    public bool DirectoryExists(string path) => inner.DirectoryExists(path);

    public bool FileExists(string path) => inner.FileExists(path);

    public IFile Open(string path, FileOpenMode mode)
    {
        Check(FileOperation.Open, path, mode);
        return new FaultyFile(this, path, inner.Open(path, mode));
    }

    public void Rename(string source, string destination)
    {
        Check(FileOperation.Rename, destination);
        inner.Rename(source, destination);
    }

    public void Delete(string path)
    {
        Check(FileOperation.Delete, path);
        inner.Delete(path);
    }

    public void SyncDirectory(string path)
    {
        Check(FileOperation.SyncDirectory, path);
        inner.SyncDirectory(path);
    }

    public IReadOnlyList<string> ListFiles(string directory, string prefix) => inner.ListFiles(directory, prefix);

    /// <summary>Handles opened for early syncs: one per log file the background thread synced.</summary>
    public int SyncHandlesOpened => _syncHandlesOpened;

    private int _syncHandlesOpened;

    public ISyncHandle? OpenSyncHandle(string path)
    {
        Interlocked.Increment(ref _syncHandlesOpened);
        return inner.OpenSyncHandle(path) is { } handle ? new FaultySyncHandle(this, path, handle) : null;
    }

    private void Check(FileOperation operation, string path, FileOpenMode? mode = null)
    {
        if (Fault(operation, path, mode) is { } failure)
        {
            throw failure;
        }
    }

    private sealed class FaultySyncHandle(FaultyFileSystem fs, string path, ISyncHandle inner) : ISyncHandle
    {
        public void SyncData()
        {
            fs.Check(FileOperation.EarlySync, path);
            inner.SyncData();
        }

        public void Dispose() => inner.Dispose();
    }

    private sealed class FaultyFile(FaultyFileSystem fs, string path, IFile inner) : IFile
    {
        public long Length => inner.Length;

        public int Read(Span<byte> destination, long offset) => inner.Read(destination, offset);

        public void Write(ReadOnlySpan<byte> source, long offset)
        {
            fs.Check(FileOperation.Write, path);
            inner.Write(source, offset);
        }

        public void SetLength(long length)
        {
            fs.Check(FileOperation.SetLength, path);
            inner.SetLength(length);
        }

        public void Sync(bool dataOnly)
        {
            fs.Check(FileOperation.Sync, path);
            inner.Sync(dataOnly);
        }

        public void StartWriteback(long offset, long count) => inner.StartWriteback(offset, count);

        public void Dispose() => inner.Dispose();
    }
}
