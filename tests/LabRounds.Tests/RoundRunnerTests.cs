using LabRounds;

namespace LabRounds.Tests;

/// <summary>
/// The point of rounds, on a fake machine: its speed halves for good part-way through the run (a state lasting
/// minutes). Side B does twice A's work. Measured in interleaved rounds the ratio stays at 2; measured in blocks (all of
/// A, then all of B) the slowdown lands on B alone and the ratio doubles.
/// </summary>
public class RoundRunnerTests
{
    private const double Work = 100;

    // Each measurement takes one tick; from tick 10 on, everything takes twice as long.
    private sealed class SwitchingMachine
    {
        private int _ticks;

        public double Time(double work) => work * (_ticks++ < 10 ? 1 : 2);
    }

    private static double WorkOf(string side) => side == "A" ? Work : 2 * Work;

    [Fact]
    public void Interleaved_rounds_keep_the_ratio_when_the_machine_changes_speed_mid_run()
    {
        var machine = new SwitchingMachine();

        var measured = RoundRunner.Run(new RoundSchedule(10, 99), ["A", "B"], (_, side) => machine.Time(WorkOf(side)));

        var ratio = measured.Ratio("B", "A");
        ratio.Median.Should().Be(2);
        ratio.Lower.Should().Be(2);
        ratio.Upper.Should().Be(2);
    }

    [Fact]
    public void Blocked_runs_of_the_same_sides_move_the_ratio()
    {
        var machine = new SwitchingMachine();
        var blocked = new RoundMeasurements<string>();
        foreach (string side in new[] { "A", "B" })
        {
            for (int round = 1; round <= 10; round++)
            {
                blocked.Add(side, round, machine.Time(WorkOf(side)));
            }
        }

        blocked.Ratio("B", "A").Median.Should().Be(4);
    }

    [Fact]
    public void Every_side_runs_once_per_round_in_the_schedules_order()
    {
        var schedule = new RoundSchedule(3, 5);
        var seen = new List<(int, string)>();

        RoundRunner.Run(schedule, ["A", "B", "C"], (round, side) => { seen.Add((round, side)); return 1; });

        seen.Should().Equal(schedule.Sequence(new[] { "A", "B", "C" }));
    }

    [Fact]
    public void Sides_measured_together_keep_the_ratio_whenever_the_machine_changes_speed()
    {
        var machine = new SwitchingMachine();

        // Both sides of a round see the machine at the same moment: one tick per round.
        var measured = RoundRunner.RunTogether(new RoundSchedule(20, 7), ["A", "B"], (_, order) =>
        {
            double factor = machine.Time(1);
            return order.Select(side => WorkOf(side) * factor).ToList();
        });

        var ratio = measured.Ratio("B", "A");
        ratio.Measured.Should().Be(20);
        ratio.Count.Should().Be(18, "judged at the last look, 18 rounds");
        (ratio.Lower, ratio.Median, ratio.Upper).Should().Be((2.0, 2.0, 2.0));
    }

    [Fact]
    public void Sides_measured_together_get_their_values_in_the_schedules_order()
    {
        var schedule = new RoundSchedule(6, 11);
        var orders = new List<IReadOnlyList<string>>();

        var measured = RoundRunner.RunTogether(schedule, ["A", "B"], (round, order) =>
        {
            orders.Add(order);
            return order.Select(side => side == "A" ? round : 10.0 * round).ToList();
        });

        orders.Should().BeEquivalentTo(Enumerable.Range(1, 6).Select(r => schedule.Order(r, new[] { "A", "B" })), o => o.WithStrictOrdering());
        measured.Of("B")[4].Should().Be(40);
        measured.Of("A")[4].Should().Be(4);
    }

    [Fact]
    public void A_round_that_is_not_started_ends_the_run_with_the_rounds_measured()
    {
        int started = 0;

        var measured = RoundRunner.Run(new RoundSchedule(10, 3), ["A", "B"], (_, _) => 1, startRound: round => ++started <= 4 && round <= 4);
        var together = RoundRunner.RunTogether(new RoundSchedule(10, 3), ["A", "B"], (_, order) => order.Select(_ => 1.0).ToList(),
            startRound: round => round <= 2);

        measured.Of("A").Keys.Should().Equal(1, 2, 3, 4);
        measured.Of("B").Keys.Should().Equal(1, 2, 3, 4);
        together.Of("B").Keys.Should().Equal(1, 2);
    }

    [Fact]
    public void A_measurement_that_returns_the_wrong_number_of_values_is_refused() =>
        FluentActions.Invoking(() => RoundRunner.RunTogether(new RoundSchedule(2, 1), ["A", "B"], (_, _) => [1.0]))
            .Should().Throw<InvalidOperationException>();

    [Fact]
    public void A_side_given_twice_is_refused()
    {
        FluentActions.Invoking(() => RoundRunner.Run(new RoundSchedule(2, 1), ["A", "A"], (_, _) => 1))
            .Should().Throw<ArgumentException>();
    }
}
