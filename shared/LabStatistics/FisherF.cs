namespace LabStatistics;

/// <summary>
/// Fisher's F distribution with <c>d1</c> and <c>d2</c> degrees of freedom: the distribution of a ratio of two sample
/// variances over their true ratio (normal samples), which gives a standard deviation ratio its interval.
/// P(F ≤ x) = I_{d1 x / (d1 x + d2)}(d1/2, d2/2); the quantile inverts it numerically.
/// </summary>
public static class FisherF
{
    /// <summary>P(F ≤ x).</summary>
    public static double Cdf(double x, double d1, double d2)
    {
        Validate(d1, d2);
        if (double.IsNaN(x))
        {
            return double.NaN;
        }

        if (x <= 0)
        {
            return 0;
        }

        return double.IsPositiveInfinity(x) ? 1 : SpecialFunctions.RegularizedIncompleteBeta(d1 * x / (d1 * x + d2), d1 / 2, d2 / 2);
    }

    /// <summary>The x with P(F ≤ x) = <paramref name="p"/>, for 0 &lt; p &lt; 1.</summary>
    public static double Quantile(double p, double d1, double d2)
    {
        Validate(d1, d2);
        if (!(p > 0 && p < 1))
        {
            throw new ArgumentOutOfRangeException(nameof(p), p, "A quantile needs 0 < p < 1.");
        }

        double hi = 1;
        while (Cdf(hi, d1, d2) < p)
        {
            hi *= 2;
            if (double.IsInfinity(hi))
            {
                throw new ArithmeticException($"No finite F quantile for p = {p}, d1 = {d1}, d2 = {d2}.");
            }
        }

        return SpecialFunctions.Bisect(x => Cdf(x, d1, d2) < p, 0, hi);
    }

    private static void Validate(double d1, double d2)
    {
        if (!(d1 > 0) || double.IsInfinity(d1) || !(d2 > 0) || double.IsInfinity(d2))
        {
            throw new ArgumentOutOfRangeException(nameof(d1), $"d1 = {d1}, d2 = {d2}", "Fisher's F needs finite degrees of freedom > 0.");
        }
    }
}
