using LabRounds;
using LabStatistics;

namespace LabReport.Ab;

/// <summary>What an A/A run says about the machine at a threshold.</summary>
/// <param name="Threshold">The threshold judged at.</param>
/// <param name="Benchmarks">Benchmarks judged.</param>
/// <param name="Flagged">Benchmarks called faster or slower (false positives: both sides ran the same build).</param>
/// <param name="SmallestDetectable">The median over benchmarks of the smallest detectable change.</param>
/// <param name="LargestDetectable">The largest over benchmarks (the benchmark hardest to judge).</param>
public sealed record AaSummary(double Threshold, int Benchmarks, int Flagged, double SmallestDetectable, double LargestDetectable)
{
    /// <summary>Flagged / judged.</summary>
    public double FalsePositiveRate => Benchmarks == 0 ? double.NaN : (double)Flagged / Benchmarks;
}

/// <summary>
/// The A/A arithmetic. A false positive is a benchmark called faster or slower when both sides ran the same build.
/// The smallest change a run can detect follows from its between-round spread s and its n rounds: the interval's
/// half-width on the log scale is h = t(0.975, n − 1) · s / √n, so a slowdown δ whose per-round ratios spread like
/// these is called slower when ln(1 + δ) − h clears ln(1 + threshold): δ = (1 + threshold) · e^h − 1. Below δ the
/// interval still reaches into ±threshold and the verdict is "same".
/// </summary>
public static class AaStatistics
{
    /// <summary>The smallest slowdown a run with this estimate's spread and rounds detects at <paramref name="threshold"/> (NaN without an interval).</summary>
    public static double SmallestDetectable(RoundsEstimate estimate, double threshold)
    {
        ArgumentNullException.ThrowIfNull(estimate);
        if (!estimate.HasInterval || estimate.Count < 2)
        {
            return double.NaN;
        }

        double halfWidth = StudentT.Quantile(1 - (1 - estimate.Level) / 2, estimate.Count - 1) * estimate.LogSpread / Math.Sqrt(estimate.Count);
        return (1 + threshold) * Math.Exp(halfWidth) - 1;
    }

    /// <summary>The false-positive count and the detectable changes of an A/A run's verdicts.</summary>
    public static AaSummary Summarize(IReadOnlyList<BenchmarkVerdict> verdicts, double threshold)
    {
        ArgumentNullException.ThrowIfNull(verdicts);
        var judged = verdicts.Where(v => v.Change != Change.NotMeasurable).ToList();
        var detectable = judged.Select(v => v.SmallestDetectable).Where(double.IsFinite).ToList();
        return new AaSummary(threshold, judged.Count, judged.Count(v => v.Change != Change.Same), AbVerdicts.Median(detectable),
            detectable.Count == 0 ? double.NaN : detectable.Max());
    }
}
