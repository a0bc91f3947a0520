using System.Diagnostics;
using System.Globalization;
using System.Text;

namespace TestSupport;

/// <summary>What a finished script run printed and returned.</summary>
public sealed record ScriptResult(int ExitCode, string Stdout, string Stderr)
{
    /// <summary>The non-empty lines of standard error.</summary>
    public IReadOnlyList<string> StderrLines => Stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries);

    /// <summary>Exit code, stdout and stderr in one string, for assertion messages.</summary>
    public override string ToString() => $"exit {ExitCode}\n--- stdout\n{Stdout}\n--- stderr\n{Stderr}";
}

/// <summary>
/// The repository's bash scripts run the way a reader runs them: a real bash process in the repository root, with an
/// optional environment override. <see cref="Run"/> waits for the result; <see cref="Start"/> returns the running
/// process so a test can signal it and look for what it left behind.
/// </summary>
public sealed class Bash : IDisposable
{
    private static readonly TimeSpan DefaultTimeout = TimeSpan.FromSeconds(120);
    private readonly Process _process;
    private readonly StringBuilder _stdout = new();
    private readonly StringBuilder _stderr = new();

    private Bash(Process process)
    {
        _process = process;
        _process.OutputDataReceived += (_, e) => Append(_stdout, e.Data);
        _process.ErrorDataReceived += (_, e) => Append(_stderr, e.Data);
        _process.BeginOutputReadLine();
        _process.BeginErrorReadLine();
    }

    /// <summary>The repository root (the directory holding companion-code.sln).</summary>
    public static string RepoRoot { get; } = FindRoot();

    /// <summary>bash's absolute path, resolved once from the test's own PATH.</summary>
    public static string BashPath { get; } = Which("bash") ?? "/bin/bash";

    /// <summary>
    /// What every script is started through: <c>env --default-signal</c> (GNU coreutils 8.31 or later) gives it the
    /// default action for every signal. A test host started as a background job (<c>nohup dotnet test &amp;</c>, a CI
    /// wrapper) inherits SIGINT and SIGQUIT ignored and would pass that on, so an interrupt a test sends would not reach
    /// the script the way Ctrl-C reaches it.
    /// </summary>
    public static IReadOnlyList<string> DefaultSignals { get; } = [Which("env") ?? "/usr/bin/env", "--default-signal"];

    /// <summary>The shared helpers every script sources, for <see cref="Code"/>.</summary>
    public const string Helpers = ". scripts/lib/common.sh; . scripts/lib/perf.sh; . scripts/lib/pinning.sh";

    public int Pid => _process.Id;

    public string StandardOutput { get { lock (_stdout) { return _stdout.ToString(); } } }

    public string StandardError { get { lock (_stderr) { return _stderr.ToString(); } } }

    /// <summary>Starts a script of the repository (path relative to the root) with bash.</summary>
    public static Bash Start(string relativePath, IEnumerable<string> args, IReadOnlyDictionary<string, string>? environment = null) =>
        StartBash([Path.Combine(RepoRoot, relativePath), .. args], environment);

    /// <summary>Starts <c>bash -c CODE</c> in the repository root (nothing sourced).</summary>
    public static Bash StartCode(string code, IReadOnlyDictionary<string, string>? environment = null) =>
        StartBash(["-c", code], environment);

    /// <summary>Runs a script of the repository to completion.</summary>
    public static ScriptResult Run(string relativePath, IEnumerable<string> args, IReadOnlyDictionary<string, string>? environment = null)
    {
        using var run = Start(relativePath, args, environment);
        return run.Result(DefaultTimeout);
    }

    /// <summary>Runs <c>bash -c CODE</c> in the repository root with the shared helpers sourced first.</summary>
    public static ScriptResult Code(string code, IReadOnlyDictionary<string, string>? environment = null)
    {
        using var run = StartBash(["-c", $"set -euo pipefail; {Helpers}; {code}"], environment);
        return run.Result(DefaultTimeout);
    }

    /// <summary>Waits for the exit (killing the process tree after <paramref name="timeout"/>) and returns the exit code.</summary>
    public int WaitForExit(TimeSpan timeout)
    {
        if (!_process.WaitForExit(timeout))
        {
            _process.Kill(entireProcessTree: true);
            throw new TimeoutException($"script still running after {timeout}; stderr so far:\n{StandardError}");
        }

        _process.WaitForExit(); // drains the output readers
        return _process.ExitCode;
    }

    /// <summary>Waits for the exit and returns everything the script printed.</summary>
    public ScriptResult Result(TimeSpan timeout)
    {
        int code = WaitForExit(timeout);
        return new ScriptResult(code, StandardOutput, StandardError);
    }

    /// <summary>Writes a script (Unix line ends) and makes it executable by its owner.</summary>
    public static void WriteExecutable(string path, string text)
    {
        File.WriteAllText(path, text.Replace("\r", "", StringComparison.Ordinal) + "\n");
        if (!OperatingSystem.IsWindows())
        {
            File.SetUnixFileMode(path, UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute);
        }
    }

    /// <summary>Sends a signal (INT, TERM, ...) to the bash process.</summary>
    public void Signal(string signal)
    {
        using var kill = Process.Start("kill", ["-" + signal, Pid.ToString(CultureInfo.InvariantCulture)]);
        kill.WaitForExit();
    }

    /// <summary>The first executable named <paramref name="name"/> on PATH.</summary>
    public static string? Which(string name) =>
        (Environment.GetEnvironmentVariable("PATH") ?? "").Split(':', StringSplitOptions.RemoveEmptyEntries)
            .Select(dir => Path.Combine(dir, name))
            .FirstOrDefault(File.Exists);

    /// <summary>Processes (zombies aside) whose environment holds NAME=VALUE: a script's descendants inherit it.</summary>
    public static IReadOnlyList<int> ProcessesWithEnvironment(string name, string value)
    {
        byte[] needle = Encoding.UTF8.GetBytes(name + "=" + value + "\0");
        var found = new List<int>();
        foreach (string dir in Directory.GetDirectories("/proc"))
        {
            if (!int.TryParse(Path.GetFileName(dir), out int pid))
            {
                continue;
            }

            try
            {
                if (File.ReadAllBytes(Path.Combine(dir, "environ")).AsSpan().IndexOf(needle) >= 0)
                {
                    found.Add(pid);
                }
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                // gone meanwhile, or not ours
            }
        }

        return found;
    }

    public void Dispose()
    {
        if (!_process.HasExited)
        {
            _process.Kill(entireProcessTree: true);
        }

        _process.Dispose();
    }

    private static Bash StartBash(IEnumerable<string> bashArgs, IReadOnlyDictionary<string, string>? environment)
    {
        var start = new ProcessStartInfo(DefaultSignals[0])
        {
            WorkingDirectory = RepoRoot,
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (string a in DefaultSignals.Skip(1).Append(BashPath).Concat(bashArgs))
        {
            start.ArgumentList.Add(a);
        }

        foreach (var (key, value) in environment ?? new Dictionary<string, string>())
        {
            start.Environment[key] = value;
        }

        var process = Process.Start(start) ?? throw new InvalidOperationException("bash did not start");
        process.StandardInput.Close(); // no script may wait for a keyboard
        return new Bash(process);
    }

    private static void Append(StringBuilder buffer, string? line)
    {
        if (line is not null)
        {
            lock (buffer)
            {
                buffer.Append(line).Append('\n');
            }
        }
    }

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
