using System.Collections.Concurrent;
using System.Diagnostics;
using System.Globalization;
using System.Runtime.InteropServices;

namespace StorageEngine.IO;

/// <summary>
/// A private (mode 0700) directory created for one run, on a real filesystem, removed on <see cref="Dispose"/>,
/// at process exit and on SIGINT/SIGTERM. Never a fixed shared path: two runs cannot collide.
/// </summary>
public sealed class RunDirectory : IDisposable
{
    /// <summary>Environment variable that overrides the parent directory of run directories.</summary>
    public const string ParentVariable = "FTF_RUN_DIR";

    private const string Prefix = "ftf-";
    private static readonly ConcurrentDictionary<string, RunDirectory> Live = new(StringComparer.Ordinal);
    private static readonly object HookGate = new();
    private static bool s_hooksInstalled;
    private static PosixSignalRegistration[]? s_signalRegistrations; // held so the handlers stay registered

    private int _disposed;

    private RunDirectory(string path, string fileSystemType)
    {
        Path = path;
        FileSystemType = fileSystemType;
    }

    /// <summary>Full path of the directory.</summary>
    public string Path { get; }

    /// <summary>Filesystem type the directory landed on.</summary>
    public string FileSystemType { get; }

    /// <summary>
    /// Creates <c>ftf-{purpose}-{pid}-{random}</c> under <paramref name="parent"/>, or, when that is null, under
    /// <c>$FTF_RUN_DIR</c>, else <c>/var/tmp</c> (disk-backed on most systems, unlike a tmpfs <c>/tmp</c>), else the
    /// system temp directory. Leftovers of earlier runs whose process no longer exists are removed first.
    /// </summary>
    public static RunDirectory Create(string purpose, string? parent = null)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(purpose);
        if (purpose.IndexOfAny(['/', '\\', '\0']) >= 0)
        {
            throw new ArgumentException($"Run directory purpose '{purpose}' must not contain path separators.", nameof(purpose));
        }

        parent ??= DefaultParent();
        if (!Directory.Exists(parent))
        {
            throw new DirectoryNotFoundException($"Parent directory for run directories '{parent}' does not exist.");
        }

        RemoveStaleSiblings(parent);
        string name = string.Create(CultureInfo.InvariantCulture,
            $"{Prefix}{purpose}-{Environment.ProcessId}-{Convert.ToHexString(Guid.NewGuid().ToByteArray(), 0, 4).ToLowerInvariant()}");
        string path = System.IO.Path.Combine(System.IO.Path.GetFullPath(parent), name);
        if (OperatingSystem.IsWindows())
        {
            Directory.CreateDirectory(path);
        }
        else
        {
            Directory.CreateDirectory(path, UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute);
        }

        var run = new RunDirectory(path, FileSystemProbe.GetFileSystemType(path));
        InstallExitHooks();
        Live[path] = run;
        return run;
    }

    /// <summary>The parent <see cref="Create"/> uses when none is given.</summary>
    public static string DefaultParent()
    {
        string? configured = Environment.GetEnvironmentVariable(ParentVariable);
        if (!string.IsNullOrWhiteSpace(configured))
        {
            return configured;
        }

        const string varTmp = "/var/tmp";
        if (!OperatingSystem.IsWindows() && Directory.Exists(varTmp)
            && !FileSystemProbe.IsMemoryBacked(FileSystemProbe.GetFileSystemType(varTmp)))
        {
            return varTmp;
        }

        return System.IO.Path.GetTempPath();
    }

    /// <summary>Removes the directory and everything in it.</summary>
    public void Dispose()
    {
        if (Interlocked.Exchange(ref _disposed, 1) != 0)
        {
            return;
        }

        Live.TryRemove(Path, out _);
        try
        {
            if (Directory.Exists(Path))
            {
                Directory.Delete(Path, recursive: true);
            }
        }
        catch (IOException)
        {
            // Best effort at teardown; a leftover is swept by the next run (its process is gone).
        }
        catch (UnauthorizedAccessException)
        {
        }
    }

    /// <inheritdoc />
    public override string ToString() => $"{Path} ({FileSystemType})";

    private static void InstallExitHooks()
    {
        lock (HookGate)
        {
            if (s_hooksInstalled)
            {
                return;
            }

            s_hooksInstalled = true;
            AppDomain.CurrentDomain.ProcessExit += (_, _) => DisposeAll();
            if (!OperatingSystem.IsWindows())
            {
                // The handlers do not cancel the signal: the default action (terminate) follows the cleanup.
                s_signalRegistrations =
                [
                    PosixSignalRegistration.Create(PosixSignal.SIGINT, _ => DisposeAll()),
                    PosixSignalRegistration.Create(PosixSignal.SIGTERM, _ => DisposeAll()),
                ];
            }
        }
    }

    private static void DisposeAll()
    {
        foreach (var run in Live.Values)
        {
            run.Dispose();
        }
    }

    // A SIGKILLed run cannot clean up after itself; the next run does, but only for processes that are gone.
    private static void RemoveStaleSiblings(string parent)
    {
        string[] candidates;
        try
        {
            candidates = Directory.GetDirectories(parent, Prefix + "*");
        }
        catch (IOException)
        {
            return;
        }
        catch (UnauthorizedAccessException)
        {
            return;
        }

        foreach (string dir in candidates)
        {
            if (TryParsePid(System.IO.Path.GetFileName(dir), out int pid) && pid != Environment.ProcessId && !IsAlive(pid))
            {
                try
                {
                    Directory.Delete(dir, recursive: true);
                }
                catch (IOException)
                {
                }
                catch (UnauthorizedAccessException)
                {
                }
            }
        }
    }

    internal static bool TryParsePid(string name, out int pid)
    {
        pid = 0;
        // ftf-{purpose}-{pid}-{hex8}: the pid is the second-to-last dash-separated field.
        string[] parts = name.Split('-');
        return name.StartsWith(Prefix, StringComparison.Ordinal) && parts.Length >= 4
            && parts[^1].Length == 8
            && int.TryParse(parts[^2], NumberStyles.None, CultureInfo.InvariantCulture, out pid) && pid > 0;
    }

    private static bool IsAlive(int pid)
    {
        try
        {
            using var process = Process.GetProcessById(pid);
            return !process.HasExited;
        }
        catch (ArgumentException)
        {
            return false;
        }
        catch (InvalidOperationException)
        {
            return false;
        }
    }
}
