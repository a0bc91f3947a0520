namespace LabStatistics;

/// <summary>Size, mean and sample standard deviation (n - 1 denominator) of one benchmark's measurements.</summary>
public sealed record SampleSummary(int N, double Mean, double StdDev)
{
    /// <summary>Sample variance s².</summary>
    public double Variance => StdDev * StdDev;

    /// <summary>Standard error of the mean, s / √n.</summary>
    public double StandardError => N > 0 ? StdDev / Math.Sqrt(N) : double.NaN;

    /// <summary>Coefficient of variation s / mean (NaN when the mean is zero).</summary>
    public double CoefficientOfVariation => Mean != 0 ? StdDev / Math.Abs(Mean) : double.NaN;

    /// <summary>Summarizes raw values (two-pass, so a large common offset does not eat the variance).</summary>
    public static SampleSummary FromValues(IReadOnlyList<double> values)
    {
        ArgumentNullException.ThrowIfNull(values);
        if (values.Count == 0)
        {
            throw new ArgumentException("A summary needs at least one value.", nameof(values));
        }

        double mean = values.Average();
        if (values.Count == 1)
        {
            return new SampleSummary(1, mean, 0);
        }

        double squares = values.Sum(v => (v - mean) * (v - mean));
        return new SampleSummary(values.Count, mean, Math.Sqrt(squares / (values.Count - 1)));
    }
}
