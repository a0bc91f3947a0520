using System.Diagnostics;

namespace HardwareCounters.Tests;

/// <summary>What a script run printed and returned.</summary>
internal sealed record ScriptResult(int ExitCode, string Stdout, string Stderr);

/// <summary>Runs the repository's bash scripts the way a reader would, with an optional environment override.</summary>
internal static class Bash
{
    private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(60);

    /// <summary>The repository root (the directory holding companion-code.sln).</summary>
    public static string RepoRoot { get; } = FindRoot();

    /// <summary>bash's absolute path, resolved once from the test's own PATH.</summary>
    public static string BashPath { get; } = Which("bash") ?? "/bin/bash";

    /// <summary>Runs a script of the repository (path relative to the root).</summary>
    public static ScriptResult Script(string relativePath, IEnumerable<string> args, IReadOnlyDictionary<string, string>? environment = null) =>
        Run([Path.Combine(RepoRoot, relativePath), .. args], environment);

    /// <summary>Runs bash -c with the shared helpers sourced first.</summary>
    public static ScriptResult WithHelpers(string code, IReadOnlyDictionary<string, string>? environment = null) =>
        Run(["-c", $"set -euo pipefail; . scripts/lib/common.sh; . scripts/lib/perf.sh; . scripts/lib/pinning.sh; {code}"], environment);

    /// <summary>Runs bash with arguments in the repository root.</summary>
    public static ScriptResult Run(IEnumerable<string> bashArgs, IReadOnlyDictionary<string, string>? environment = null)
    {
        var start = new ProcessStartInfo(BashPath)
        {
            WorkingDirectory = RepoRoot,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (string a in bashArgs)
        {
            start.ArgumentList.Add(a);
        }

        foreach (var (key, value) in environment ?? new Dictionary<string, string>())
        {
            start.Environment[key] = value;
        }

        using var process = Process.Start(start) ?? throw new InvalidOperationException("bash did not start");
        var stdout = process.StandardOutput.ReadToEndAsync();
        var stderr = process.StandardError.ReadToEndAsync();
        if (!process.WaitForExit(Timeout))
        {
            process.Kill(entireProcessTree: true);
            throw new TimeoutException($"bash {string.Join(" ", bashArgs)} did not finish within {Timeout}");
        }

        return new ScriptResult(process.ExitCode, stdout.Result, stderr.Result);
    }

    /// <summary>The first executable named <paramref name="name"/> on PATH.</summary>
    public static string? Which(string name) =>
        (Environment.GetEnvironmentVariable("PATH") ?? "").Split(':', StringSplitOptions.RemoveEmptyEntries)
            .Select(dir => Path.Combine(dir, name))
            .FirstOrDefault(File.Exists);

    private static string FindRoot()
    {
        for (var dir = new DirectoryInfo(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            if (File.Exists(Path.Combine(dir.FullName, "companion-code.sln")))
            {
                return dir.FullName;
            }
        }

        throw new InvalidOperationException("companion-code.sln not found above " + AppContext.BaseDirectory);
    }
}

/// <summary>
/// A PATH that has every command of the current PATH except some (symlinks in a temporary directory), to show
/// what a script says on a machine without perf or dotnet. Optional extra commands can be added as stubs.
/// </summary>
internal sealed class PathWithout : IDisposable
{
    public PathWithout(IEnumerable<string> missing, IEnumerable<string>? stubs = null)
    {
        var excluded = missing.ToHashSet(StringComparer.Ordinal);
        Directory = System.IO.Directory.CreateTempSubdirectory("hc-path-").FullName;
        foreach (string dir in (System.Environment.GetEnvironmentVariable("PATH") ?? "").Split(':', StringSplitOptions.RemoveEmptyEntries))
        {
            if (!System.IO.Directory.Exists(dir))
            {
                continue;
            }

            foreach (string file in System.IO.Directory.EnumerateFiles(dir))
            {
                string name = Path.GetFileName(file);
                string link = Path.Combine(Directory, name);
                if (!excluded.Contains(name) && !File.Exists(link))
                {
                    File.CreateSymbolicLink(link, file);
                }
            }
        }

        foreach (string stub in stubs ?? [])
        {
            string path = Path.Combine(Directory, stub);
            File.WriteAllText(path, "#!/bin/sh\necho \"stub $0 must not run in this test\" >&2\nexit 99\n");
            if (!OperatingSystem.IsWindows())
            {
                File.SetUnixFileMode(path, UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute);
            }
        }
    }

    public string Directory { get; }

    public IReadOnlyDictionary<string, string> Environment => new Dictionary<string, string> { ["PATH"] = Directory };

    public void Dispose() => System.IO.Directory.Delete(Directory, recursive: true);
}
