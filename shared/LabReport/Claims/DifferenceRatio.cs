using LabReport.RunFiles;
using LabRounds;
using LabStatistics;

namespace LabReport.Claims;

/// <summary>
/// The ratio of two differences of mean times, (a₁ − a₂) / (b₁ − b₂): what one step adds on one side over what it adds
/// on the other (the flush's cost per insert, Lock over Striped). Measured in rounds, one ratio per round and the rounds'
/// estimate; otherwise the delta method on the log scale with each difference's variance the sum of its two means'.
/// </summary>
public static class DifferenceRatio
{
    /// <summary>(<paramref name="a1"/> − <paramref name="a2"/>) / (<paramref name="b1"/> − <paramref name="b2"/>) of their mean times.</summary>
    public static RatioEstimate Of(BenchmarkResult a1, BenchmarkResult a2, BenchmarkResult b1, BenchmarkResult b2)
    {
        BenchmarkResult[] all = [a1, a2, b1, b2];
        double value = (a1.MeanNs - a2.MeanNs) / (b1.MeanNs - b2.MeanNs);
        if (all.All(r => r.HasRounds))
        {
            var rounds = all.Skip(1).Aggregate(new SortedSet<int>(a1.RoundMeans.Keys), (common, r) =>
            {
                common.IntersectWith(r.RoundMeans.Keys);
                return common;
            });
            var ratios = rounds.Select(r => new RoundRatio(r, (a1.RoundMeans[r] - a2.RoundMeans[r]) / (b1.RoundMeans[r] - b2.RoundMeans[r]))).ToList();
            return RatioEstimate.FromRounds(RoundsEstimate.FromRatios(ratios));
        }

        if (!all.All(r => r.HasInterval) || !(value > 0))
        {
            return RatioEstimate.Point(value);
        }

        // Var(mean) = StdDev² / n; a difference adds its two means' variances; the log of a ratio adds the relative ones.
        double Variance(BenchmarkResult r) => r.StdDevNs * r.StdDevNs / RatioEstimate.SampleSize(r);
        double da = a1.MeanNs - a2.MeanNs;
        double db = b1.MeanNs - b2.MeanNs;
        double logVariance = (Variance(a1) + Variance(a2)) / (da * da) + (Variance(b1) + Variance(b2)) / (db * db);
        int df = all.Min(RatioEstimate.SampleSize) - 1;
        double halfWidth = StudentT.Quantile(1 - (1 - RatioEstimate.ProcessLevel) / 2, Math.Max(df, 1)) * Math.Sqrt(logVariance);
        return new RatioEstimate(value, value * Math.Exp(-halfWidth), value * Math.Exp(halfWidth), true);
    }
}
