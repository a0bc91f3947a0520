using System.Globalization;

namespace LabReport.Ab;

/// <summary>
/// The command line of one side's process. Benchmarks run in-process with a short job and full JSON reports into a
/// private artifacts folder (BenchmarkDotNet's usual out-of-process run builds a boilerplate project per invocation,
/// about 20 s here: too slow for two processes per round); a mode runs with its own arguments. In a duet the process
/// is started under <c>taskset -c CPU</c>, so the runtime's own threads (JIT, GC) stay on that CPU too.
/// </summary>
public static class SideCommand
{
    /// <summary>Where BenchmarkDotNet writes a side's reports, under its private directory.</summary>
    public const string ArtifactsFolder = "bdn";

    /// <summary>The process for <paramref name="task"/>, to run in <paramref name="directory"/> (private to this side and round).</summary>
    public static ProcessSpec For(SideTask task, Selection selection, JobSettings job, AbHost host, string directory)
    {
        ArgumentNullException.ThrowIfNull(task);
        ArgumentNullException.ThrowIfNull(selection);
        ArgumentNullException.ThrowIfNull(job);
        ArgumentNullException.ThrowIfNull(host);
        var program = new List<string> { task.Side.Build.ProgramPath };
        if (selection.IsMode)
        {
            program.Add(selection.Mode!);
        }
        else
        {
            program.AddRange(["--filter", .. selection.Filters, "--inProcess",
                "--warmupCount", Invariant(job.WarmupCount), "--iterationCount", Invariant(job.IterationCount),
                "--iterationTime", Invariant(job.IterationTimeMs), "--exporters", "fulljson", "--artifacts", Path.Combine(directory, ArtifactsFolder)]);
        }

        program.AddRange(selection.ExtraArgs);
        program.AddRange(task.Side.Args);
        // The program's own private files (a WAL's run directory) go under this side's directory, removed with it.
        var environment = new Dictionary<string, string>(StringComparer.Ordinal) { ["FTF_RUN_DIR"] = directory };
        foreach (var (name, value) in task.Side.Environment)
        {
            environment[name] = value;
        }

        return task.Cpu is { } cpu
            ? new ProcessSpec(host.Taskset, ["-c", Invariant(cpu), host.Dotnet, .. program], directory, environment)
            : new ProcessSpec(host.Dotnet, program, directory, environment);
    }

    private static string Invariant(int value) => value.ToString(CultureInfo.InvariantCulture);
}
