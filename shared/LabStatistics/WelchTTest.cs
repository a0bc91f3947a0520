namespace LabStatistics;

/// <summary>Result of Welch's unequal-variances t-test of mean1 - mean2.</summary>
/// <param name="T">t = (mean1 - mean2) / √(s1²/n1 + s2²/n2).</param>
/// <param name="DegreesOfFreedom">Welch–Satterthwaite df (fractional).</param>
/// <param name="PValue">Two-sided p-value.</param>
public sealed record WelchResult(double T, double DegreesOfFreedom, double PValue);

/// <summary>
/// Welch's t-test: compares two means without assuming equal variances, which benchmark pairs rarely have
/// (FilterTernary's StdDev is 0.109 ms, FilterBranch's 0.177 ms in the post).
/// </summary>
public static class WelchTTest
{
    /// <summary>The test from summary statistics (what the post does by hand from BenchmarkDotNet's table).</summary>
    public static WelchResult Test(SampleSummary first, SampleSummary second)
    {
        ArgumentNullException.ThrowIfNull(first);
        ArgumentNullException.ThrowIfNull(second);
        if (first.N < 2 || second.N < 2)
        {
            throw new ArgumentException($"Welch's t-test needs at least 2 values per sample (got {first.N} and {second.N}).");
        }

        double a = first.Variance / first.N;
        double b = second.Variance / second.N;
        double difference = first.Mean - second.Mean;
        if (a + b == 0)
        {
            // Both samples are constant: the difference is exactly known (p = 0), or there is none (p = 1).
            return difference == 0
                ? new WelchResult(0, double.NaN, 1)
                : new WelchResult(difference > 0 ? double.PositiveInfinity : double.NegativeInfinity, double.NaN, 0);
        }

        double t = difference / Math.Sqrt(a + b);
        double df = (a + b) * (a + b) / (a * a / (first.N - 1) + b * b / (second.N - 1));
        return new WelchResult(t, df, StudentT.TwoSidedP(t, df));
    }

    /// <summary>The test on raw measurements.</summary>
    public static WelchResult Test(IReadOnlyList<double> first, IReadOnlyList<double> second) =>
        Test(SampleSummary.FromValues(first), SampleSummary.FromValues(second));
}
