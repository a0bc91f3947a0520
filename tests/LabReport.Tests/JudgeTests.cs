using LabReport.Claims;
using LabReport.RunFiles;

namespace LabReport.Tests;

/// <summary>Each kind's rule on hand-made estimates, and the interval arithmetic they stand on.</summary>
public class JudgeTests
{
    private static PublishedClaim Claim(string kind, double value, double? sesoi = null, string valueText = "") =>
        new("id", "section", "claim", kind, value, null, "shown") { Sesoi = sesoi, ValueText = valueText.Length > 0 ? valueText : value.ToString(System.Globalization.CultureInfo.InvariantCulture) };

    private static RatioEstimate Est(double value, double lower, double upper) => new(value, lower, upper, true);

    private static ClaimRow Judged(string kind, double post, RatioEstimate measured, double? sesoi = null) => Judge.Estimate(Claim(kind, post, sesoi), measured, "shown");

    [Theory]
    [InlineData(17.0, 8.5, 34.0)]        // a large ratio: the ratio band binds
    [InlineData(0.2, 0.1, 0.4)]
    [InlineData(1.0154, 1.00767, 1.03103)] // a 1.5% effect: the effect band (ln ratio ×/÷ 2) binds, not 0.51–2.03×
    [InlineData(0.9207, 0.84771, 0.95954)]
    public void The_ratio_band_is_two_times_the_ratio_and_the_effect(double post, double low, double high)
    {
        var (l, h) = RatioRule.Band(post);
        l.Should().BeApproximately(low, 1e-4);
        h.Should().BeApproximately(high, 1e-4);
    }

    [Theory]
    [InlineData(4, 3.0, 2.5, 3.5, Verdict.Reproduced, null)]
    [InlineData(4, 20.0, 18, 22, Verdict.DirectionOnly, null)]
    [InlineData(4, 0.5, 0.4, 0.6, Verdict.NotReproduced, null)]     // resolved the other way
    [InlineData(4, 1.1, 0.9, 2.5, Verdict.Borderline, "1")]         // unresolved: "could not tell" is borderline, not "not reproduced"
    [InlineData(17.6, 1.05, 0.49, 2.25, Verdict.SizeRuledOut, null)] // unresolved, but entirely below 8.8×: the post's size ruled out
    [InlineData(4, 2.5, 1.5, 3.0, Verdict.Borderline, "2.00×")]     // resolved; straddles the band's low edge
    [InlineData(0.2, 0.3, 0.28, 0.32, Verdict.Reproduced, null)]    // below 1, on its own side
    [InlineData(1.0154, 1.8, 1.7, 1.9, Verdict.DirectionOnly, null)] // the issue's case: 1.8× no longer reproduces a 1.5% claim
    public void Ratio_rules(double post, double value, double lower, double upper, Verdict expected, string? threshold)
    {
        var row = Judged("ratio", post, Est(value, lower, upper));
        row.Verdict.Should().Be(expected, row.Note);
        row.Threshold.Should().Be(threshold);
    }

    [Fact]
    public void A_point_ratio_without_interval_is_judged_by_its_value_and_says_so()
    {
        var row = Judged("ratio", 182.4, RatioEstimate.Point(166));
        row.Verdict.Should().Be(Verdict.Reproduced);
        row.Note.Should().Contain("no interval: judged by its point");
        Judged("ratio", 3.7, RatioEstimate.Point(1.02)).Verdict.Should().Be(Verdict.DirectionOnly, "a 2% effect is far below a 3.7× one");
    }

    [Fact]
    public void A_mean_at_or_below_zero_or_no_mean_is_not_measurable()
    {
        Judged("ratio", 4, new RatioEstimate(3, 0, double.PositiveInfinity, true)).Verdict.Should().Be(Verdict.NotMeasurableHere);
        Judged("at-least", 35, RatioEstimate.Point(double.NaN)).Verdict.Should().Be(Verdict.NotMeasurableHere);
    }

