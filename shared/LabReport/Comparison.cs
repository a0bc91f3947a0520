using LabReport.RunFiles;
using LabStatistics;

namespace LabReport;

/// <summary>How one benchmark moved between two runs.</summary>
public enum Change
{
    /// <summary>Within the threshold, or not significant.</summary>
    Same,

    /// <summary>Significantly faster by more than the threshold.</summary>
    Faster,

    /// <summary>Significantly slower by more than the threshold.</summary>
    Slower,

    /// <summary>One of the runs has a single iteration: no test, no interval.</summary>
    NotMeasurable,
}

/// <summary>One benchmark present in both runs.</summary>
public sealed record BenchmarkChange(string Key, BenchmarkResult Baseline, BenchmarkResult Current, RatioEstimate Ratio, Change Change, string Test);

/// <summary>
/// Compares the benchmarks two runs share, the way dotnet/performance's ResultsComparer does: a benchmark is faster or
/// slower only when a Mann-Whitney test finds it significantly beyond a threshold (current against the baseline
/// shifted by ±threshold, one-sided, alpha 0.05); without raw iterations the 99.9% intervals decide instead.
/// </summary>
public static class Comparison
{
    /// <summary>One-sided significance level of the shifted Mann-Whitney tests.</summary>
    public const double Alpha = 0.05;

    /// <summary>Every benchmark of a run, keyed "post[/sub-folder]: Class.Method [params]".</summary>
    public static IReadOnlyDictionary<string, BenchmarkResult> Benchmarks(RunFolder run, List<string> problems)
    {
        ArgumentNullException.ThrowIfNull(run);
        ArgumentNullException.ThrowIfNull(problems);
        var all = new Dictionary<string, BenchmarkResult>(StringComparer.Ordinal);
        foreach (string dir in Directory.GetDirectories(run.Path, "*", SearchOption.AllDirectories).Order(StringComparer.Ordinal))
        {
            var set = BenchmarkSet.Load(dir);
            problems.AddRange(set.Problems);
            foreach (var r in set.Results.Where(r => !double.IsNaN(r.MeanNs)))
            {
                all.TryAdd($"{run.Relative(dir)}: {r.Key}", r);
            }
        }

        return all;
    }

    /// <summary>The changes of every benchmark present in both, in key order.</summary>
    public static IReadOnlyList<BenchmarkChange> Compare(IReadOnlyDictionary<string, BenchmarkResult> baseline,
        IReadOnlyDictionary<string, BenchmarkResult> current, double threshold)
    {
        ArgumentNullException.ThrowIfNull(baseline);
        ArgumentNullException.ThrowIfNull(current);
        return baseline.Keys.Intersect(current.Keys).Order(StringComparer.Ordinal)
            .Select(k => Decide(k, baseline[k], current[k], threshold))
            .ToList();
    }

    /// <summary>The verdict for one benchmark.</summary>
    public static BenchmarkChange Decide(string key, BenchmarkResult baseline, BenchmarkResult current, double threshold)
    {
        ArgumentNullException.ThrowIfNull(baseline);
        ArgumentNullException.ThrowIfNull(current);
        var ratio = RatioEstimate.Of(current, baseline);
        if (current.Values is { Count: >= 2 } c && baseline.Values is { Count: >= 2 } b)
        {
            // Slower: current significantly above baseline × (1 + threshold); faster: below baseline × (1 − threshold).
            double pSlower = OneSidedP(c, b.Select(v => v * (1 + threshold)).ToList(), greater: true);
            double pFaster = OneSidedP(c, b.Select(v => v * (1 - threshold)).ToList(), greater: false);
            var change = pSlower < Alpha ? Change.Slower : pFaster < Alpha ? Change.Faster : Change.Same;
            return new BenchmarkChange(key, baseline, current, ratio, change,
                $"Mann-Whitney vs ±{threshold * 100:0.##}%: p(slower) = {Format.P(pSlower)}, p(faster) = {Format.P(pFaster)}");
        }

        if (!ratio.HasInterval)
        {
            return new BenchmarkChange(key, baseline, current, ratio, Change.NotMeasurable, "a single iteration: no interval, no test");
        }

        var byInterval = ratio.Lower > 1 + threshold ? Change.Slower : ratio.Upper < 1 - threshold ? Change.Faster : Change.Same;
        return new BenchmarkChange(key, baseline, current, ratio, byInterval, $"99.9% intervals vs ±{threshold * 100:0.##}% (no raw iterations in the run)");
    }

    // One-sided p that x is stochastically greater (or smaller) than y, from the two-sided Mann-Whitney test.
    private static double OneSidedP(IReadOnlyList<double> x, IReadOnlyList<double> y, bool greater)
    {
        var test = MannWhitneyUTest.Test(x, y);
        bool inDirection = greater ? test.U1 > test.U2 : test.U1 < test.U2;
        return inDirection ? test.PValue / 2 : 1 - test.PValue / 2;
    }
}
