namespace LabStatistics;

/// <summary>Cohen's conventional labels (d = 0.2 small, 0.5 medium, 0.8 large).</summary>
public enum EffectSizeLabel
{
    /// <summary>d &lt; 0.2.</summary>
    Negligible,

    /// <summary>0.2 ≤ d &lt; 0.5.</summary>
    Small,

    /// <summary>0.5 ≤ d &lt; 0.8.</summary>
    Medium,

    /// <summary>d ≥ 0.8.</summary>
    Large,
}

/// <summary>Cohen's d with its label and, when it applies, the warning the post's Layer 2 is about.</summary>
public sealed record EffectSize(double D, EffectSizeLabel Label, string? Warning);

/// <summary>
/// The post's Layer 2 (Analysis/StatisticalReport.cs): Cohen's d, and why its labels mislead on benchmark data.
/// </summary>
public static class StatisticalReport
{
    /// <summary>Below this coefficient of variation (1%) Cohen's thresholds stop meaning anything.</summary>
    public const double LowVariationCoV = 0.01;

    /// <summary>
    /// Cohen's d as the post defines it: |mean1 - mean2| / √((s1² + s2²) / 2) — the pooled SD of two equal-sized
    /// groups (BenchmarkDotNet runs the same iteration count for both methods). 0 when both SDs are 0.
    /// </summary>
    public static double CohensD(double mean1, double stdDev1, double mean2, double stdDev2)
    {
        double pooledSd = Math.Sqrt((stdDev1 * stdDev1 + stdDev2 * stdDev2) / 2.0);
        return pooledSd == 0 ? 0 : Math.Abs(mean1 - mean2) / pooledSd;
    }

    /// <summary>The conventional label for a d.</summary>
    public static EffectSizeLabel Label(double d) => Math.Abs(d) switch
    {
        < 0.2 => EffectSizeLabel.Negligible,
        < 0.5 => EffectSizeLabel.Small,
        < 0.8 => EffectSizeLabel.Medium,
        _ => EffectSizeLabel.Large,
    };

    /// <summary>d, its label and the low-variance warning (when either sample's CoV is under 1%).</summary>
    public static EffectSize Evaluate(SampleSummary baseline, SampleSummary candidate)
    {
        ArgumentNullException.ThrowIfNull(baseline);
        ArgumentNullException.ThrowIfNull(candidate);
        double d = CohensD(baseline.Mean, baseline.StdDev, candidate.Mean, candidate.StdDev);
        double lowest = Math.Min(baseline.CoefficientOfVariation, candidate.CoefficientOfVariation);
        string? warning = lowest < LowVariationCoV
            ? $"CoV {lowest * 100:0.##}% is under 1%: with so little noise the pooled SD is tiny and even a trivial difference " +
              "reads as \"large\". Cohen's thresholds were set for high-variance data; judge by the ratio against your SESOI."
            : null;
        return new EffectSize(d, Label(d), warning);
    }
}