    [Theory]
    [InlineData("at-least", 35, 40, 38, 42, Verdict.Reproduced)]
    [InlineData("at-least", 35, 34.34, 32.36, 36.44, Verdict.Borderline)] // the committed full run's 2-thread batch against SQLite
    [InlineData("at-least", 35, 30, 28, 32, Verdict.NotReproduced)]
    [InlineData("at-least", 0.5, 0.5, 0.5, 0.6, Verdict.Reproduced)]     // the bound itself meets "at least"
    [InlineData("at-most", 0.001, 0.0005, 0.0001, 0.0009, Verdict.Reproduced)]
    [InlineData("at-most", 2, 2.21, 1.72, 2.83, Verdict.Borderline)]
    [InlineData("at-most", 2, 2.78, 2.51, 3.09, Verdict.NotReproduced)]
    public void Bound_rules(string kind, double bound, double value, double lower, double upper, Verdict expected)
    {
        var row = Judged(kind, bound, Est(value, lower, upper));
        row.Verdict.Should().Be(expected, row.Note);
        if (expected == Verdict.Borderline)
        {
            row.Threshold.Should().Be($"{(kind == "at-least" ? "≥" : "≤")} {Format.Number(bound)}×");
        }
    }

    [Fact]
    public void A_bound_without_interval_is_judged_by_its_point()
    {
        Judged("at-least", 10, RatioEstimate.Point(16363)).Verdict.Should().Be(Verdict.Reproduced);
        Judged("at-most", 0.833, RatioEstimate.Point(1.2)).Verdict.Should().Be(Verdict.NotReproduced);
    }

    [Theory]
    [InlineData(1.02, 0.97, 1.04, Verdict.Reproduced, null)]
    [InlineData(1.04, 0.85, 1.27, Verdict.Borderline, "±10%")]   // the issue's case: wide around 1 is no longer "no difference"
    [InlineData(1.05, 0.99, 1.12, Verdict.Borderline, "1.10×")]
    [InlineData(2.07, 1.89, 2.26, Verdict.NotReproduced, null)]  // StripedTable over ConcurrentDictionary, committed full run
    public void Equivalence_rules(double value, double lower, double upper, Verdict expected, string? threshold)
    {
        var row = Judged("equivalence", 1.0, Est(value, lower, upper), sesoi: 0.10);
        row.Verdict.Should().Be(expected, row.Note);
        row.Threshold.Should().Be(threshold);
    }

    [Fact]
    public void An_equivalence_claim_without_a_sesoi_is_a_programming_error()
    {
        var act = () => Judged("equivalence", 1.0, Est(1, 0.99, 1.01));
        act.Should().Throw<InvalidOperationException>().WithMessage("*needs a sesoi*");
    }

    [Theory]
    [InlineData(1.005, 1.002, 1.008, Verdict.Reproduced, null)]        // resolved, inside ±2%: real but trivial
    [InlineData(0.995, 0.991, 0.998, Verdict.Reproduced, null)]        // either direction is trivial
    [InlineData(1.0, 0.99, 1.01, Verdict.Borderline, "1")]             // not shown real
    [InlineData(1.02, 1.01, 1.03, Verdict.Borderline, "the SESOI edge 1.02×")]
    [InlineData(0.74, 0.66, 0.84, Verdict.NotReproduced, null)]        // the committed full run's SumSpan: not trivial
    public void Trivial_rules(double value, double lower, double upper, Verdict expected, string? threshold)
    {
        var row = Judged("trivial", 1.0051, Est(value, lower, upper), sesoi: 0.02);
        row.Verdict.Should().Be(expected, row.Note);
        row.Threshold.Should().Be(threshold);
    }

    [Theory]
    [InlineData("relative", 0.289, 0.2, 0.15, 0.25, Verdict.Reproduced)]
    [InlineData("relative", 0.289, 0.12, 0.11, 0.13, Verdict.NotReproduced)]
    [InlineData("relative", 0.289, 0.15, 0.12, 0.18, Verdict.Borderline)]
    [InlineData("value", 1.07, 1.18, 1.18, 1.18, Verdict.Reproduced)]
    [InlineData("value", 60, 778.3, 778.3, 778.3, Verdict.NotReproduced)]
    public void Relative_and_value_rules(string kind, double post, double value, double lower, double upper, Verdict expected) =>
        Judged(kind, post, Est(value, lower, upper)).Verdict.Should().Be(expected);

