namespace LabStatistics;

/// <summary>
/// A confidence interval for a mean from Student's t: mean ± t(1 - (1 - level)/2, n - 1) · s / √n.
/// With level 0.999 the half-width is what BenchmarkDotNet prints as Error.
/// </summary>
public sealed record ConfidenceInterval(double Mean, double HalfWidth, double Level)
{
    /// <summary>The level BenchmarkDotNet's Error column uses.</summary>
    public const double BenchmarkDotNetLevel = 0.999;

    /// <summary>Lower bound.</summary>
    public double Lower => Mean - HalfWidth;

    /// <summary>Upper bound.</summary>
    public double Upper => Mean + HalfWidth;

    /// <summary>The interval for a sample of at least two values.</summary>
    public static ConfidenceInterval ForMean(SampleSummary sample, double level = BenchmarkDotNetLevel)
    {
        ArgumentNullException.ThrowIfNull(sample);
        if (sample.N < 2)
        {
            throw new ArgumentException($"A confidence interval needs at least 2 values (got {sample.N}).", nameof(sample));
        }

        if (!(level > 0 && level < 1))
        {
            throw new ArgumentOutOfRangeException(nameof(level), level, "The level must be between 0 and 1, e.g. 0.999.");
        }

        double t = StudentT.Quantile(1 - (1 - level) / 2, sample.N - 1);
        return new ConfidenceInterval(sample.Mean, t * sample.StandardError, level);
    }

    /// <summary>True when the two intervals share at least one point.</summary>
    public bool Overlaps(ConfidenceInterval other)
    {
        ArgumentNullException.ThrowIfNull(other);
        return Lower <= other.Upper && other.Lower <= Upper;
    }
}
