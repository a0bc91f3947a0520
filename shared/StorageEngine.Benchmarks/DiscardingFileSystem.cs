using StorageEngine.IO;
using StorageEngine.Wal;

namespace StorageEngine.Benchmarks;

/// <summary>
/// A measuring instrument, not a storage: the real filesystem, except that writes past a file's header go nowhere.
/// Running the workload on it and on the real one splits the cost of logging into the engine's own work (encode,
/// checksum, buffers, locks) and the kernel's (pwrite into the page cache, and what that does to the CPU caches).
/// </summary>
internal sealed class DiscardingFileSystem(IFileSystem inner) : IFileSystem
{
    public bool DirectoryExists(string path) => inner.DirectoryExists(path);

    public bool FileExists(string path) => inner.FileExists(path);

    public IFile Open(string path, FileOpenMode mode) => new DiscardingFile(inner.Open(path, mode));

    public void Rename(string source, string destination) => inner.Rename(source, destination);

    public void Delete(string path) => inner.Delete(path);

    public void SyncDirectory(string path) => inner.SyncDirectory(path);

    public IReadOnlyList<string> ListFiles(string directory, string prefix) => inner.ListFiles(directory, prefix);

    private sealed class DiscardingFile(IFile inner) : IFile
    {
        public long Length => inner.Length;

        public int Read(Span<byte> destination, long offset) => inner.Read(destination, offset);

        public void Write(ReadOnlySpan<byte> source, long offset)
        {
            if (offset < WalFormat.HeaderSize)
            {
                inner.Write(source, offset);
            }
        }

        public void SetLength(long length) => inner.SetLength(length);

        public void Sync(bool dataOnly) => inner.Sync(dataOnly);

        public void StartWriteback(long offset, long count)
        {
        }

        public void Dispose() => inner.Dispose();
    }
}