    [Theory]
    [InlineData("23.9", 27.53, Verdict.NotReproduced)]
    [InlineData("23.9", 23.94, Verdict.Reproduced)]   // equal to the post's one decimal
    [InlineData("3.18", 3.10, Verdict.NotReproduced)]
    [InlineData("124", 124, Verdict.Reproduced)]
    [InlineData("27", 28, Verdict.NotReproduced)]
    public void Exact_claims_hold_to_the_posts_decimals(string post, double measured, Verdict expected)
    {
        var claim = Claim("exact", double.Parse(post, System.Globalization.CultureInfo.InvariantCulture), valueText: post);
        Judge.Exact(claim, measured, "x").Verdict.Should().Be(expected);
        Judge.Exact(claim, double.NaN, "x").Verdict.Should().Be(Verdict.NotMeasurableHere);
    }

    [Fact]
    public void An_exact_claim_in_rounds_is_borderline_when_the_rounds_differ_and_some_give_the_posts_number()
    {
        // E1's SumPayloadWarm in 96eaad1's second full run: the post's 49 B (Tier-1) in four processes, Tier-0's 185 B in one.
        var claim = Claim("exact", 49, valueText: "49");
        var mixed = Judge.Exact(claim, [49, 49, 49, 185, 49], "x");
        mixed.Verdict.Should().Be(Verdict.Borderline);
        mixed.Threshold.Should().Be("49");
        mixed.Note.Should().Contain("the 5 rounds differ (49 in 4, 185 in 1)");
        Judge.Exact(claim, [185, 185, 185], "x").Verdict.Should().Be(Verdict.NotReproduced, "every round agrees, on another number");
        Judge.Exact(claim, [49, 49, 49], "x").Verdict.Should().Be(Verdict.Reproduced);
        Judge.Exact(claim, [185, 124, 185], "x").Verdict.Should().Be(Verdict.NotReproduced, "the rounds differ, and none gives the post's");
        Judge.Exact(claim, [49.2, 48.9], "x").Verdict.Should().Be(Verdict.Reproduced, "equal at the post's decimals");
        Judge.Exact(claim, [49, double.NaN], "x").Verdict.Should().Be(Verdict.NotMeasurableHere);
        Judge.Exact(claim, Array.Empty<double>(), "x").Verdict.Should().Be(Verdict.NotMeasurableHere);
    }

    [Fact]
    public void Shape_rules()
    {
        var claim = Claim("shape", 1.5);
        ShapePart Part(string label, double low, double high, bool above) => new(label, Est(Math.Sqrt(low * high), low, high), above);
        Judge.Shape(claim, [Part("a", 3.9, 5.5, true), Part("b", 10, 20, true)], "x").Verdict.Should().Be(Verdict.Reproduced);
        Judge.Shape(claim, [Part("a", 0.7, 0.9, true), Part("b", 10, 20, true)], "x").Verdict.Should().Be(Verdict.NotReproduced);
        var open = Judge.Shape(claim, [Part("1 thread", 0.7, 0.9, false), Part("4 threads", 0.35, 3.67, true)], "x");
        open.Verdict.Should().Be(Verdict.Borderline);
        open.Threshold.Should().Be("1 (4 threads)");
        Judge.Shape(claim, [Part("a", 0.78, 1.03, false), Part("b", 0.5, 0.8, true)], "x").Verdict.Should().Be(Verdict.NotReproduced, "one part against the shape decides");
    }

    private static BenchmarkResult Result(double mean, double sd, int? n, double error = double.NaN, int round = 0) =>
        new("C", "M", new Dictionary<string, string>(), mean, double.IsNaN(error) ? sd : error, sd, n, null, new Dictionary<string, string>(), "f") { Round = round };

