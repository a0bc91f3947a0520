using System.Globalization;
using LabReport.RunFiles;
using LabRounds;
using LabStatistics;

namespace LabReport;

/// <summary>
/// A ratio of measured means with its confidence interval, two ways:
/// <list type="bullet">
/// <item>measured in interleaved rounds (every side has <see cref="BenchmarkResult.RoundResults"/>): the median of the
/// per-round ratios with a 95% interval from the spread between rounds (<see cref="RoundsEstimate"/>), so a machine
/// state that lasts minutes widens the interval instead of moving the ratio;</item>
/// <item>otherwise (one process per side, as older runs were made): the 99.9% interval on the log scale,
/// ln(ratio) ± t · SE, with SE² = CV₁²/n₁ + CV₂²/n₂ (the delta method for the log of a mean) and Welch's degrees of
/// freedom, which knows only the iterations of each process.</item>
/// </list>
/// Times are positive and ratios multiplicative, so both intervals are asymmetric, never cross zero and stay finite.
/// Without intervals (one iteration, one round, a percentile) only <see cref="Value"/> is known.
/// </summary>
public readonly record struct RatioEstimate(double Value, double Lower, double Upper, bool HasInterval)
{
    /// <summary>The confidence level of an interval from the iterations of one process, BenchmarkDotNet's for its Error column.</summary>
    public const double ProcessLevel = ConfidenceInterval.BenchmarkDotNetLevel;

    /// <summary>The interval's confidence level.</summary>
    public double Level { get; init; } = ProcessLevel;

    /// <summary>How many rounds the ratio comes from (its last look); 0 when it comes from one process per side.</summary>
    public int Rounds { get; init; }

    /// <summary>How many rounds were measured: more than <see cref="Rounds"/> when some wait for the next look.</summary>
    public int MeasuredRounds { get; init; }

    /// <summary>From rounds: the mean of the per-round logs, the interval's centre on the log scale; NaN otherwise.</summary>
    public double LogMean { get; init; } = double.NaN;

    /// <summary>From rounds: the standard deviation of the per-round logs, the between-round spread; NaN otherwise.</summary>
    public double LogSpread { get; init; } = double.NaN;

    /// <summary>From rounds of a statistic that takes either sign (<see cref="PerRoundSigned"/>): the mean of the values, the interval's centre; NaN otherwise.</summary>
    public double SignedMean { get; init; } = double.NaN;

    /// <summary>With <see cref="SignedMean"/>: the standard deviation of the rounds' values.</summary>
    public double SignedSpread { get; init; } = double.NaN;

    // Iteration counts tried when a table gives Error and StdDev but not the count.
    private const int LargestInferredCount = 100_000;

    /// <summary>True when the interval is finite and its low end above zero.</summary>
    public bool IsBounded => HasInterval && Lower > 0 && double.IsFinite(Upper);

    /// <summary>numerator / denominator of two mean times.</summary>
    public static RatioEstimate Of(BenchmarkResult numerator, BenchmarkResult denominator)
    {
        ArgumentNullException.ThrowIfNull(numerator);
        ArgumentNullException.ThrowIfNull(denominator);
        return Of([numerator], [denominator]);
    }

    /// <summary>
    /// The product of <paramref name="numerators"/>' mean times over the product of <paramref name="denominators"/>'
    /// (a ratio of two ratios, such as a speedup with the WAL over the speedup without it). The results are independent
    /// measurements, so the variances of their logs add, on whichever side they stand.
    /// </summary>
    public static RatioEstimate Of(IReadOnlyList<BenchmarkResult> numerators, IReadOnlyList<BenchmarkResult> denominators)
    {
        ArgumentNullException.ThrowIfNull(numerators);
        ArgumentNullException.ThrowIfNull(denominators);
        var all = numerators.Concat(denominators).ToList();
        if (all.All(r => r.HasRounds))
        {
            return FromRounds(RoundsEstimate.Paired([.. numerators.Select(r => r.RoundMeans)], [.. denominators.Select(r => r.RoundMeans)]));
        }

        double value = numerators.Aggregate(1.0, (p, r) => p * r.MeanNs) / denominators.Aggregate(1.0, (p, r) => p * r.MeanNs);
        if (!all.All(r => r.HasInterval))
        {
            return Point(value);
        }

        if (!all.All(r => r.MeanNs > 0))
        {
            // A mean at or below zero (an overhead subtraction that took everything) has no logarithm: no ratio to bound.
            return new RatioEstimate(value, 0, double.PositiveInfinity, true);
        }

        var parts = all.Select(LogVariance).ToList();
        double variance = parts.Sum(p => p.Variance);
        if (!double.IsFinite(variance))
        {
            return Point(value);
        }

        if (variance == 0)
        {
            return new RatioEstimate(value, value, value, true);
        }

        // Welch–Satterthwaite: the degrees of freedom of a sum of variances, each estimated from n - 1.
        double df = variance * variance / parts.Sum(p => p.Variance * p.Variance / (p.Count - 1));
        double halfWidth = StudentT.Quantile(1 - (1 - ProcessLevel) / 2, df) * Math.Sqrt(variance);
        return new RatioEstimate(value, value * Math.Exp(-halfWidth), value * Math.Exp(halfWidth), true);
    }

    /// <summary>A ratio known only as a point (no interval): a number the run's settings fix, or a count that cannot vary.</summary>
    public static RatioEstimate Point(double value) => new(value, double.NaN, double.NaN, false);

    /// <summary>
    /// A timing measured once in the run (a step run once, one flame graph, one histogram's percentile): a point whose
    /// spread between runs is unknown, so <see cref="Judge"/> decides nothing on it (issue 47: no decided verdict without
    /// an interval; such points decided claims one way in one run and the other way in the next).
    /// </summary>
    public static RatioEstimate Once(double value) => Point(value) with { MeasuredOnce = true };

    /// <summary>True for <see cref="Once"/>: a measured point with no interval, which decides no verdict.</summary>
    public bool MeasuredOnce { get; init; }

    /// <summary>The ratio of per-round ratios: their median, and the rounds' interval when there is one.</summary>
    public static RatioEstimate FromRounds(RoundsEstimate rounds)
    {
        ArgumentNullException.ThrowIfNull(rounds);
        return new RatioEstimate(rounds.Median, rounds.Lower, rounds.Upper, rounds.HasInterval)
        {
            Level = rounds.Level,
            Rounds = rounds.Count,
            MeasuredRounds = rounds.Measured,
            LogMean = rounds.LogMean,
            LogSpread = rounds.LogSpread,
        };
    }

    /// <summary>
    /// A statistic computed once per round (the post's test repeated on each round: a p-value, an effect size, a gap),
    /// judged like a ratio: the median of the rounds' values and the confidence sequence's interval on their logs
    /// (<see cref="RoundsEstimate"/>), so a run may stop on it once it decides. Values that are not positive and finite
    /// leave it without an interval. A single value is a point.
    /// </summary>
    public static RatioEstimate PerRound(IReadOnlyList<double> perRound)
    {
        ArgumentNullException.ThrowIfNull(perRound);
        var values = perRound.Where(v => !double.IsNaN(v)).ToList();
        // Without an interval (one round, or a value at or below zero, which has no logarithm) it decides nothing.
        var estimate = values.Count < 2 ? Point(values.Count == 1 ? values[0] : double.NaN) with { Rounds = values.Count } : FromRounds(RoundsEstimate.FromRatios(values));
        return estimate.HasInterval ? estimate : estimate with { MeasuredOnce = true };
    }

    /// <summary>
    /// A statistic of each round that may take either sign (a t statistic, a ratio of two logarithms), so has no
    /// logarithm of its own: the median of the rounds' values and Student's t on the values themselves, at the confidence
    /// sequence's last look (<see cref="ConfidenceSequence.Critical"/>), widened to hold the median. Before the first look
    /// (fewer than 3 rounds) a point that decides nothing.
    /// </summary>
    public static RatioEstimate PerRoundSigned(IReadOnlyList<double> perRound)
    {
        ArgumentNullException.ThrowIfNull(perRound);
        var values = perRound.Where(double.IsFinite).ToList();
        if (ConfidenceSequence.LookAt(values.Count) is not int look)
        {
            return Point(values.Count > 0 ? RoundsEstimate.MedianOf(values) : double.NaN) with { Rounds = values.Count, MeasuredOnce = true };
        }

        var used = values.Take(look).ToList();
        var summary = SampleSummary.FromValues(used);
        double half = ConfidenceSequence.Critical(look) * summary.StandardError;
        double median = RoundsEstimate.MedianOf(used);
        return new RatioEstimate(median, Math.Min(summary.Mean - half, median), Math.Max(summary.Mean + half, median), true)
        {
            Level = ConfidenceSequence.Level,
            Rounds = look,
            MeasuredRounds = values.Count,
            SignedMean = summary.Mean,
            SignedSpread = summary.StdDev,
        };
    }

    /// <summary>The reciprocal (throughput ratio from a time ratio).</summary>
    public RatioEstimate Inverse() => HasInterval
        ? new RatioEstimate(1 / Value, Upper == 0 ? double.PositiveInfinity : 1 / Upper, Lower <= 0 ? double.PositiveInfinity : 1 / Lower, true) { Level = Level, Rounds = Rounds, LogMean = -LogMean, LogSpread = LogSpread }
        : Point(1 / Value) with { Level = Level, Rounds = Rounds };

    /// <summary>This estimate times a constant (a time ratio per element: divided by the growth of the data).</summary>
    public RatioEstimate Scaled(double factor) =>
        this with { Value = Value * factor, Lower = Lower * factor, Upper = Upper * factor, LogMean = LogMean + Math.Log(factor) };

    /// <summary>"3.20× [2.80×; 3.60×]", with "(5 rounds)" when the ratio comes from rounds.</summary>
    public override string ToString()
    {
        string rounds = Rounds > 0 ? $" ({Rounds} round{(Rounds == 1 ? "" : "s")})" : "";
        return HasInterval
            ? $"{Format(Value)}× [{Format(Lower)}×; {(double.IsPositiveInfinity(Upper) ? "∞" : Format(Upper) + "×")}]{rounds}"
            : $"{Format(Value)}× (no interval{rounds})";
    }

    /// <summary>Ratios in 3 significant digits (small ones keep their leading zeros), ∞ as such.</summary>
    public static string Format(double ratio) => double.IsPositiveInfinity(ratio)
        ? "∞"
        : double.IsNaN(ratio)
            ? "n/a"
            : ratio.ToString(Math.Abs(ratio) >= 100 ? "N0" : Math.Abs(ratio) >= 0.01 ? "0.00" : "G3", CultureInfo.InvariantCulture);

    /// <summary>
    /// The iteration count behind a result's interval: its own, or, for a table without the count, the n at which
    /// Student's t gives the table's Error from its StdDev (Error = t(n − 1) · StdDev / √n decreases with n).
    /// </summary>
    public static int SampleSize(BenchmarkResult result)
    {
        ArgumentNullException.ThrowIfNull(result);
        if (result.Iterations is int n)
        {
            return n;
        }

        double target = result.ErrorNs / result.StdDevNs;
        if (!double.IsFinite(target) || target <= 0)
        {
            return 2;
        }

        int lo = 2;
        int hi = LargestInferredCount;
        while (lo < hi)
        {
            int mid = (lo + hi) / 2;
            if (ErrorPerStdDev(mid) > target)
            {
                lo = mid + 1;
            }
            else
            {
                hi = mid;
            }
        }

        // lo is the first n at or below the target; its predecessor may be nearer.
        return lo > 2 && Math.Abs(ErrorPerStdDev(lo - 1) - target) < Math.Abs(ErrorPerStdDev(lo) - target) ? lo - 1 : lo;
    }

    private static double ErrorPerStdDev(int n) => StudentT.Quantile(1 - (1 - ProcessLevel) / 2, n - 1) / Math.Sqrt(n);

    // Var(ln mean) ≈ CV² / n, from the standard deviation the result carries (the raw iterations' or the table's).
    private static (double Variance, int Count) LogVariance(BenchmarkResult result)
    {
        int n = SampleSize(result);
        double cv = result.StdDevNs / result.MeanNs;
        return (cv * cv / n, n);
    }
}
