using System.Runtime.InteropServices;
using Microsoft.Win32.SafeHandles;

namespace StorageEngine.Wal;

/// <summary>The log's file operations: durable creation, exclusive opening, the sync system calls.</summary>
internal static partial class WalIo
{
    public static string SyncCallName(WalSyncMode mode) =>
        mode == WalSyncMode.DataOnly && OperatingSystem.IsLinux() ? "fdatasync" : "fsync";

    public static void Sync(SafeFileHandle handle, WalSyncMode mode)
    {
        if (mode == WalSyncMode.DataOnly && OperatingSystem.IsLinux())
        {
            bool added = false;
            try
            {
                handle.DangerousAddRef(ref added);
                if (FDataSync((int)handle.DangerousGetHandle()) != 0)
                {
                    int errno = Marshal.GetLastPInvokeError();
                    throw new IOException($"fdatasync failed: {Marshal.GetPInvokeErrorMessage(errno)} (errno {errno}).");
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
        else
        {
            RandomAccess.FlushToDisk(handle);
        }
    }

    /// <summary>Makes a directory entry change (a created or renamed file) durable.</summary>
    public static void SyncDirectory(string directory)
    {
        if (OperatingSystem.IsWindows())
        {
            return; // NTFS journals directory entries; there is no directory handle to flush.
        }

        // .NET refuses to open a directory as a file handle, so this goes to libc directly.
        const int ReadOnlyDirectory = 0x10000; // O_RDONLY | O_DIRECTORY on Linux
        int fd = Open(directory, OperatingSystem.IsLinux() ? ReadOnlyDirectory : 0);
        if (fd < 0)
        {
            int errno = Marshal.GetLastPInvokeError();
            throw new IOException($"Cannot open directory '{directory}' to sync it: {Marshal.GetPInvokeErrorMessage(errno)} (errno {errno}).");
        }

        try
        {
            if (FSync(fd) != 0)
            {
                int errno = Marshal.GetLastPInvokeError();
                throw new IOException($"fsync of directory '{directory}' failed: {Marshal.GetPInvokeErrorMessage(errno)} (errno {errno}).");
            }
        }
        finally
        {
            _ = Close(fd);
        }
    }

    /// <summary>
    /// Checks the directory and creates the log if it is missing or empty; true when it was created. The creation is
    /// durable: header to a temporary file, sync, rename, directory sync.
    /// </summary>
    public static bool EnsureExists(string directory, string path, byte[] header)
    {
        if (!Directory.Exists(directory))
        {
            throw new WalException(
                $"WAL directory '{directory}' does not exist. Create it, or leave WalOptions.Directory null to get a private run directory.",
                directory);
        }

        if (Directory.Exists(path))
        {
            throw new WalException($"WAL path '{path}' is a directory, not a log file.", path);
        }

        var existing = new FileInfo(path);
        if (existing.Exists && existing.Length > 0)
        {
            return false;
        }

        // Create atomically: a crash leaves either no log or a complete header, never half a header.
        string temp = path + ".creating";
        try
        {
            using (var handle = File.OpenHandle(temp, FileMode.Create, FileAccess.Write, FileShare.None))
            {
                RandomAccess.Write(handle, header, 0);
                RandomAccess.FlushToDisk(handle);
            }

            File.Move(temp, path, overwrite: true);
            WalIo.SyncDirectory(directory);
            return true;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            TryDelete(temp);
            throw new WalException($"Cannot create the WAL '{path}': {e.Message} Is the directory '{directory}' writable?", path, e);
        }
    }

    /// <summary>Opens the log for reading and writing, refusing a second opener.</summary>
    public static SafeFileHandle OpenExclusive(string path)
    {
        try
        {
            // FileShare.None takes an exclusive advisory lock on Unix: two tables on one log would corrupt it.
            return File.OpenHandle(path, FileMode.Open, FileAccess.ReadWrite, FileShare.None);
        }
        catch (IOException e) when (File.Exists(path))
        {
            throw new WalException($"Cannot open the WAL '{path}': {e.Message} Is another table or process using it?", path, e);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new WalException($"Cannot open the WAL '{path}': {e.Message}", path, e);
        }
    }

    public static void TryDelete(string path)
    {
        try
        {
            File.Delete(path);
        }
        catch (IOException)
        {
        }
        catch (UnauthorizedAccessException)
        {
        }
    }

    [LibraryImport("libc", EntryPoint = "open", SetLastError = true, StringMarshalling = StringMarshalling.Utf8)]
    private static partial int Open(string path, int flags);

    [LibraryImport("libc", EntryPoint = "fsync", SetLastError = true)]
    private static partial int FSync(int fd);

    [LibraryImport("libc", EntryPoint = "close", SetLastError = true)]
    private static partial int Close(int fd);

    [LibraryImport("libc", EntryPoint = "fdatasync", SetLastError = true)]
    private static partial int FDataSync(int fd);
}