    [Fact]
    public void Unresolved_asks_whether_the_two_99_9_percent_intervals_overlap_in_every_round()
    {
        UnresolvedRule.Judge([(Result(26.11, 0.681, 5, 2.624), Result(25.30, 0.063, 5, 0.408))])!.Value.Verdict.Should().Be(Verdict.Reproduced, "the post's own 5-iteration run");
        UnresolvedRule.Judge([(Result(21.0, 1, 4, 2.86), Result(17.0, 0.3, 5, 0.624))])!.Value.Verdict.Should().Be(Verdict.NotReproduced);
        var mixed = UnresolvedRule.Judge([(Result(26, 1, 5, 2, 1), Result(25, 1, 5, 0.5, 1)), (Result(30, 1, 5, 0.5, 2), Result(25, 1, 5, 0.5, 2))])!.Value;
        mixed.Verdict.Should().Be(Verdict.Borderline);
        mixed.Note.Should().Contain("overlap in 1 of 2 rounds");
        UnresolvedRule.Judge([(Result(26, 1, 1), Result(25, 1, 1, double.PositiveInfinity))]).Should().BeNull("one side without an interval decides nothing");
    }

    [Fact]
    public void Unresolved_is_judged_on_the_gaps_of_the_rounds_like_a_ratio()
    {
        // Rounds apart (gap 1 ms over a reach of 0.5 ms: 2) and rounds that overlap (0.8 ms: 0.8 — nearly touching).
        (BenchmarkResult, BenchmarkResult) Round(int round, double error) => (Result(26, 0.1, 5, error, round), Result(25, 0.1, 5, 0.25, round));
        var apart = UnresolvedRule.Judge([.. Enumerable.Range(1, 8).Select(r => Round(r, r % 2 == 0 ? 0.25 : 0.3))])!.Value;
        apart.Verdict.Should().Be(Verdict.NotReproduced);
        apart.Note.Should().Contain("overlap in 0 of 8 rounds").And.Contain("the rounds' median");
        var mixed = UnresolvedRule.Judge([.. Enumerable.Range(1, 6).Select(r => Round(r, 0.25)), Round(7, 1), Round(8, 1)])!.Value;
        mixed.Verdict.Should().Be(Verdict.Borderline, "two rounds that overlap widen the interval across 1");
        mixed.Straddling.Should().NotBeNull();
        mixed.At.Should().Be(1);
        UnresolvedRule.Judge([.. Enumerable.Range(1, 8).Select(r => Round(r, r % 2 == 0 ? 1.0 : 1.2))])!.Value.Verdict.Should().Be(Verdict.Reproduced);
    }

    [Theory]
    [InlineData(26, 2, 25, 0.5, 0.4)]
    [InlineData(26, 0.25, 25, 0.25, 2)]
    [InlineData(25, 0, 25, 0, 0)]
    public void The_gap_over_the_half_widths_sum_is_at_most_1_exactly_when_the_intervals_overlap(double a, double ea, double b, double eb, double gap)
    {
        UnresolvedRule.Gap(Result(a, 1, 5, ea), Result(b, 1, 5, eb)).Should().BeApproximately(gap, 1e-12);
        UnresolvedRule.Gap(Result(26, 1, 5, 0), Result(25, 1, 5, 0)).Should().Be(double.MaxValue, "two points apart are apart");
    }

