namespace MeasurementLab;

/// <summary>A mode of a post's program other than BenchmarkDotNet (a latency run, a perf runner, a checker).</summary>
/// <param name="Name">The first argument that selects it, e.g. "latency".</param>
/// <param name="Summary">One line for the program's help.</param>
/// <param name="Run">Receives the remaining arguments; returns the exit code. Throws <see cref="UsageException"/> for bad arguments.</param>
/// <param name="Usage">Full usage text, printed on --help.</param>
public sealed record SubCommand(string Name, string Summary, Func<string[], int> Run, string Usage)
{
    /// <summary>What a user types to run this mode, as said in the pointer to --help after a usage error.</summary>
    public string Invocation { get; init; } = "dotnet run -c Release -- " + Name;
}
