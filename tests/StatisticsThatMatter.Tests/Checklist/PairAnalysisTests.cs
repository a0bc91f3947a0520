using LabStatistics;
using StatisticsThatMatter.Checklist;

namespace StatisticsThatMatter.Tests.Checklist;

public class PairAnalysisTests
{
    private static readonly CheckThresholds FivePercent = CheckThresholds.Default;

    [Fact]
    public void A_resolved_two_percent_difference_is_real_but_below_a_five_percent_SESOI()
    {
        var pair = Pair(Spread(25.25, 0.15, 20), Spread(25.75, 0.10, 20)); // +2%, CoV under 1%
        var analysis = PairAnalysis.Analyze(pair, FivePercent);
        analysis.Verdict.Should().Be(PairVerdict.RealButBelowSesoi);
        analysis.IntervalsOverlap.Should().BeFalse();
        analysis.Welch!.T.Should().BeNegative("the candidate is slower");
        analysis.Effect!.Warning.Should().NotBeNull("CoV is under 1%");

        PairAnalysis.Analyze(pair, FivePercent with { Sesoi = 0.01 }).Verdict.Should().Be(PairVerdict.RealAndAboveSesoi);
    }

    [Fact]
    public void Five_noisy_iterations_leave_the_difference_unresolved()
    {
        // Shaped like the post's 5-iteration run: 25.30 ± small vs 26.11 ± large.
        var pair = Pair([25.25, 25.30, 25.38, 25.22, 25.35], [25.2, 25.4, 26.9, 25.6, 27.4]);
        var analysis = PairAnalysis.Analyze(pair, FivePercent);
        analysis.Verdict.Should().Be(PairVerdict.Unresolved);
        analysis.IntervalsOverlap.Should().BeTrue();
        analysis.Reason.Should().Contain("not both below alpha");
    }

    [Fact]
    public void The_rank_test_must_agree_before_a_difference_counts_as_real()
    {
        // Five vs five, completely separated: Welch's p is tiny but the exact Mann-Whitney p cannot go below 2/252.
        var analysis = PairAnalysis.Analyze(Pair([100, 101, 102, 103, 104], [200, 201, 202, 203, 204]), FivePercent);
        analysis.Welch!.PValue.Should().BeLessThan(0.001);
        analysis.MannWhitney!.PValue.Should().BeApproximately(2.0 / 252, 1e-12);
        analysis.Verdict.Should().Be(PairVerdict.Unresolved);
    }

    [Fact]
    public void One_iteration_or_none_cannot_be_tested()
    {
        PairAnalysis.Analyze(Pair([10], [20]), FivePercent).Should().Match<PairAnalysis>(a =>
            a.Verdict == PairVerdict.Unresolved && a.Welch == null && a.BaselineCi == null && a.Ratio == 2);
        PairAnalysis.Analyze(Pair([10, 11], []), FivePercent).Reason.Should().Contain("Candidate has no measurements");
    }

    private static BenchmarkPair Pair(double[] baseline, double[] candidate)
    {
        var report = new BdnReport("synthetic.json", "synthetic", []);
        return new BenchmarkPair(report, Entry("Baseline", baseline), Entry("Candidate", candidate), []);
    }

    private static BenchmarkEntry Entry(string method, double[] values) =>
        new("Bench", method, "", "DefaultJob", $"Bench.{method}: DefaultJob", values, "test", null, null, null, [], null);

    // n values symmetric around mean with the given half-range (deterministic, distinct).
    private static double[] Spread(double mean, double halfRange, int n) =>
        Enumerable.Range(0, n).Select(i => mean - halfRange + 2 * halfRange * i / (n - 1)).ToArray();
}
