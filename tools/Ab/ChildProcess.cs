using System.Diagnostics;
using System.Text;

namespace FirstThingsFirst.Ab;

/// <summary>What a child process printed and how it ended.</summary>
public sealed record ProcessResult(int ExitCode, string Output)
{
    /// <summary>The last lines of the output, for an error message.</summary>
    public string Tail(int lines = 15) => string.Join('\n', Output.Split('\n', StringSplitOptions.RemoveEmptyEntries).TakeLast(lines));
}

/// <summary>Starts a program and waits for it; cancellation kills its whole process tree (Ctrl-C must not leave a benchmark running).</summary>
public static class ChildProcess
{
    /// <summary>Runs <paramref name="file"/> with <paramref name="args"/> in <paramref name="directory"/>; stdout and stderr are kept together.</summary>
    /// <param name="stopWhen">a line that means the process went astray: it is killed and the result has exit code -1.</param>
    /// <param name="environment">variables set for the process, beside the inherited ones.</param>
    public static ProcessResult Run(string file, IEnumerable<string> args, string directory, CancellationToken token, Func<string, bool>? stopWhen = null,
        TimeSpan? timeout = null, IReadOnlyDictionary<string, string>? environment = null)
    {
        var info = new ProcessStartInfo(file)
        {
            WorkingDirectory = directory,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (string arg in args)
        {
            info.ArgumentList.Add(arg);
        }

        // A child's own telemetry and first-run banners are noise in its log.
        info.Environment["DOTNET_CLI_TELEMETRY_OPTOUT"] = "1";
        info.Environment["DOTNET_NOLOGO"] = "1";
        foreach (var (name, value) in environment ?? new Dictionary<string, string>())
        {
            info.Environment[name] = value;
        }
        using var process = new Process { StartInfo = info };
        var output = new StringBuilder();
        using var astray = new CancellationTokenSource();
        void OnLine(object sender, DataReceivedEventArgs e)
        {
            if (e.Data is null)
            {
                return;
            }

            lock (output)
            {
                output.AppendLine(e.Data);
            }

            if (stopWhen?.Invoke(e.Data) == true)
            {
                astray.Cancel();
            }
        }

        process.OutputDataReceived += OnLine;
        process.ErrorDataReceived += OnLine;
        process.Start();
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        using var linked = CancellationTokenSource.CreateLinkedTokenSource(token, astray.Token);
        if (timeout is { } limit)
        {
            linked.CancelAfter(limit);
        }

        try
        {
            process.WaitForExitAsync(linked.Token).GetAwaiter().GetResult();
        }
        catch (OperationCanceledException)
        {
            Kill(process);
            token.ThrowIfCancellationRequested();
            lock (output)
            {
                output.AppendLine(astray.IsCancellationRequested ? "(stopped by ab)" : "(timed out)");
                return new ProcessResult(-1, output.ToString());
            }
        }

        process.WaitForExit(); // drains the output events
        lock (output)
        {
            return new ProcessResult(process.ExitCode, output.ToString());
        }
    }

    private static void Kill(Process process)
    {
        try
        {
            process.Kill(entireProcessTree: true);
            process.WaitForExit();
        }
        catch (InvalidOperationException)
        {
            // It had exited already.
        }
    }
}