    [Fact]
    public void The_sort_ratio_is_carried_from_10000_to_12800_by_n_over_ln_n()
    {
        var claim = Claim("ratio", 49.7) with { Rescale = (10_000, 12_800) };
        var (value, how) = Rescale.Apply(claim);
        value.Should().BeApproximately(49.7 * (12_800 / Math.Log(12_800)) / (10_000 / Math.Log(10_000)), 1e-9);
        value.Should().BeApproximately(61.96, 0.01, "about 62×, as the issue computed");
        how.Should().Contain("61.96× at 12,800 by n / ln n");
        Judge.Estimate(claim, Est(33.0, 32.57, 33.44), "x").Verdict.Should().Be(Verdict.Reproduced, "33× is inside 31–124×, the band around 62×");
    }

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
        Judge.Ratio(Claim("ratio", 2), ratio).Verdict.Should().Be(Verdict.Borderline, "[0.99×; 4.04×] includes 1: could not tell");
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
    public void A_ratio_of_four_means_adds_the_four_log_variances()
    {
        // CV 0.1 and n = 3 each: variance on the log scale 4 · 0.01/3, Welch's df = (4v)² / (4v²/2) = 8,
        // t(0.9995, 8) = 5.041 (tables): half-width 5.041 · √(0.04/3) = 0.5821.
        var ratio = RatioEstimate.Of([Result(100, 10, 3), Result(60, 6, 3)], [Result(50, 5, 3), Result(40, 4, 3)]);
        ratio.Value.Should().Be(100.0 * 60 / (50 * 40));
        ratio.Lower.Should().BeApproximately(3 * Math.Exp(-0.5821), 2e-3);
        ratio.Upper.Should().BeApproximately(3 * Math.Exp(0.5821), 5e-3);
    }

    [Fact]
    public void A_difference_ratio_adds_the_variances_of_each_difference_on_the_log_scale()
    {
        // (8335 - 422) / (7934 - 33), each mean with sd 10 over n = 10: Var(difference) = 2 · 10, relative 20/7913², 20/7901².
        var ratio = DifferenceRatio.Of(Result(8335, 10, 10), Result(422, 10, 10), Result(7934, 10, 10), Result(33, 10, 10));
        ratio.Value.Should().BeApproximately(7913.0 / 7901, 1e-9);
        double half = LabStatistics.StudentT.Quantile(0.9995, 9) * Math.Sqrt(20.0 / (7913.0 * 7913) + 20.0 / (7901.0 * 7901));
        ratio.Upper.Should().BeApproximately(ratio.Value * Math.Exp(half), 1e-9);
        ratio.Level.Should().Be(RatioEstimate.ProcessLevel);
    }

    [Fact]
    public void The_measured_column_prints_the_intervals_level_and_rounds()
    {
        Interval.Ratio(Est(3.2, 2.8, 3.6)).Should().Be("3.20× [2.80×; 3.60×] (99.9% CI)");
        Interval.Ratio(Est(3.2, 2.8, 3.6) with { Level = 0.95, Rounds = 5 }).Should().Be("3.20× [2.80×; 3.60×] (95% CI, 5 rounds)");
        Interval.Ratio(RatioEstimate.Point(1.05)).Should().Be("1.05× (no interval)");
    }

    [Fact]
    public void Every_published_claim_has_a_kind_the_judge_knows_and_what_its_kind_needs()
    {
        foreach (var post in PublishedNumbers.LoadDefault().Posts)
        {
            foreach (var claim in post.Claims)
            {
                ClaimKinds.All.Should().Contain(claim.Kind, claim.Id);
                if (claim.Kind is ClaimKinds.Equivalence or ClaimKinds.Trivial)
                {
                    claim.Sesoi.Should().BeInRange(0.001, 0.5, $"{claim.Id} states its SESOI");
                    claim.SesoiWhy.Should().NotBeNullOrWhiteSpace(claim.Id);
                    claim.Display.Should().Contain($"±{Format.Percent(claim.Sesoi!.Value)}", $"{claim.Id} prints its SESOI");
                }
            }
        }
    }

    [Fact]
    public void The_rules_section_lists_every_kind()
    {
        string rules = string.Join("\n", ClaimRules.Lines);
        foreach (string kind in new[] { "**ratio**", "**at least / at most**", "**equivalence**", "**resolved but trivial**", "**relative**", "**value**",
                     "**shape**", "**exact**", "**unresolved**", "*information only*", "*borderline*", "**premises**", "**conditions**", "*machine drifted*" })
        {
            rules.Should().Contain(kind);
        }
    }
}
