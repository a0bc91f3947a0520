using LabStatistics;

namespace LabStatistics.Tests;

// Reference values: the post's "threshold trap" table (Layer 2), computed from its BenchmarkDotNet tables.
public class EffectSizeTests
{
    [Theory]
    [InlineData(25.25, 0.177, 25.64, 0.109, 2.65)]        // FilterBranch vs FilterTernary (ms): 2% apart
    [InlineData(512.7, 1.19, 515.3, 1.42, 1.98)]          // SumArray vs SumSpan (us): 0.5% apart
    [InlineData(248_303.3, 953.6, 231.8, 1.7, 368)]       // SearchLinear vs SearchBinary (us): 1,071x apart
    public void Cohens_d_reproduces_the_posts_table(double m1, double s1, double m2, double s2, double published)
    {
        double d = StatisticalReport.CohensD(m1, s1, m2, s2);
        d.Should().BeApproximately(published, published * 0.005);
        StatisticalReport.Label(d).Should().Be(EffectSizeLabel.Large, "the post's point: all three read as large");
    }

    [Fact]
    public void Pooled_sd_is_the_root_mean_square_of_the_two_sds()
    {
        // |10 - 13| / √((3² + 4²) / 2) = 3 / √12.5
        StatisticalReport.CohensD(10, 3, 13, 4).Should().BeApproximately(3 / Math.Sqrt(12.5), 1e-15);
        StatisticalReport.CohensD(13, 4, 10, 3).Should().BeApproximately(3 / Math.Sqrt(12.5), 1e-15, "d is a distance");
        StatisticalReport.CohensD(5, 0, 7, 0).Should().Be(0, "no spread at all: the post's code returns 0");
    }

    [Theory]
    [InlineData(0.0, EffectSizeLabel.Negligible)]
    [InlineData(0.19, EffectSizeLabel.Negligible)]
    [InlineData(0.2, EffectSizeLabel.Small)]
    [InlineData(0.49, EffectSizeLabel.Small)]
    [InlineData(0.5, EffectSizeLabel.Medium)]
    [InlineData(0.79, EffectSizeLabel.Medium)]
    [InlineData(0.8, EffectSizeLabel.Large)]
    [InlineData(368, EffectSizeLabel.Large)]
    public void Labels_follow_cohens_thresholds(double d, EffectSizeLabel label) =>
        StatisticalReport.Label(d).Should().Be(label);

    [Fact]
    public void Warns_when_the_coefficient_of_variation_is_under_one_percent()
    {
        // The post's 20-iteration pair: CoV 0.177 / 25.25 = 0.7% and 0.109 / 25.64 = 0.4%.
        var tight = StatisticalReport.Evaluate(new SampleSummary(20, 25.25, 0.177), new SampleSummary(20, 25.64, 0.109));
        tight.Label.Should().Be(EffectSizeLabel.Large);
        tight.Warning.Should().Contain("under 1%").And.Contain("SESOI");

        // Noisy data (CoV 10%): the label can be taken at face value, no warning.
        var noisy = StatisticalReport.Evaluate(new SampleSummary(20, 100, 10), new SampleSummary(20, 105, 11));
        noisy.Warning.Should().BeNull();
        noisy.Label.Should().Be(EffectSizeLabel.Small);
    }
}

public class AmdahlLawTests
{
    [Fact]
    public void Reproduces_the_posts_prediction()
    {
        // The post, Layer 3 and footnote 4: f = 0.057, S = 262 -> 1 / (1 - 0.057 + 0.057/262) = 1 / 0.9432 = 1.060, "6.0%".
        AmdahlLaw.PredictedTimeRatio(0.057, 262).Should().BeApproximately(0.9432, 0.00005);
        AmdahlLaw.OverallSpeedup(0.057, 262).Should().BeApproximately(1.060, 0.0005);
        AmdahlLaw.PredictedImprovementPercent(0.057, 262).Should().BeApproximately(6.0, 0.05);
        AmdahlLaw.PredictedTimeChangePercent(0.057, 262).Should().BeApproximately(-5.68, 0.005);
    }

    [Fact]
    public void Limits_behave()
    {
        AmdahlLaw.OverallSpeedup(0, 1000).Should().Be(1, "nothing sped up");
        AmdahlLaw.OverallSpeedup(1, 4).Should().BeApproximately(4, 1e-15, "everything sped up");
        AmdahlLaw.OverallSpeedup(0.5, 1e12).Should().BeApproximately(2, 1e-9, "the serial half caps the speedup at 2");
        FluentActions.Invoking(() => AmdahlLaw.OverallSpeedup(1.2, 2)).Should().Throw<ArgumentOutOfRangeException>();
        FluentActions.Invoking(() => AmdahlLaw.OverallSpeedup(0.5, 0)).Should().Throw<ArgumentOutOfRangeException>();
    }
}

public class ConfidenceIntervalTests
{
    [Fact]
    public void Half_width_is_t_times_the_standard_error()
    {
        // n = 20, s = 1: half-width = t(0.9995, 19) / √20 = 3.883 / 4.472 (t table value, see StudentTTests).
        var ci = ConfidenceInterval.ForMean(new SampleSummary(20, 10, 1));
        ci.HalfWidth.Should().BeApproximately(3.883 / Math.Sqrt(20), 0.0005 / Math.Sqrt(20));
        ci.Level.Should().Be(0.999);
        ci.Lower.Should().BeApproximately(10 - ci.HalfWidth, 1e-15);
    }

    [Fact]
    public void Overlap_matches_the_posts_two_runs()
    {
        // The post's intervals (mean ± BDN Error): 5 iterations [24.89, 25.71] vs [23.49, 28.73] overlap;
        // 20 iterations [25.08, 25.42] vs [25.53, 25.75] do not.
        new ConfidenceInterval(25.30, 0.408, 0.999).Overlaps(new ConfidenceInterval(26.11, 2.624, 0.999)).Should().BeTrue();
        new ConfidenceInterval(25.25, 0.173, 0.999).Overlaps(new ConfidenceInterval(25.64, 0.111, 0.999)).Should().BeFalse();
        new ConfidenceInterval(1, 1, 0.999).Overlaps(new ConfidenceInterval(3, 1, 0.999)).Should().BeTrue("touching intervals share a point");
    }

    [Fact]
    public void Needs_two_values()
    {
        FluentActions.Invoking(() => ConfidenceInterval.ForMean(new SampleSummary(1, 5, 0))).Should().Throw<ArgumentException>();
        SampleSummary.FromValues([2.0, 4.0, 6.0]).Should().Be(new SampleSummary(3, 4, 2));
    }
}
