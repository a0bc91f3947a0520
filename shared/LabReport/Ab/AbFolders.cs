using System.Globalization;
using MeasurementLab;

namespace LabReport.Ab;

/// <summary>
/// The folders of a run: the output folder (new or empty, so a run is never mixed with an earlier one; by default
/// results/&lt;machine&gt;/&lt;date&gt;-ab-&lt;name&gt;), and the private working directory (0700, under $FTF_RUN_DIR or
/// /var/tmp) that holds the worktrees and every side's artifacts and is removed at the end, whatever the end.
/// </summary>
public static class AbFolders
{
    /// <summary>Creates (or accepts, when empty) the output folder; returns its full path and whether this call created it.</summary>
    public static (string Path, bool Created) Output(AbSettings settings, AbHost host, string? repoRoot, CancellationToken token)
    {
        ArgumentNullException.ThrowIfNull(settings);
        ArgumentNullException.ThrowIfNull(host);
        if (settings.Out is { } given)
        {
            string full = Path.GetFullPath(Path.Combine(host.WorkingDirectory, given));
            if (Directory.Exists(full) && Directory.EnumerateFileSystemEntries(full).Any())
            {
                throw new UsageException($"--out '{given}' is not empty (a run is never mixed with an earlier one: give a new folder)");
            }

            bool created = !Directory.Exists(full);
            return (OutputDirectory.Prepare(full, "--out"), created);
        }

        string root = repoRoot ?? host.WorkingDirectory;
        string name = settings.Name ?? DefaultName(settings);
        string baseName = $"{host.Time.GetLocalNow():yyyy-MM-dd}-ab-{name}";
        string machine = Path.Combine(root, "results", MachineId(host, root, token));
        string path = Path.Combine(machine, baseName);
        for (int n = 2; Directory.Exists(path); n++)
        {
            path = Path.Combine(machine, baseName + "-" + n.ToString(CultureInfo.InvariantCulture));
        }

        return (OutputDirectory.Prepare(path, "--out"), true);
    }

    /// <summary>A fresh private directory for one run.</summary>
    public static string Private(AbHost host)
    {
        ArgumentNullException.ThrowIfNull(host);
        if (!Directory.Exists(host.RunDirectory))
        {
            throw new UsageException($"FTF_RUN_DIR '{host.RunDirectory}' is not a directory (it holds ab's private files)");
        }

        string path = Path.Combine(host.RunDirectory, $"ab-{Environment.ProcessId}-{Guid.NewGuid():N}"[..24]);
        if (OperatingSystem.IsWindows())
        {
            Directory.CreateDirectory(path);
        }
        else
        {
            Directory.CreateDirectory(path, UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute);
        }

        return path;
    }

    /// <summary>Removes a directory and everything in it; false when something is left.</summary>
    public static bool Remove(string path)
    {
        try
        {
            if (Directory.Exists(path))
            {
                Directory.Delete(path, recursive: true);
            }

            return true;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return false;
        }
    }

    // "calibration", "storageengine.benchmarks-insert-loop", "calibration-aa".
    private static string DefaultName(AbSettings settings)
    {
        string project = Path.GetFileName(settings.Selection.Project.TrimEnd('/')).ToLowerInvariant();
        string mode = settings.Selection.Mode is { } m ? "-" + m.ToLowerInvariant() : "";
        return project + mode + (settings.IsAa ? "-aa" : "");
    }

    private static string MachineId(AbHost host, string root, CancellationToken token)
    {
        string script = Path.Combine(root, "scripts", "machine-id.sh");
        if (host.CaptureEnvironment && File.Exists(script))
        {
            var id = ChildProcess.Run(new ProcessSpec("bash", [script], root), token);
            if (id.ExitCode == 0 && id.Stdout.Trim() is { Length: > 0 } name)
            {
                return name;
            }
        }

        return "unknown-machine";
    }
}
