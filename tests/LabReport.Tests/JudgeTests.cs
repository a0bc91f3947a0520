namespace LabReport.Tests;

public class JudgeTests
{
    private static PublishedClaim Claim(string kind, double value) => new("id", "section", "claim", kind, value, null, "shown");

    [Theory]
    [InlineData(3.0, 2.5, 3.5, Verdict.Reproduced)]      // within 2× of 4, excludes 1 above
    [InlineData(20.0, 18, 22, Verdict.DirectionOnly)]    // 5× from 4
    [InlineData(0.5, 0.4, 0.6, Verdict.NotReproduced)]   // the other direction
    [InlineData(1.1, 0.9, 1.3, Verdict.NotReproduced)]   // unresolved
    public void Ratio_rules(double value, double lower, double upper, Verdict expected) =>
        Judge.Ratio(Claim("ratio", 4), new RatioEstimate(value, lower, upper, true)).Verdict.Should().Be(expected);

    [Fact]
    public void An_unbounded_interval_is_not_measurable() =>
        Judge.Ratio(Claim("ratio", 4), new RatioEstimate(3, 0.5, double.PositiveInfinity, true)).Verdict.Should().Be(Verdict.NotMeasurableHere);

    [Fact]
    public void A_ratio_below_one_is_judged_on_its_own_side() =>
        Judge.Ratio(Claim("ratio", 0.2), new RatioEstimate(0.3, 0.28, 0.32, true)).Verdict.Should().Be(Verdict.Reproduced);

    [Theory]
    [InlineData(1.03, 0.95, 1.1, Verdict.Reproduced)]     // interval includes 1
    [InlineData(1.04, 1.01, 1.07, Verdict.Reproduced)]    // resolved but within the 5% SESOI
    [InlineData(0.77, 0.62, 0.96, Verdict.NotReproduced)] // a resolved 23% difference
    public void No_difference_rules(double value, double lower, double upper, Verdict expected) =>
        Judge.Ratio(Claim("same", 1.0), new RatioEstimate(value, lower, upper, true)).Verdict.Should().Be(expected);

    [Fact]
    public void A_point_ratio_without_interval_is_judged_by_its_value()
    {
        Judge.Ratio(Claim("ratio", 182), RatioEstimate.Point(168)).Verdict.Should().Be(Verdict.Reproduced);
        Judge.Ratio(Claim("ratio", 3.7), RatioEstimate.Point(1.02)).Verdict.Should().Be(Verdict.DirectionOnly);
    }

    [Fact]
    public void Values_within_2x_and_exact_counts()
    {
        Judge.Value(Claim("value", 1.07), 1.16, "x").Verdict.Should().Be(Verdict.Reproduced);
        Judge.Value(Claim("value", 60), 3566, "x").Verdict.Should().Be(Verdict.NotReproduced);
        Judge.Value(Claim("count", 27), 27, "x").Verdict.Should().Be(Verdict.Reproduced);
        Judge.Value(Claim("count", 27), 28, "x").Verdict.Should().Be(Verdict.NotReproduced);
        Judge.Value(Claim("value", 1), double.NaN, "x").Verdict.Should().Be(Verdict.NotMeasurableHere);
    }

    private static RunFiles.BenchmarkResult Result(double mean, double sd, int? n, double error = double.NaN) =>
        new("C", "M", new Dictionary<string, string>(), mean, double.IsNaN(error) ? sd : error, sd, n, null, new Dictionary<string, string>(), "f");

    [Fact]
    public void Three_iterations_per_side_give_a_wide_but_finite_ratio_interval()
    {
        // Equal CVs (0.1) and n = 3 each: Welch's df = 2(n - 1) = 4, t(0.9995, 4) = 8.610 (tables),
        // half-width on the log scale 8.610 · √(0.01/3 + 0.01/3) = 0.7030.
        var ratio = RatioEstimate.Of(Result(100, 10, 3), Result(50, 5, 3));
        ratio.Value.Should().Be(2);
        ratio.Lower.Should().BeApproximately(2 * Math.Exp(-0.7030), 2e-3);
        ratio.Upper.Should().BeApproximately(2 * Math.Exp(0.7030), 1e-2);
        ratio.IsBounded.Should().BeTrue("each mean's own 99.9% interval reaches below zero (t(0.9995, 2) · 10 / √3 = 182), but the ratio's does not");
        ratio.Inverse().Upper.Should().BeApproximately(1 / ratio.Lower, 1e-12);
        Judge.Ratio(Claim("ratio", 2), ratio).Verdict.Should().Be(Verdict.NotReproduced, "[0.99×; 4.04×] includes 1: unresolved, not unmeasurable");
    }

    [Fact]
    public void A_mean_at_or_below_zero_leaves_the_ratio_unbounded()
    {
        var ratio = RatioEstimate.Of(Result(100, 10, 10), Result(-0.2, 0.5, 10));
        ratio.IsBounded.Should().BeFalse();
        Judge.Ratio(Claim("ratio", 2), ratio).Verdict.Should().Be(Verdict.NotMeasurableHere);
    }

    [Theory]
    [InlineData(0.902, 0.049, 3)]   // post 1's ShortRun row: Error / StdDev = t(0.9995, 2) / √3 = 18.24
    [InlineData(1.512, 1.0, 10)]    // t(0.9995, 9) / √10
    public void A_table_without_its_iteration_count_gives_it_through_error_over_stddev(double error, double sd, int expected) =>
        RatioEstimate.SampleSize(Result(10, sd, null, error)).Should().Be(expected);

    [Fact]
    public void Every_published_claim_has_a_kind_the_judge_knows()
    {
        var numbers = PublishedNumbers.LoadDefault();
        foreach (string post in new[] { "hand-rolled-harness", "engine", "why-benchmarks-lie", "enemies-of-measurement", "coordinated-omission", "statistics-that-matter", "hardware-counters" })
        {
            numbers.For(post).Claims.Should().OnlyContain(c => new[] { "ratio", "same", "value", "count", "amdahl", "prediction", "dead-loop" }.Contains(c.Kind));
        }
    }
}
