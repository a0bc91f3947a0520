namespace Ab.Tests;

public class AbRoundsTests
{
    private static readonly AbOptions Options = new() { A = "a", B = "b", Project = "p", Budget = TimeSpan.FromMinutes(10) };

    /// <summary>A side that takes <paramref name="seconds"/> on the manual clock and measures B at <paramref name="ratio"/> times A (plus a per-round wobble).</summary>
    private static MeasureSide Fake(ManualClock clock, List<string> calls, double ratio, double seconds = 5, int failAt = 0) => (side, round, _) =>
    {
        calls.Add($"{round}{side}");
        clock.Advance(TimeSpan.FromSeconds(seconds));
        if (round == failAt)
        {
            throw new SideFailedException("side B exited with 1");
        }

        double wobble = 1 + 0.001 * (round % 3);
        return new Dictionary<string, double> { ["Work.Run"] = 100 * wobble * (side == "B" ? ratio : 1), ["Work.Other"] = 50 * wobble };
    };

    [Fact]
    public void Sides_alternate_A_B_then_B_A()
    {
        var clock = new ManualClock();
        var calls = new List<string>();

        Rounds.Run(Fake(clock, calls, 1.10), Options, clock, _ => { }, CancellationToken.None);

        calls.Take(6).Should().Equal("1A", "1B", "2B", "2A", "3A", "3B");
    }

    /// <summary>B/A of 1.05 and 0.99 in turn: never decided at 2%; each side takes 5 s on the manual clock.</summary>
    private static MeasureSide Undecided(ManualClock clock, List<string> calls) => (side, round, _) =>
    {
        calls.Add($"{round}{side}");
        clock.Advance(TimeSpan.FromSeconds(5));
        return new Dictionary<string, double> { ["Work.Run"] = side == "B" ? (round % 2 == 0 ? 105 : 99) : 100 };
    };

    [Fact]
    public void Sequential_runs_every_A_up_to_the_next_look_then_every_B()
    {
        var clock = new ManualClock();
        var calls = new List<string>();

        var outcome = Rounds.Run(Undecided(clock, calls), Options with { Method = AbMethod.Sequential, MaxRounds = 8 }, clock, _ => { }, CancellationToken.None);

        calls.Should().Equal("1A", "2A", "3A", "1B", "2B", "3B", "4A", "5A", "4B", "5B", "6A", "7A", "8A", "6B", "7B", "8B");
        outcome.Rounds.Should().Be(8);
        outcome.Reason.Should().Be(StopReason.MaxRounds);
    }

    [Fact]
    public void A_sequential_block_stops_at_the_last_round_allowed_even_between_looks()
    {
        var clock = new ManualClock();
        var calls = new List<string>();

        var outcome = Rounds.Run(Undecided(clock, calls), Options with { Method = AbMethod.Sequential, MaxRounds = 10 }, clock, _ => { }, CancellationToken.None);

        outcome.Rounds.Should().Be(10);
        outcome.Reason.Should().Be(StopReason.MaxRounds);
        calls.TakeLast(4).Should().Equal("9A", "10A", "9B", "10B");
    }

    [Fact]
    public void A_sequential_block_that_would_overrun_the_budget_is_not_started()
    {
        var clock = new ManualClock();
        // Rounds of 10 s: the first block (3 rounds) ends at 30 s; the next (2 rounds) would end at 50 s > 45 s.
        var outcome = Rounds.Run(Undecided(clock, []), Options with { Method = AbMethod.Sequential, Budget = TimeSpan.FromSeconds(45) }, clock, _ => { },
            CancellationToken.None);

        outcome.Reason.Should().Be(StopReason.Budget);
        outcome.Rounds.Should().Be(3);
    }

    [Fact]
    public void Duet_measures_both_sides_of_a_round_at_once()
    {
        var clock = new ManualClock();
        using var bothStarted = new Barrier(2, _ => clock.Advance(TimeSpan.FromSeconds(5)));
        var outcome = Rounds.Run((side, round, token) =>
        {
            // Each side waits for the other to have started: one after the other, the first would time out here.
            bool together = bothStarted.SignalAndWait(TimeSpan.FromSeconds(10), token);

            return together ? new Dictionary<string, double> { ["Work.Run"] = side == "B" ? 110 : 100 } : throw new SideFailedException("sides ran one after the other");
        }, Options with { Method = AbMethod.Duet }, clock, _ => { }, CancellationToken.None);

        outcome.Reason.Should().Be(StopReason.AllDecided);
        outcome.Results.Single().Verdict.Should().Be(AbVerdict.Slower);
    }

