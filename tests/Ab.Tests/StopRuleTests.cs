namespace Ab.Tests;

public class StopRuleTests
{
    private static readonly TimeSpan Budget = TimeSpan.FromMinutes(10);
    private static readonly TimeSpan Round = TimeSpan.FromSeconds(10);

    private static AbResult Result(AbVerdict verdict) => new("Work.Run", 1, 1, 1, 0.9, 1.1, 3, verdict);

    [Fact]
    public void Everything_decided_at_a_look_stops() =>
        StopRule.After(3, [Result(AbVerdict.Slower), Result(AbVerdict.Same)], Round * 3, Round, Budget, 40).Should().Be(StopReason.AllDecided);

    [Fact]
    public void One_undecided_benchmark_goes_on() =>
        StopRule.After(3, [Result(AbVerdict.Slower), Result(AbVerdict.Undecided)], Round * 3, Round, Budget, 40).Should().BeNull();

    [Fact]
    public void Only_a_look_stops_a_decided_run()
    {
        // 4 rounds is no look (3, 5, 8, ...): its verdicts are those of round 3, which did not stop the run.
        StopRule.After(4, [Result(AbVerdict.Faster)], Round * 4, Round, Budget, 40).Should().BeNull();
        StopRule.After(5, [Result(AbVerdict.Faster)], Round * 5, Round, Budget, 40).Should().Be(StopReason.AllDecided);
    }

    [Fact]
    public void A_round_that_would_overrun_the_budget_is_not_started()
    {
        StopRule.After(6, [Result(AbVerdict.Undecided)], TimeSpan.FromSeconds(591), Round, Budget, 40).Should().Be(StopReason.Budget);
        StopRule.After(6, [Result(AbVerdict.Undecided)], TimeSpan.FromSeconds(589), Round, Budget, 40).Should().BeNull();
    }

    [Fact]
    public void The_last_round_allowed_stops() =>
        StopRule.After(12, [Result(AbVerdict.Undecided)], Round * 12, Round, Budget, maxRounds: 12).Should().Be(StopReason.MaxRounds);
}
