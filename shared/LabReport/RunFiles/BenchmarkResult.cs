using LabRounds;
using LabStatistics;

namespace LabReport.RunFiles;

/// <summary>
/// One benchmark case of a run, from BenchmarkDotNet's full JSON (raw iterations) or, without it, its markdown table.
/// Times are nanoseconds per operation; <see cref="ErrorNs"/> is the half-width of the 99.9% confidence interval,
/// NaN when the run cannot give one (a single iteration).
/// A case measured in interleaved rounds is one result whose <see cref="RoundResults"/> hold each round's own
/// measurement: its mean is the median of the rounds' means and its interval comes from the spread between rounds
/// (LabRounds' <see cref="RoundsEstimate"/>), not from the iterations of one process.
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
    /// <summary>The round this result measured (from 1), 0 for a result that is not one round of several.</summary>
    public int Round { get; init; }

    /// <summary>Seconds of this process inside BenchmarkDotNet's engine, every stage (from the full JSON; 0 without it); summed over the rounds of a result from rounds.</summary>
    public double EngineSeconds { get; init; }

    /// <summary>Seconds of its Workload/Actual iterations (from the full JSON; 0 without it); summed over the rounds of a result from rounds.</summary>
    public double WorkloadSeconds { get; init; }

    /// <summary>Each round's result, in round order, when the case was measured in rounds; null otherwise.</summary>
    public IReadOnlyList<BenchmarkResult>? RoundResults { get; init; }

    /// <summary>"Class.Method [A=1, B=x]": the key <c>compare</c> matches runs on.</summary>
    public string Key => Parameters.Count == 0
        ? $"{Class}.{Method}"
        : $"{Class}.{Method} [{string.Join(", ", Parameters.Select(p => $"{p.Key}={p.Value}"))}]";

    /// <summary>True when the case was measured in rounds.</summary>
    public bool HasRounds => RoundResults is not null;

    /// <summary>Each round's mean time, by round number (empty without rounds).</summary>
    public IReadOnlyDictionary<int, double> RoundMeans => RoundResults is null
        ? new Dictionary<int, double>()
        : RoundResults.Where(r => double.IsFinite(r.MeanNs)).ToDictionary(r => r.Round, r => r.MeanNs);

    /// <summary>The rounds' means as an estimate (median and between-round interval); null without rounds.</summary>
    public RoundsEstimate? RoundsMean => RoundResults is null ? null : RoundsEstimate.FromRatios([.. RoundMeans.Select(p => new RoundRatio(p.Key, p.Value))]);

    /// <summary>True when a confidence interval exists: two rounds or more, or else at least two iterations and a finite error.</summary>
    public bool HasInterval => RoundsMean is { } rounds ? rounds.HasInterval : double.IsFinite(ErrorNs) && (Iterations is null or >= 2);

    /// <summary>Lower end of the interval of the mean time (99.9% within one process, 95% between rounds).</summary>
    public double LowerNs => RoundsMean is { } rounds ? rounds.Lower : MeanNs - ErrorNs;

    /// <summary>Upper end of the interval of the mean time.</summary>
    public double UpperNs => RoundsMean is { } rounds ? rounds.Upper : MeanNs + ErrorNs;

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

    /// <summary>
    /// One result for a case measured in rounds: the median of the rounds' means, their raw iterations pooled (for tests
    /// that want every iteration), the rounds kept. <paramref name="rounds"/> all share one key.
    /// </summary>
    public static BenchmarkResult FromRounds(IReadOnlyList<BenchmarkResult> rounds)
    {
        ArgumentNullException.ThrowIfNull(rounds);
        if (rounds.Count == 0)
        {
            throw new ArgumentException("A result from rounds needs at least one round.", nameof(rounds));
        }

        var ordered = rounds.OrderBy(r => r.Round).ToList();
        var first = ordered[0];
        var estimate = RoundsEstimate.FromRatios([.. ordered.Where(r => double.IsFinite(r.MeanNs)).Select(r => new RoundRatio(r.Round, r.MeanNs))]);
        var pooled = ordered.All(r => r.Values is not null) ? ordered.SelectMany(r => r.Values!).ToList() : null;
        double sd = pooled is { Count: >= 2 } ? SampleSummary.FromValues(pooled).StdDev : double.NaN;
        int? iterations = ordered.All(r => r.Iterations is not null) ? ordered.Sum(r => r.Iterations!.Value) : null;
        return first with
        {
            MeanNs = estimate.Median,
            ErrorNs = double.NaN,
            StdDevNs = sd,
            Iterations = iterations,
            Values = pooled,
            Round = 0,
            RoundResults = ordered,
            EngineSeconds = ordered.Sum(r => r.EngineSeconds),
            WorkloadSeconds = ordered.Sum(r => r.WorkloadSeconds),
        };
    }
}
