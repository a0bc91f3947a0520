namespace LabStatistics;

/// <summary>The standard normal distribution (for the Mann-Whitney z approximation).</summary>
public static class NormalDistribution
{
    /// <summary>Φ(z) = erfc(-z / √2) / 2.</summary>
    public static double Cdf(double z) => 0.5 * SpecialFunctions.Erfc(-z / Math.Sqrt(2));

    /// <summary>The two-sided p-value P(|Z| ≥ |z|), computed from the upper tail so tiny values keep their precision.</summary>
    public static double TwoSidedP(double z) => double.IsNaN(z) ? double.NaN : Math.Min(1, SpecialFunctions.Erfc(Math.Abs(z) / Math.Sqrt(2)));
}
