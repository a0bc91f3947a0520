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

    private const string Within = "met, interval entirely within the target";
    private const string Outside = "not met, interval entirely outside the target";
    private const string MetCrossing = "met by the mean; the interval crosses the target";
    private const string NotMetCrossing = "not met by the mean; the interval crosses the target";

    [Theory]
    [InlineData("at-most", 2, 1.5, 1.2, 1.8, Verdict.Reproduced, Within)]
    [InlineData("at-most", 2, 1.62, 1.05, 2.49, Verdict.Reproduced, MetCrossing)]       // the committed full run's 1-thread WAL cost
    [InlineData("at-most", 2, 2.0, 1.9, 2.0, Verdict.Reproduced, Within)]               // "at most" includes the target
    [InlineData("at-most", 2, 2.21, 1.72, 2.83, Verdict.NotReproduced, NotMetCrossing)]
    [InlineData("at-most", 1.15, 6.21, 5.75, 6.70, Verdict.NotReproduced, Outside)]
    [InlineData("at-least", 3e6, 4e6, 3.5e6, 4.5e6, Verdict.Reproduced, Within)]
    [InlineData("at-least", 3e6, 3.2e6, 2.9e6, double.PositiveInfinity, Verdict.Reproduced, MetCrossing)]
    [InlineData("at-least", 3e6, 2.51e6, 1.89e6, 3.77e6, Verdict.NotReproduced, NotMetCrossing)]
    [InlineData("at-least", 2e6, 1.13e6, 1.01e6, 1.28e6, Verdict.NotReproduced, Outside)]
    [InlineData("at-least", 0.5, 0.5, 0.5, 0.6, Verdict.Reproduced, Within)]            // "at least" includes the target
    [InlineData("within", 0.10, 1.05, 0.95, 1.08, Verdict.Reproduced, Within)]
    [InlineData("within", 0.10, 1.1, 0.9, 1.1, Verdict.Reproduced, Within)]             // both edges of the band count as within
    [InlineData("within", 0.10, 1.05, 0.85, 1.2, Verdict.Reproduced, MetCrossing)]
    [InlineData("within", 0.10, 0.85, 0.78, 0.92, Verdict.NotReproduced, NotMetCrossing)]
    [InlineData("within", 0.10, 0.73, 0.47, 1.13, Verdict.NotReproduced, NotMetCrossing)] // spans the whole band: not "outside"
    [InlineData("within", 0.10, 0.7, 0.6, 0.8, Verdict.NotReproduced, Outside)]
    [InlineData("within", 0.10, 1.3, 1.2, 1.4, Verdict.NotReproduced, Outside)]
    public void Target_rules(string kind, double target, double value, double lower, double upper, Verdict expected, string note)
    {
        var row = Judge.Target(Claim(kind, target), value, lower, upper, "shown");
        row.Verdict.Should().Be(expected);
        row.Note.Should().Be(note);
        row.Measured.Should().Be("shown");
    }

    [Fact]
    public void A_target_is_judged_on_the_mean_not_the_interval()
    {
        // The same interval, two means on either side of the target: the verdict follows the mean.
        Judge.Target(Claim("at-most", 2), 1.99, 1.5, 2.5, "x").Verdict.Should().Be(Verdict.Reproduced);
        Judge.Target(Claim("at-most", 2), 2.01, 1.5, 2.5, "x").Verdict.Should().Be(Verdict.NotReproduced);
    }

    [Fact]
    public void A_target_without_a_mean_or_with_a_mean_at_or_below_zero_is_not_measurable()
    {
        Judge.Target(Claim("at-least", 3e6), double.NaN, double.NaN, double.NaN, "n/a").Verdict.Should().Be(Verdict.NotMeasurableHere);
        Judge.Target(Claim("at-most", 2), 1.5, 0, double.PositiveInfinity, "x").Verdict.Should().Be(Verdict.NotMeasurableHere,
            "RatioEstimate's interval of a mean at or below zero");
        Judge.Target(Claim("at-least", 3e6), -2e9, double.NaN, double.NaN, "x").Verdict.Should().Be(Verdict.NotMeasurableHere);
    }

    [Fact]
    public void A_target_without_an_interval_is_judged_by_its_point_and_says_so()
    {
        var row = Judge.Target(Claim("at-least", 35), 36, double.NaN, double.NaN, "36×");
        row.Verdict.Should().Be(Verdict.Reproduced);
        row.Note.Should().Be("met (no interval to tell how firmly)");
        Judge.Target(Claim("within", 0.1), 1.2, double.NaN, double.NaN, "x").Verdict.Should().Be(Verdict.NotReproduced);
    }

    [Fact]
    public void A_kind_that_is_not_a_target_is_a_programming_error()
    {
        var act = () => Judge.Target(Claim("ratio", 2), 1.5, 1.2, 1.8, "x");
        act.Should().Throw<InvalidOperationException>().WithMessage("*'ratio' is not a target*");
    }

    [Fact]
    public void A_ratio_of_four_means_adds_the_four_log_variances()
    {
        // CV 0.1 and n = 3 each: variance on the log scale 4 · 0.01/3, Welch's df = (4v)² / (4v²/2) = 8,
        // t(0.9995, 8) = 5.041 (tables): half-width 5.041 · √(0.04/3) = 0.5821.
        var ratio = RatioEstimate.Of([Result(100, 10, 3), Result(60, 6, 3)], [Result(50, 5, 3), Result(40, 4, 3)]);
        ratio.Value.Should().Be(100.0 * 60 / (50 * 40));
        ratio.Lower.Should().BeApproximately(3 * Math.Exp(-0.5821), 2e-3);
        ratio.Upper.Should().BeApproximately(3 * Math.Exp(0.5821), 5e-3);
        RatioEstimate.Of([Result(100, 10, 3)], [Result(50, 5, 3)]).Should().Be(RatioEstimate.Of(Result(100, 10, 3), Result(50, 5, 3)));
        RatioEstimate.Of([Result(100, 10, 3), Result(60, 6, 1, error: double.NaN)], [Result(50, 5, 3)]).HasInterval.Should().BeFalse(
            "one single-iteration mean leaves the whole ratio a point");
    }

    [Fact]
    public void Every_published_claim_has_a_kind_the_judge_knows()
    {
        var numbers = PublishedNumbers.LoadDefault();
        foreach (string post in new[] { "hand-rolled-harness", "engine", "why-benchmarks-lie", "enemies-of-measurement", "coordinated-omission", "statistics-that-matter", "hardware-counters" })
        {
            numbers.For(post).Claims.Should().OnlyContain(c => new[] { "ratio", "same", "value", "count", "amdahl", "prediction", "dead-loop", "at-most", "at-least", "within" }.Contains(c.Kind));
        }
    }
}
