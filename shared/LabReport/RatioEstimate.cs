using System.Globalization;
using LabReport.RunFiles;

namespace LabReport;

/// <summary>
/// A ratio of two measured means with a conservative interval: the low end of the numerator's 99.9% interval over the
/// high end of the denominator's, and the other way round. <see cref="Upper"/> is +∞ when the denominator's interval
/// reaches zero. Without intervals (one iteration, a percentile) only <see cref="Value"/> is known.
/// </summary>
public readonly record struct RatioEstimate(double Value, double Lower, double Upper, bool HasInterval)
{
    /// <summary>True when the interval is finite and its low end above zero.</summary>
    public bool IsBounded => HasInterval && Lower > 0 && double.IsFinite(Upper);

    /// <summary>numerator / denominator of two mean times.</summary>
    public static RatioEstimate Of(BenchmarkResult numerator, BenchmarkResult denominator)
    {
        ArgumentNullException.ThrowIfNull(numerator);
        ArgumentNullException.ThrowIfNull(denominator);
        double value = numerator.MeanNs / denominator.MeanNs;
        if (!numerator.HasInterval || !denominator.HasInterval)
        {
            return new RatioEstimate(value, double.NaN, double.NaN, false);
        }

        double lower = numerator.LowerNs / denominator.UpperNs;
        double upper = denominator.LowerNs <= 0 ? double.PositiveInfinity : numerator.UpperNs / denominator.LowerNs;
        return new RatioEstimate(value, Math.Max(lower, 0), upper, true);
    }

    /// <summary>A ratio known only as a point (no interval).</summary>
    public static RatioEstimate Point(double value) => new(value, double.NaN, double.NaN, false);

    /// <summary>The reciprocal (throughput ratio from a time ratio).</summary>
    public RatioEstimate Inverse() => HasInterval
        ? new RatioEstimate(1 / Value, Upper == 0 ? double.PositiveInfinity : 1 / Upper, Lower <= 0 ? double.PositiveInfinity : 1 / Lower, true)
        : Point(1 / Value);

    /// <summary>"3.20× [2.80×; 3.60×]".</summary>
    public override string ToString() => HasInterval
        ? $"{Format(Value)}× [{Format(Lower)}×; {(double.IsPositiveInfinity(Upper) ? "∞" : Format(Upper) + "×")}]"
        : $"{Format(Value)}× (no interval)";

    /// <summary>Ratios in 3 significant digits (small ones keep their leading zeros), ∞ as such.</summary>
    public static string Format(double ratio) => double.IsPositiveInfinity(ratio)
        ? "∞"
        : double.IsNaN(ratio)
            ? "n/a"
            : ratio.ToString(Math.Abs(ratio) >= 100 ? "N0" : Math.Abs(ratio) >= 0.01 ? "0.00" : "G3", CultureInfo.InvariantCulture);
}
