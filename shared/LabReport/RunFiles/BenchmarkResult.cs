using LabStatistics;

namespace LabReport.RunFiles;

/// <summary>
/// One benchmark case of a run, from BenchmarkDotNet's full JSON (raw iterations) or, without it, its markdown table.
/// Times are nanoseconds per operation; <see cref="ErrorNs"/> is the half-width of the 99.9% confidence interval,
/// NaN when the run cannot give one (a single iteration).
/// </summary>
public sealed record BenchmarkResult(
    string Class,
    string Method,
    IReadOnlyDictionary<string, string> Parameters,
    double MeanNs,
    double ErrorNs,
    double StdDevNs,
    int? Iterations,
    IReadOnlyList<double>? Values,
    IReadOnlyDictionary<string, string> Columns,
    string SourceFile)
{
    /// <summary>"Class.Method [A=1, B=x]": the key <c>compare</c> matches runs on.</summary>
    public string Key => Parameters.Count == 0
        ? $"{Class}.{Method}"
        : $"{Class}.{Method} [{string.Join(", ", Parameters.Select(p => $"{p.Key}={p.Value}"))}]";

    /// <summary>True when a confidence interval exists (at least two iterations and a finite error).</summary>
    public bool HasInterval => double.IsFinite(ErrorNs) && (Iterations is null or >= 2);

    /// <summary>Lower end of the 99.9% interval of the mean time.</summary>
    public double LowerNs => MeanNs - ErrorNs;

    /// <summary>Upper end of the 99.9% interval of the mean time.</summary>
    public double UpperNs => MeanNs + ErrorNs;

    /// <summary>The parameter value, or null.</summary>
    public string? Parameter(string name) => Parameters.TryGetValue(name, out var v) ? v : null;

    /// <summary>A column of the markdown table (custom columns such as "PeakConc"), or null.</summary>
    public string? Column(string name) => Columns.TryGetValue(name, out var v) ? v : null;

    /// <summary>Builds a result from raw per-operation times: mean, standard deviation and the 99.9% interval by Student's t.</summary>
    public static BenchmarkResult FromValues(string @class, string method, IReadOnlyDictionary<string, string> parameters,
        IReadOnlyList<double> values, string sourceFile)
    {
        ArgumentNullException.ThrowIfNull(values);
        if (values.Count == 0)
        {
            return new BenchmarkResult(@class, method, parameters, double.NaN, double.NaN, double.NaN, 0, values,
                new Dictionary<string, string>(), sourceFile);
        }

        var summary = SampleSummary.FromValues(values);
        double error = values.Count >= 2 ? ConfidenceInterval.ForMean(summary).HalfWidth : double.NaN;
        return new BenchmarkResult(@class, method, parameters, summary.Mean, error, summary.StdDev, values.Count, values,
            new Dictionary<string, string>(), sourceFile);
    }
}
