namespace LabStatistics;

/// <summary>One benchmark case of a BenchmarkDotNet JSON report.</summary>
/// <param name="Type">Benchmark class (BDN's "Type").</param>
/// <param name="Method">Benchmark method (BDN's "Method").</param>
/// <param name="Parameters">Parameter values, e.g. "N=20000000" (empty without [Params]).</param>
/// <param name="Job">The job part of BDN's "DisplayInfo", e.g. "DefaultJob" or "Job-ABCDEF(IterationCount=5, ...)".</param>
/// <param name="DisplayInfo">BDN's display name.</param>
/// <param name="Values">Nanoseconds per operation, one per measured iteration (empty when the benchmark produced none).</param>
/// <param name="ValueSource">Where <paramref name="Values"/> came from, for the output.</param>
/// <param name="ActualIterations">Workload/Actual iterations before BDN's outlier removal (null when the report has no measurements).</param>
/// <param name="BdnErrorNs">BDN's own 99.9% half-width (Statistics.ConfidenceInterval.Margin), for a cross-check; null if absent.</param>
/// <param name="IsBaseline">The [Benchmark(Baseline = true)] marker: only in the lab's annotated JSON, null otherwise.</param>
/// <param name="Categories">[BenchmarkCategory] values: only in the annotated JSON, empty otherwise.</param>
/// <param name="LogicalGroup">BDN's logical group key: only in the annotated JSON, null otherwise.</param>
public sealed record BenchmarkEntry(
    string Type,
    string Method,
    string Parameters,
    string Job,
    string DisplayInfo,
    IReadOnlyList<double> Values,
    string ValueSource,
    int? ActualIterations,
    double? BdnErrorNs,
    bool? IsBaseline,
    IReadOnlyList<string> Categories,
    string? LogicalGroup)
{
    /// <summary>
    /// The name BenchmarkDotNet's tables show (BDN's "MethodTitle"): the <c>[Benchmark(Description = ...)]</c> when
    /// there is one, otherwise <see cref="Method"/>.
    /// </summary>
    public string Title { get; init; } = Method;

    /// <summary>Nanoseconds of every measured iteration of the process, all stages (jitting, pilot, warmup, overhead, workload): its time inside BenchmarkDotNet's engine.</summary>
    public double EngineNs { get; init; }

    /// <summary>Nanoseconds of the Workload/Actual iterations alone: the time the result is computed from.</summary>
    public double WorkloadNs { get; init; }

    /// <summary>BDN's "FullName" (namespace, class, method and parameters: "Perf.Work.Sized(N: 10)"); empty when absent.</summary>
    public string FullName { get; init; } = "";

    /// <summary>BDN's own mean (Statistics.Mean, ns/op); null when the benchmark produced no statistics.</summary>
    public double? MeanNs { get; init; }

    /// <summary>"Type.Method [Parameters]" for messages.</summary>
    public string Name => Parameters.Length == 0 ? $"{Type}.{Method}" : $"{Type}.{Method} [{Parameters}]";
}

/// <summary>A BenchmarkDotNet JSON report as the checker uses it.</summary>
/// <param name="Path">The file it was read from.</param>
/// <param name="Title">BDN's title (class name and timestamp).</param>
/// <param name="Benchmarks">The benchmark cases in file order.</param>
public sealed record BdnReport(string Path, string Title, IReadOnlyList<BenchmarkEntry> Benchmarks)
{
    /// <summary>True when every benchmark carries the baseline marker (the lab's annotated JSON).</summary>
    public bool HasBaselineMarkers => Benchmarks.Count > 0 && Benchmarks.All(b => b.IsBaseline is not null);
}

/// <summary>A report file that cannot be used: the message names the file and the problem.</summary>
public sealed class ReportFormatException(string path, string problem) : Exception($"{path}: {problem}")
{
    /// <summary>The offending file.</summary>
    public string Path { get; } = path;

    /// <summary>What is wrong with it.</summary>
    public string Problem { get; } = problem;
}
