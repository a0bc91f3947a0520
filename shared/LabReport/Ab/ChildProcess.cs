using System.ComponentModel;
using System.Diagnostics;
using System.Text;

namespace LabReport.Ab;

/// <summary>A program to start: what, with which arguments, where and with which extra environment.</summary>
/// <param name="FileName">The executable (looked up on PATH).</param>
/// <param name="Arguments">Its arguments, each passed as one word.</param>
/// <param name="WorkingDirectory">Where it runs.</param>
/// <param name="Environment">Variables added to (or replacing in) the inherited environment.</param>
public sealed record ProcessSpec(string FileName, IReadOnlyList<string> Arguments, string WorkingDirectory,
    IReadOnlyDictionary<string, string>? Environment = null)
{
    /// <summary>The command as a shell would take it (for messages, logs and command.txt).</summary>
    public string CommandLine => string.Join(' ', [.. (Environment ?? new Dictionary<string, string>()).Select(e => ShellWord.Quote($"{e.Key}={e.Value}")),
        ShellWord.Quote(FileName), .. Arguments.Select(ShellWord.Quote)]);
}

/// <summary>What a finished program printed and returned.</summary>
public sealed record ProcessResult(int ExitCode, string Stdout, string Stderr, TimeSpan Wall)
{
    /// <summary>The last lines of its output, to explain a failure in a message.</summary>
    public string Tail(int lines = 12) =>
        string.Join('\n', (Stdout + Stderr).Split('\n', StringSplitOptions.RemoveEmptyEntries).TakeLast(lines));
}

/// <summary>
/// Runs a child process to the end, or kills it with everything it started when the token is cancelled (Ctrl-C, the
/// other side of a duet failing): <c>ab</c> must leave no process behind.
/// </summary>
public static class ChildProcess
{
    /// <summary>Runs <paramref name="spec"/>; throws <see cref="OperationCanceledException"/> once the killed process is gone.</summary>
    /// <exception cref="AbFailure">The program could not be started.</exception>
    public static ProcessResult Run(ProcessSpec spec, CancellationToken token)
    {
        ArgumentNullException.ThrowIfNull(spec);
        token.ThrowIfCancellationRequested();
        var start = new ProcessStartInfo(spec.FileName)
        {
            WorkingDirectory = spec.WorkingDirectory,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            RedirectStandardInput = true,
            UseShellExecute = false,
        };
        foreach (string a in spec.Arguments)
        {
            start.ArgumentList.Add(a);
        }

        foreach (var (key, value) in spec.Environment ?? new Dictionary<string, string>())
        {
            start.Environment[key] = value;
        }

        var stdout = new StringBuilder();
        var stderr = new StringBuilder();
        using var process = new Process { StartInfo = start };
        process.OutputDataReceived += (_, e) => Append(stdout, e.Data);
        process.ErrorDataReceived += (_, e) => Append(stderr, e.Data);
        long started = Stopwatch.GetTimestamp();
        try
        {
            process.Start();
        }
        catch (Win32Exception e)
        {
            throw new AbFailure($"cannot start '{spec.FileName}' ({e.Message}); is it installed and on PATH?");
        }

        process.StandardInput.Close(); // nothing a side runs may wait for a keyboard
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        using (token.Register(() => Kill(process)))
        {
            process.WaitForExit();
        }

        var wall = Stopwatch.GetElapsedTime(started);
        token.ThrowIfCancellationRequested();
        return new ProcessResult(process.ExitCode, Text(stdout), Text(stderr), wall);
    }

    private static void Kill(Process process)
    {
        try
        {
            process.Kill(entireProcessTree: true);
        }
        catch (Exception e) when (e is InvalidOperationException or Win32Exception)
        {
            // already gone
        }
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

    private static string Text(StringBuilder buffer)
    {
        lock (buffer)
        {
            return buffer.ToString();
        }
    }
}

/// <summary>A failure that ends the run with exit code 1 (a build that does not compile, a side that crashed): one line, no usage hint.</summary>
public sealed class AbFailure(string message) : Exception(message);
