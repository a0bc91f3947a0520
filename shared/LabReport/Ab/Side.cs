namespace LabReport.Ab;

/// <summary>A side ready to run: its name ("A" or "B"), its build and what differs for it (environment, arguments).</summary>
public sealed record Side(string Name, AbBuild Build, IReadOnlyDictionary<string, string> Environment, IReadOnlyList<string> Args)
{
    /// <summary>"A: HEAD~1 (1a2b3c4d5e6f), FTF_CALIBRATION_SCALE=1.05".</summary>
    public string Label => string.Join(", ", [$"{Name}: {Build.Label}", .. Environment.Select(e => $"{e.Key}={e.Value}"),
        .. Args.Count > 0 ? [$"arguments `{string.Join(' ', Args)}`"] : Array.Empty<string>()]);

    /// <inheritdoc />
    public override string ToString() => Name;
}

/// <summary>One side's process in one round; <paramref name="Cpu"/> is its CPU in a duet, null otherwise.</summary>
public sealed record SideTask(int Round, Side Side, int? Cpu);

/// <summary>One benchmark's result in one side's process: the mean time and the iterations it came from (ns per operation).</summary>
public sealed record BenchmarkSample(double MeanNs, IReadOnlyList<double> Iterations);

/// <summary>What one side's process measured.</summary>
/// <param name="Task">Which side, round and CPU.</param>
/// <param name="Started">When it started, from the start of the run.</param>
/// <param name="Wall">How long the process took.</param>
/// <param name="Samples">Its benchmarks, by key.</param>
public sealed record SideRun(SideTask Task, TimeSpan Started, TimeSpan Wall, IReadOnlyDictionary<string, BenchmarkSample> Samples);

/// <summary>Runs one side's process and reads what it measured; the real one starts a program, tests use a fake machine.</summary>
public interface ISideRunner
{
    /// <summary>Runs <paramref name="task"/>; throws <see cref="AbFailure"/> when the process fails, <see cref="OperationCanceledException"/> when stopped.</summary>
    SideRun Run(SideTask task, CancellationToken token);
}
