namespace LabStatistics;

/// <summary>How the Mann-Whitney p-value was obtained.</summary>
public enum MannWhitneyMethod
{
    /// <summary>Exact null distribution of U (small samples, no ties).</summary>
    Exact,

    /// <summary>Normal approximation with tie and continuity corrections.</summary>
    NormalApproximation,
}

/// <summary>Result of a two-sided Mann-Whitney U test.</summary>
/// <param name="U1">U of the first sample: pairs (x, y) with x &gt; y, ties counting one half (R's W).</param>
/// <param name="U2">U of the second sample, n1·n2 - U1.</param>
/// <param name="Z">Standardized U1 with tie and continuity corrections (reported also when the p-value is exact).</param>
/// <param name="PValue">Two-sided p-value.</param>
/// <param name="Method">Exact or normal approximation.</param>
/// <param name="HasTies">True when some value occurs in more than one place.</param>
public sealed record MannWhitneyResult(double U1, double U2, double Z, double PValue, MannWhitneyMethod Method, bool HasTies)
{
    /// <summary>min(U1, U2), the statistic tables list.</summary>
    public double U => Math.Min(U1, U2);
}

/// <summary>
/// The Mann-Whitney U (Wilcoxon rank-sum) test: compares two samples by ranks, so it does not need normal
/// measurements and one outlier iteration cannot drag it the way it drags a mean.
/// </summary>
public static class MannWhitneyUTest
{
    /// <summary>Largest sample size (each side) for which the exact distribution is used when there are no ties.</summary>
    public const int ExactLimit = 50;

    /// <summary>Runs the two-sided test.</summary>
    public static MannWhitneyResult Test(IReadOnlyList<double> first, IReadOnlyList<double> second)
    {
        ArgumentNullException.ThrowIfNull(first);
        ArgumentNullException.ThrowIfNull(second);
        if (first.Count == 0 || second.Count == 0)
        {
            throw new ArgumentException($"The Mann-Whitney test needs at least one value per sample (got {first.Count} and {second.Count}).");
        }

        if (first.Concat(second).Any(double.IsNaN))
        {
            throw new ArgumentException("The Mann-Whitney test cannot rank NaN values.");
        }

        int n1 = first.Count;
        int n2 = second.Count;
        var (rankSum1, tieTerm) = RankSumOfFirst(first, second);
        double u1 = rankSum1 - n1 * (n1 + 1) / 2.0;
        double u2 = (double)n1 * n2 - u1;
        bool ties = tieTerm > 0;
        double z = ZScore(u1, n1, n2, tieTerm);

        if (!ties && n1 <= ExactLimit && n2 <= ExactLimit)
        {
            return new MannWhitneyResult(u1, u2, z, ExactTwoSidedP(u1, n1, n2), MannWhitneyMethod.Exact, ties);
        }

        double p = double.IsNaN(z) ? 1 : NormalDistribution.TwoSidedP(z);
        return new MannWhitneyResult(u1, u2, z, p, MannWhitneyMethod.NormalApproximation, ties);
    }

    /// <summary>
    /// Number of arrangements of n1 + n2 distinct values giving each U = 0..n1·n2 (the exact null distribution, in counts).
    /// Built with the recurrence N(m, n, u) = N(m - 1, n, u - n) + N(m, n - 1, u): the largest value belongs either to
    /// the first sample (then it beats all n values of the second) or to the second. Only additions, so no cancellation.
    /// </summary>
    public static double[] NullDistributionCounts(int n1, int n2)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(n1);
        ArgumentOutOfRangeException.ThrowIfNegative(n2);
        int maxU = n1 * n2;

        // counts[m][u] = N(m, n, u) for the current n; start at n = 0, where only U = 0 exists.
        var counts = new double[n1 + 1][];
        for (int m = 0; m <= n1; m++)
        {
            counts[m] = new double[maxU + 1];
            counts[m][0] = 1;
        }

        for (int n = 1; n <= n2; n++)
        {
            // Going up in m: counts[m - 1] already holds N(m - 1, n, ·), counts[m] still holds N(m, n - 1, ·).
            for (int m = 1; m <= n1; m++)
            {
                double[] current = counts[m];
                double[] smaller = counts[m - 1];
                for (int u = maxU; u >= n; u--)
                {
                    current[u] += smaller[u - n];
                }
            }
        }

        return counts[n1];
    }

    /// <summary>Exact two-sided p-value: twice the smaller tail at U1, capped at 1 (the convention R's wilcox.test uses).</summary>
    public static double ExactTwoSidedP(double u1, int n1, int n2)
    {
        double[] counts = NullDistributionCounts(n1, n2);
        double total = counts.Sum();
        int k = (int)Math.Round(u1);
        double lower = 0;
        double upper = 0;
        for (int u = 0; u < counts.Length; u++)
        {
            if (u <= k)
            {
                lower += counts[u];
            }

            if (u >= k)
            {
                upper += counts[u];
            }
        }

        return Math.Min(1, 2 * Math.Min(lower, upper) / total);
    }

    // Midranks over the pooled sample; also Σ(t³ - t) over groups of tied values, for the variance correction.
    private static (double RankSum, double TieTerm) RankSumOfFirst(IReadOnlyList<double> first, IReadOnlyList<double> second)
    {
        var pooled = first.Select(v => (Value: v, First: true)).Concat(second.Select(v => (Value: v, First: false)))
            .OrderBy(e => e.Value).ToArray();
        double rankSum = 0;
        double tieTerm = 0;
        int i = 0;
        while (i < pooled.Length)
        {
            int j = i;
            while (j + 1 < pooled.Length && pooled[j + 1].Value == pooled[i].Value)
            {
                j++;
            }

            double midrank = (i + j + 2) / 2.0; // ranks are 1-based: positions i..j hold ranks i+1..j+1
            for (int k = i; k <= j; k++)
            {
                if (pooled[k].First)
                {
                    rankSum += midrank;
                }
            }

            double tied = j - i + 1;
            tieTerm += tied * tied * tied - tied;
            i = j + 1;
        }

        return (rankSum, tieTerm);
    }

    private static double ZScore(double u1, int n1, int n2, double tieTerm)
    {
        double n = n1 + n2;
        double variance = n1 * (double)n2 / 12 * (n + 1 - (n > 1 ? tieTerm / (n * (n - 1)) : 0));
        if (!(variance > 0))
        {
            return double.NaN;
        }

        double centered = u1 - n1 * (double)n2 / 2;
        double continuity = Math.Sign(centered) * 0.5; // toward zero, never past it
        if (Math.Abs(centered) < 0.5)
        {
            continuity = centered;
        }

        return (centered - continuity) / Math.Sqrt(variance);
    }
}
