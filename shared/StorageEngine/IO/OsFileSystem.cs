using System.Runtime.InteropServices;
using Microsoft.Win32.SafeHandles;

namespace StorageEngine.IO;

/// <summary>The real filesystem: .NET file handles, plus libc for what .NET lacks (fdatasync, directory sync).</summary>
internal sealed partial class OsFileSystem : IFileSystem
{
    public static readonly OsFileSystem Instance = new();

    private OsFileSystem()
    {
    }

    /// <summary>The system call <see cref="IFile.Sync"/> issues.</summary>
    public static string SyncCallName(bool dataOnly) => dataOnly && OperatingSystem.IsLinux() ? "fdatasync" : "fsync";

    public bool DirectoryExists(string path) => Directory.Exists(path);

    public bool FileExists(string path) => File.Exists(path);

    public IFile Open(string path, FileOpenMode mode)
    {
        // FileShare.None takes an exclusive advisory lock on Unix: two tables on one log would corrupt it.
        var handle = mode switch
        {
            FileOpenMode.CreateNew => File.OpenHandle(path, FileMode.CreateNew, FileAccess.Write, FileShare.None),
            FileOpenMode.CreateOrTruncate => File.OpenHandle(path, FileMode.Create, FileAccess.Write, FileShare.None),
            FileOpenMode.OpenExclusive => File.OpenHandle(path, FileMode.Open, FileAccess.ReadWrite, FileShare.None),
            _ => File.OpenHandle(path, FileMode.Open, FileAccess.Read, FileShare.Read),
        };
        return new OsFile(handle);
    }

    public void Rename(string source, string destination) => File.Move(source, destination, overwrite: true);

    public void Delete(string path) => File.Delete(path);

    public void SyncDirectory(string path)
    {
        if (OperatingSystem.IsWindows())
        {
            return; // NTFS journals directory entries; there is no directory handle to flush.
        }

        // .NET refuses to open a directory as a file handle, so this goes to libc directly.
        const int ReadOnlyDirectory = 0x10000; // O_RDONLY | O_DIRECTORY on Linux
        int fd = OpenRaw(path, OperatingSystem.IsLinux() ? ReadOnlyDirectory : 0);
        if (fd < 0)
        {
            throw ErrnoException($"Cannot open directory '{path}' to sync it");
        }

        try
        {
            if (FSync(fd) != 0)
            {
                throw ErrnoException($"fsync of directory '{path}' failed");
            }
        }
        finally
        {
            _ = Close(fd);
        }
    }

    // Filtered here rather than by a search pattern: .NET's patterns follow DOS rules ("a.*" also matches "a").
    public IReadOnlyList<string> ListFiles(string directory, string prefix) =>
        Directory.EnumerateFiles(directory).Select(p => Path.GetFileName(p))
            .Where(name => name.StartsWith(prefix, StringComparison.Ordinal)).ToList();

    public ISyncHandle? OpenSyncHandle(string path)
    {
        if (!OperatingSystem.IsLinux())
        {
            return null; // elsewhere the log's own handle is opened without sharing; the flush's sync does everything
        }

        // A plain open(2): .NET's File.OpenHandle would take a shared advisory lock, which the log's exclusive one refuses.
        const int ReadOnlyCloseOnExec = 0x80000; // O_RDONLY | O_CLOEXEC on Linux
        int fd = OpenRaw(path, ReadOnlyCloseOnExec);
        if (fd < 0)
        {
            throw ErrnoException($"Cannot open '{path}' to sync it");
        }

        return new OsSyncHandle(new SafeFileHandle(fd, ownsHandle: true));
    }

    // HResult carries the errno, as .NET's own IOExceptions on Unix do, so callers can tell EROFS from ENOSPC.
    private static IOException ErrnoException(string what)
    {
        int errno = Marshal.GetLastPInvokeError();
        return new IOException($"{what}: {Marshal.GetPInvokeErrorMessage(errno)} (errno {errno}).", errno);
    }

    [LibraryImport("libc", EntryPoint = "open", SetLastError = true, StringMarshalling = StringMarshalling.Utf8)]
    private static partial int OpenRaw(string path, int flags);

    [LibraryImport("libc", EntryPoint = "fsync", SetLastError = true)]
    private static partial int FSync(int fd);

    [LibraryImport("libc", EntryPoint = "close", SetLastError = true)]
    private static partial int Close(int fd);

    [LibraryImport("libc", EntryPoint = "fdatasync", SetLastError = true)]
    private static partial int FDataSync(int fd);

    [LibraryImport("libc", EntryPoint = "sync_file_range", SetLastError = true)]
    private static partial int SyncFileRange(int fd, long offset, long count, uint flags);

    // fdatasync on a SafeFileHandle, which stays open while a call on another thread still uses it.
    private static void SyncData(SafeFileHandle handle)
    {
        bool added = false;
        try
        {
            handle.DangerousAddRef(ref added);
            if (FDataSync((int)handle.DangerousGetHandle()) != 0)
            {
                throw ErrnoException("fdatasync failed");
            }
        }
        finally
        {
            if (added)
            {
                handle.DangerousRelease();
            }
        }
    }

    private sealed class OsSyncHandle(SafeFileHandle handle) : ISyncHandle
    {
        public void SyncData() => OsFileSystem.SyncData(handle);

        public void Dispose() => handle.Dispose();
    }

    private sealed class OsFile(SafeFileHandle handle) : IFile
    {
        public long Length => RandomAccess.GetLength(handle);

        public int Read(Span<byte> destination, long offset) => RandomAccess.Read(handle, destination, offset);

        public void Write(ReadOnlySpan<byte> source, long offset) => RandomAccess.Write(handle, source, offset);

        public void SetLength(long length) => RandomAccess.SetLength(handle, length);

        public void Sync(bool dataOnly)
        {
            if (!dataOnly || !OperatingSystem.IsLinux())
            {
                RandomAccess.FlushToDisk(handle);
                return;
            }

            SyncData(handle);
        }

        public void StartWriteback(long offset, long count)
        {
            if (!OperatingSystem.IsLinux())
            {
                return;
            }

            const uint Write = 2; // SYNC_FILE_RANGE_WRITE: start writeback of dirty pages in the range, do not wait
            bool added = false;
            try
            {
                handle.DangerousAddRef(ref added);
                _ = SyncFileRange((int)handle.DangerousGetHandle(), offset, count, Write); // advisory: a failure here shows at the next sync
            }
            finally
            {
                if (added)
                {
                    handle.DangerousRelease();
                }
            }
        }

        public void Dispose() => handle.Dispose();
    }
}
