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

    [Fact]
    public void Ratio_interval_comes_from_the_ends_of_both_intervals()
    {
        var slow = new RunFiles.BenchmarkResult("C", "Slow", new Dictionary<string, string>(), 200, 20, 5, 10, null, new Dictionary<string, string>(), "f");
        var fast = new RunFiles.BenchmarkResult("C", "Fast", new Dictionary<string, string>(), 100, 10, 3, 10, null, new Dictionary<string, string>(), "f");
        var ratio = RatioEstimate.Of(slow, fast);
        ratio.Value.Should().Be(2);
        ratio.Lower.Should().BeApproximately(180.0 / 110, 1e-12);
        ratio.Upper.Should().BeApproximately(220.0 / 90, 1e-12);
        ratio.Inverse().Upper.Should().BeApproximately(110.0 / 180, 1e-12);
    }

    [Fact]
    public void Every_published_claim_has_a_kind_the_judge_knows()
    {
        var numbers = PublishedNumbers.LoadDefault();
        foreach (string post in new[] { "engine", "why-benchmarks-lie", "enemies-of-measurement", "coordinated-omission", "statistics-that-matter", "hardware-counters" })
        {
            numbers.For(post).Claims.Should().OnlyContain(c => new[] { "ratio", "same", "value", "count", "amdahl", "prediction" }.Contains(c.Kind));
        }
    }
}
