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
    public void A_side_given_twice_is_refused()
    {
        FluentActions.Invoking(() => RoundRunner.Run(new RoundSchedule(2, 1), ["A", "A"], (_, _) => 1))
            .Should().Throw<ArgumentException>();
    }
}
