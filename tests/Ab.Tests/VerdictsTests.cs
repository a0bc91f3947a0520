namespace Ab.Tests;

public class VerdictsTests
{
    private static AbResult Judge(params double[] ratios) =>
        AbJudge.Judge("Work.Run", [.. ratios.Select(_ => 100.0)], [.. ratios.Select(r => 100.0 * r)], threshold: 0.02);

    [Fact]
    public void A_whole_interval_above_1_plus_threshold_is_slower() =>
        Judge(1.10, 1.11, 1.09).Verdict.Should().Be(AbVerdict.Slower);

    [Fact]
    public void A_whole_interval_below_1_over_1_plus_threshold_is_faster() =>
        Judge(0.90, 0.91, 0.89).Verdict.Should().Be(AbVerdict.Faster);

    [Fact]
    public void A_whole_interval_within_the_threshold_is_same() =>
        Judge(1.001, 0.999, 1.000, 1.002, 0.998).Verdict.Should().Be(AbVerdict.Same);

    [Fact]
    public void An_interval_across_an_edge_is_undecided()
    {
        var result = Judge(1.00, 1.08, 0.95);

        result.Verdict.Should().Be(AbVerdict.Undecided);
        result.Lower.Should().BeLessThan(1.02);
        result.Upper.Should().BeGreaterThan(1.02);
    }

    [Fact]
    public void Before_the_first_look_there_is_no_interval_and_nothing_is_decided()
    {
        var result = Judge(1.5, 1.5);

        result.Verdict.Should().Be(AbVerdict.Undecided);
        double.IsNaN(result.Lower).Should().BeTrue();
    }

    [Fact]
    public void Between_looks_the_interval_is_the_last_looks()
    {
        // 4 rounds is no look (3, 5, 8, ...): the interval rests on the first 3, so a wild fourth round changes nothing yet.
        var three = Judge(1.10, 1.11, 1.09);
        var four = Judge(1.10, 1.11, 1.09, 3.0);

        four.Rounds.Should().Be(3);
        four.Lower.Should().Be(three.Lower);
        four.Upper.Should().Be(three.Upper);
        four.Verdict.Should().Be(AbVerdict.Slower);
        four.Ratios.Should().HaveCount(4, "every round's ratio is kept for summary.json");
    }

    [Fact]
    public void Fail_on_slower_exits_3_only_when_a_benchmark_is_slower()
    {
        var slower = Judge(1.10, 1.11, 1.09);
        var same = Judge(1.001, 0.999, 1.000, 1.002, 0.998);
        var faster = Judge(0.90, 0.91, 0.89);

        AbJudge.FailOnExitCode([same, slower], FailOn.Slower).Should().Be(3);
        AbJudge.FailOnExitCode([same, faster], FailOn.Slower).Should().Be(0);
        AbJudge.FailOnExitCode([same, faster], FailOn.Change).Should().Be(3);
        AbJudge.FailOnExitCode([slower], FailOn.Never).Should().Be(0);
    }
}