    [Fact]
    public void A_clear_slowdown_and_an_unchanged_benchmark_stop_at_the_first_look()
    {
        var clock = new ManualClock();
        var outcome = Rounds.Run(Fake(clock, [], 1.10), Options, clock, _ => { }, CancellationToken.None);

        outcome.Reason.Should().Be(StopReason.AllDecided);
        outcome.Rounds.Should().Be(3);
        outcome.Results.Select(r => (r.Name, r.Verdict)).Should().Equal(("Work.Other", AbVerdict.Same), ("Work.Run", AbVerdict.Slower));
        outcome.Wall.Should().Be(TimeSpan.FromSeconds(30));
    }

    [Fact]
    public void A_change_at_the_threshold_stays_undecided_until_the_budget_ends()
    {
        var clock = new ManualClock();
        // B/A of 1.02 wobbles across the edge: never decided; 10 s rounds, 60 s budget: the sixth round would end at 60 s
        // (allowed), the seventh would overrun.
        var options = Options with { Budget = TimeSpan.FromSeconds(60) };
        var outcome = Rounds.Run((side, round, t) =>
        {
            clock.Advance(TimeSpan.FromSeconds(5));
            return new Dictionary<string, double> { ["Work.Run"] = side == "B" ? 102 + (round % 2 == 0 ? 1 : -1) : 100 };
        }, options, clock, _ => { }, CancellationToken.None);

        outcome.Reason.Should().Be(StopReason.Budget);
        outcome.Rounds.Should().Be(6);
        outcome.Results.Single().Verdict.Should().Be(AbVerdict.Undecided);
    }

    [Fact]
    public void A_failing_side_ends_the_rounds_with_what_was_measured()
    {
        var clock = new ManualClock();
        var outcome = Rounds.Run(Fake(clock, [], 1.0, failAt: 2), Options, clock, _ => { }, CancellationToken.None);

        outcome.Reason.Should().Be(StopReason.Failed);
        outcome.Rounds.Should().Be(1);
        outcome.Problem.Should().Be("side B exited with 1");
    }

    [Fact]
    public void Cancellation_ends_the_rounds_as_interrupted()
    {
        var clock = new ManualClock();
        using var stop = new CancellationTokenSource();
        var calls = new List<string>();
        var fake = Fake(clock, calls, 1.0);
        var outcome = Rounds.Run((side, round, token) =>
        {
            if (round == 2)
            {
                stop.Cancel();
                token.ThrowIfCancellationRequested();
            }

            return fake(side, round, token);
        }, Options, clock, _ => { }, stop.Token);

        outcome.Reason.Should().Be(StopReason.Interrupted);
        outcome.Rounds.Should().Be(1);
    }

    [Fact]
    public void Benchmarks_only_one_side_has_are_left_out()
    {
        var clock = new ManualClock();
        var outcome = Rounds.Run((side, round, _) =>
        {
            clock.Advance(TimeSpan.FromSeconds(1));
            return side == "A"
                ? new Dictionary<string, double> { ["Work.Run"] = 100, ["Work.Removed"] = 10 }
                : new Dictionary<string, double> { ["Work.Run"] = 100, ["Work.Added"] = 10 };
        }, Options, clock, _ => { }, CancellationToken.None);

        outcome.Results.Select(r => r.Name).Should().Equal("Work.Run");
    }

    [Fact]
    public void A_side_that_dies_of_Ctrl_C_interrupts_the_run_rather_than_failing_it()
    {
        var clock = new ManualClock();
        var fake = Fake(clock, [], 1.0);
        var outcome = Rounds.Run((side, round, token) => round == 3 ? throw new SideInterruptedException() : fake(side, round, token),
            Options, clock, _ => { }, CancellationToken.None);

        outcome.Reason.Should().Be(StopReason.Interrupted);
        outcome.Rounds.Should().Be(2);
    }
}
