using System.Reflection;
using BenchmarkDotNet.Configs;

namespace MeasurementLab;

/// <summary>What a post's program is made of: its benchmarks, the config they run under, and its extra modes.</summary>
/// <param name="Benchmarks">The assembly whose benchmark classes BenchmarkDotNet runs.</param>
/// <param name="Modes">The sub-commands, selected by the first argument.</param>
public sealed record LabProgram(Assembly Benchmarks, IReadOnlyList<SubCommand> Modes)
{
    /// <summary>Config added to every benchmark run (null: BenchmarkDotNet's default plus the classes' attributes).</summary>
    public IConfig? Config { get; init; }

    /// <summary>Text printed before a benchmark run (a prediction, the cache sizes), given what the command line will run; null prints nothing.</summary>
    public Func<BenchmarkArguments, string?>? Banner { get; init; }
}
