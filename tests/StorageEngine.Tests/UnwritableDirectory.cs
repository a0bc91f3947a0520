using System.Diagnostics;

namespace StorageEngine.Tests;

/// <summary>
/// Makes a directory refuse new files until disposed: mode 0500, or, for root (whom permissions do not stop),
/// the immutable attribute (<c>chattr +i</c>, which needs e2fsprogs and a filesystem that supports it, as ext4 does).
/// </summary>
internal sealed class UnwritableDirectory : IDisposable
{
    private readonly string _path;
    private readonly bool _immutable;

    private UnwritableDirectory(string path, bool immutable)
    {
        _path = path;
        _immutable = immutable;
    }

    public static UnwritableDirectory Make(string path)
    {
        File.SetUnixFileMode(path, UnixFileMode.UserRead | UnixFileMode.UserExecute);
        if (!WalFaultTests.CanCreateFileIn(path))
        {
            return new UnwritableDirectory(path, immutable: false);
        }

        Chattr("+i", path);
        var made = new UnwritableDirectory(path, immutable: true);
        if (WalFaultTests.CanCreateFileIn(path))
        {
            made.Dispose();
            throw new InvalidOperationException($"Cannot make '{path}' unwritable for this test (neither mode 0500 nor chattr +i stops this user).");
        }

        return made;
    }

    public void Dispose()
    {
        if (_immutable)
        {
            Chattr("-i", _path);
        }

        File.SetUnixFileMode(_path, UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute);
    }

    private static void Chattr(string flag, string path)
    {
        var start = new ProcessStartInfo("chattr") { RedirectStandardError = true, UseShellExecute = false };
        start.ArgumentList.Add(flag);
        start.ArgumentList.Add(path);
        try
        {
            using var chattr = Process.Start(start)!;
            chattr.WaitForExit();
        }
        catch (System.ComponentModel.Win32Exception)
        {
            // No chattr: Make reports that the directory stayed writable.
        }
    }
}
