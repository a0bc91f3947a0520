using System.Diagnostics;
using System.Text;

namespace EnemiesOfMeasurement.Tests;

/// <summary>Runs a repository script as a child process and lets a test signal it and look for leftovers.</summary>
internal sealed class ScriptRunner : IDisposable
{
    private readonly Process _process;
    private readonly StringBuilder _stdout = new();
    private readonly StringBuilder _stderr = new();

    private ScriptRunner(Process process)
    {
        _process = process;
        _process.OutputDataReceived += (_, e) => { if (e.Data is not null) { lock (_stdout) { _stdout.AppendLine(e.Data); } } };
        _process.ErrorDataReceived += (_, e) => { if (e.Data is not null) { lock (_stderr) { _stderr.AppendLine(e.Data); } } };
        _process.BeginOutputReadLine();
        _process.BeginErrorReadLine();
    }

    public int Pid => _process.Id;

    public string StandardOutput { get { lock (_stdout) { return _stdout.ToString(); } } }

    public string StandardError { get { lock (_stderr) { return _stderr.ToString(); } } }

    public static string RepositoryRoot { get; } = FindRoot();

    public static ScriptRunner Start(string relativePath, IEnumerable<string> args, IReadOnlyDictionary<string, string> environment)
    {
        var info = new ProcessStartInfo("bash")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            RedirectStandardInput = true,
            UseShellExecute = false,
            WorkingDirectory = RepositoryRoot,
        };
        info.ArgumentList.Add(Path.Combine(RepositoryRoot, relativePath));
        foreach (string a in args)
        {
            info.ArgumentList.Add(a);
        }

        foreach (var (key, value) in environment)
        {
            info.Environment[key] = value;
        }

        var process = Process.Start(info) ?? throw new InvalidOperationException("bash did not start");
        process.StandardInput.Close();
        return new ScriptRunner(process);
    }

    public int WaitForExit(TimeSpan timeout)
    {
        if (!_process.WaitForExit(timeout))
        {
            throw new TimeoutException($"script still running after {timeout}; stderr so far:\n{StandardError}");
        }

        _process.WaitForExit(); // drain the output readers
        return _process.ExitCode;
    }

    public void Signal(string signal)
    {
        using var kill = Process.Start("kill", ["-" + signal, Pid.ToString(System.Globalization.CultureInfo.InvariantCulture)]);
        kill.WaitForExit();
    }

    /// <summary>Processes (other than zombies) whose environment holds NAME=VALUE: the script's descendants carry it.</summary>
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
                byte[] environ = File.ReadAllBytes(Path.Combine(dir, "environ"));
                if (environ.AsSpan().IndexOf(needle) >= 0)
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
