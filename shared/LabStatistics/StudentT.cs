namespace LabStatistics;

/// <summary>
/// Student's t distribution with <c>df</c> degrees of freedom (df may be fractional, as Welch's df is).
/// The CDF comes from the regularized incomplete beta function; the quantile inverts the CDF numerically.
/// </summary>
public static class StudentT
{
    /// <summary>P(T ≤ t).</summary>
    public static double Cdf(double t, double df)
    {
        ValidateDf(df);
        if (double.IsNaN(t))
        {
            return double.NaN;
        }

        if (double.IsInfinity(t))
        {
            return t > 0 ? 1 : 0;
        }

        // P(|T| > |t|) = I_{df/(df+t²)}(df/2, 1/2); each tail holds half of it.
        double tail = 0.5 * TwoTailArea(t, df);
        return t > 0 ? 1 - tail : tail;
    }

    /// <summary>The two-sided p-value P(|T| ≥ |t|).</summary>
    public static double TwoSidedP(double t, double df)
    {
        ValidateDf(df);
        if (double.IsNaN(t))
        {
            return double.NaN;
        }

        return double.IsInfinity(t) ? 0 : TwoTailArea(t, df);
    }

    /// <summary>The t with P(T ≤ t) = <paramref name="p"/>, for 0 &lt; p &lt; 1.</summary>
    public static double Quantile(double p, double df)
    {
        ValidateDf(df);
        if (!(p > 0 && p < 1))
        {
            throw new ArgumentOutOfRangeException(nameof(p), p, "A quantile needs 0 < p < 1.");
        }

        if (p == 0.5)
        {
            return 0;
        }

        // The distribution is symmetric: solve in the upper half, where the tail area is 1 - p.
        double upper = p > 0.5 ? 1 - p : p;
        double hi = 1;
        while (0.5 * TwoTailArea(hi, df) > upper)
        {
            hi *= 2;
            if (double.IsInfinity(hi))
            {
                throw new ArithmeticException($"No finite t quantile for p = {p}, df = {df}.");
            }
        }

        // The tail area falls as t grows.
        double t = SpecialFunctions.Bisect(x => 0.5 * TwoTailArea(x, df) > upper, 0, hi);
        return p > 0.5 ? t : -t;
    }

    private static double TwoTailArea(double t, double df) =>
        SpecialFunctions.RegularizedIncompleteBeta(df / (df + t * t), df / 2, 0.5);

    private static void ValidateDf(double df)
    {
        if (!(df > 0) || double.IsInfinity(df))
        {
            throw new ArgumentOutOfRangeException(nameof(df), df, "Student's t needs finite degrees of freedom > 0.");
        }
    }
}
