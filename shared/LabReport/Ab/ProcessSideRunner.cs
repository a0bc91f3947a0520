namespace LabReport.Ab;

/// <summary>
/// The real side runner: one fresh process of the side's program per round, in a private directory of its own (its
/// BenchmarkDotNet artifacts, its FTF_RUN_DIR), removed once its results are read. A failed process ends the run: its
/// output is kept in the output folder as <c>failed-R{round}-{side}.log</c>.
/// </summary>
public sealed class ProcessSideRunner(Selection selection, JobSettings job, AbHost host, string privateDirectory, Func<string> failedLogs, TimeProvider time)
    : ISideRunner
{
    // 128 + SIGSEGV: how a shell reports a process the kernel stopped for a bad memory access.
    private const int SegmentationFault = 139;

    // Measured with BenchmarkDotNet 0.15.8 on .NET 10: [DisassemblyDiagnoser] (post 2's E1 and E6, post 4's NoisyComparison)
    // attaches to the process it runs in, and in-process that is the benchmark itself, which then crashes.
    private const string InProcessCrashHint = "the side crashed (SIGSEGV): ab runs each side in-process, and a class with [DisassemblyDiagnoser] " +
        "crashes BenchmarkDotNet's in-process run; compare another selection, or these classes with scripts/run-all.sh's rounds (out of process)";

    private readonly long _start = time.GetTimestamp();

    /// <inheritdoc />
    public SideRun Run(SideTask task, CancellationToken token)
    {
        ArgumentNullException.ThrowIfNull(task);
        string directory = Path.Combine(privateDirectory, $"R{task.Round}-{task.Side.Name}");
        Directory.CreateDirectory(directory);
        try
        {
            var spec = SideCommand.For(task, selection, job, host, directory);
            var started = time.GetElapsedTime(_start);
            double load = host.LoadAverage();
            var result = ChildProcess.Run(spec, token);
            if (result.ExitCode == MeasurementLab.LabEntryPoint.UsageExitCode
                && (result.Stderr + result.Stdout).Split('\n').FirstOrDefault(l => l.StartsWith("error: ", StringComparison.Ordinal)) is { } refusal)
            {
                throw new MeasurementLab.UsageException($"side {task.Side.Name}'s program refused its arguments ({spec.CommandLine}): {refusal["error: ".Length..]}");
            }

            if (result.ExitCode != 0)
            {
                string log = Path.Combine(failedLogs(), $"failed-R{task.Round}-{task.Side.Name}.log");
                File.WriteAllText(log, $"$ {spec.CommandLine}\n{result.Stdout}{result.Stderr}");
                throw new AbFailure($"side {task.Side.Name} failed in round {task.Round} (exit {result.ExitCode}; output in {log}):\n{result.Tail(6)}"
                    + (result.ExitCode == SegmentationFault ? $"\n{InProcessCrashHint}" : ""));
            }

            var samples = selection.IsMode
                ? SideResults.FromTable(result.Stdout, selection)
                : SideResults.FromReports(Path.Combine(directory, SideCommand.ArtifactsFolder));
            return new SideRun(task, started, result.Wall, samples) { Load = load };
        }
        finally
        {
            TryDelete(directory);
        }
    }

    private static void TryDelete(string directory)
    {
        try
        {
            Directory.Delete(directory, recursive: true);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            // the private directory's removal at the end tries again
        }
    }
}
