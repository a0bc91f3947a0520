using LabReport.Ab;
using LabRounds;

namespace LabReport.Tests.Ab;

/// <summary>
/// The methods on a fake machine that drifts: each process it runs is 1% slower than the one before (a state that
/// builds up over minutes). Side B does <c>change</c> times A's work. Duet runs both sides of a round at the same
/// moment and sees the ratio exactly; interleaved rounds put A and B next to each other and keep the drift to one
/// step per pair, in either direction; sequential runs put all of B after all of A, and the drift becomes B's.
/// </summary>
public class AbRunTests
{
    private static readonly AbBuild Build = new("HEAD", BuildKind.Folder, null, "/fake/Fake.dll");
    private static readonly Side A = new("A", Build, new Dictionary<string, string>(), []);
    private static readonly Side B = new("B", Build, new Dictionary<string, string>(), []);

    /// <summary>Every process is one tick; a tick is 1% slower than the last; a duet's two sides share a tick.</summary>
    private sealed class DriftingMachine(double change) : ISideRunner
    {
        private readonly object _gate = new();
        private readonly Dictionary<int, int> _duetTick = [];
        private int _ticks;

        public List<SideTask> Tasks { get; } = [];

        public SideRun Run(SideTask task, CancellationToken token)
        {
            int tick;
            lock (_gate)
            {
                Tasks.Add(task);
                tick = task.Cpu is null ? _ticks++ : _duetTick.TryGetValue(task.Round, out int t) ? t : _duetTick[task.Round] = _ticks++;
            }

            double slowdown = Math.Pow(1.01, tick);
            double work = task.Side.Name == "B" ? change : 1;
            var samples = new Dictionary<string, BenchmarkSample>
            {
                ["Fake.Chain"] = Sample(1000 * work * slowdown),
                ["Fake.Walk"] = Sample(5000 * work * slowdown),
            };
            return new SideRun(task, TimeSpan.FromSeconds(tick), TimeSpan.FromSeconds(1), samples);
        }

        // Three iterations a little apart, so the sequential method's Mann-Whitney test has spread to work with.
        private static BenchmarkSample Sample(double ns) => new(ns, [ns * 0.999, ns, ns * 1.001]);
    }

    private static IReadOnlyList<BenchmarkVerdict> Measure(AbMethod method, double change, int rounds = 20, DriftingMachine? machine = null)
    {
        var plan = new AbPlan(method, new RoundSchedule(rounds, 42), null, A, B, method == AbMethod.Duet ? (0, 1) : null);
        var measurements = new AbMeasurements();
        AbRun.Execute(plan, machine ?? new DriftingMachine(change), measurements, new AbProgress(TextWriter.Null, rounds, null, new ManualClock()),
            new ManualClock(), CancellationToken.None);
        return AbVerdicts.Judge(measurements, method, 0.02);
    }

    [Fact]
    public void On_a_drifting_machine_a_duet_sees_the_ratio_exactly()
    {
        Measure(AbMethod.Duet, 1.0).Should().AllSatisfy(v => (v.Change, v.Ratio).Should().Be((Change.Same, 1.0)));
        Measure(AbMethod.Duet, 1.05).Should().AllSatisfy(v =>
        {
            v.Change.Should().Be(Change.Slower);
            v.Ratio.Should().BeApproximately(1.05, 1e-9);
        });
    }

    [Fact]
    public void On_a_drifting_machine_interleaved_rounds_cancel_the_drift()
    {
        var aa = Measure(AbMethod.Interleaved, 1.0);
        aa.Should().AllSatisfy(v =>
        {
            v.Change.Should().Be(Change.Same, "nothing changed");
            v.Ratio.Should().BeInRange(1 / 1.011, 1.011, "one step of drift either way, and the order is drawn per round");
        });
        Measure(AbMethod.Interleaved, 1.05).Should().AllSatisfy(v => v.Change.Should().Be(Change.Slower));
    }

    [Fact]
    public void On_a_drifting_machine_sequential_runs_turn_the_drift_into_a_change()
    {
        var aa = Measure(AbMethod.Sequential, 1.0);

        aa.Should().AllSatisfy(v =>
        {
            v.Change.Should().Be(Change.Slower, "all of B ran 20 ticks after all of A");
            v.Ratio.Should().BeGreaterThan(1.2);
        });
    }

    [Fact]
    public void A_duet_pins_each_side_to_its_own_cpu_and_swaps_them_every_round()
    {
        var machine = new DriftingMachine(1);

        Measure(AbMethod.Duet, 1, rounds: 4, machine: machine);

        machine.Tasks.Select(t => (t.Round, t.Side.Name, t.Cpu)).Order().Should().Equal(
            (1, "A", 0), (1, "B", 1), (2, "A", 1), (2, "B", 0), (3, "A", 0), (3, "B", 1), (4, "A", 1), (4, "B", 0));
    }

    [Fact]
    public void Interleaved_rounds_run_each_side_once_per_round_in_the_schedules_order()
    {
        var machine = new DriftingMachine(1);

        Measure(AbMethod.Interleaved, 1, rounds: 5, machine: machine);

        machine.Tasks.Select(t => (t.Round, t.Side)).Should().Equal(new RoundSchedule(5, 42).Sequence(new[] { A, B }));
        machine.Tasks.Should().OnlyContain(t => t.Cpu == null);
    }

    [Fact]
    public void Sequential_runs_every_round_of_a_then_as_many_of_b()
    {
        var machine = new DriftingMachine(1);

        Measure(AbMethod.Sequential, 1, rounds: 3, machine: machine);

        machine.Tasks.Select(t => $"{t.Side.Name}{t.Round}").Should().Equal("A1", "A2", "A3", "B1", "B2", "B3");
    }

    [Theory]
    [InlineData(AbMethod.Interleaved, 3, 6)]
    [InlineData(AbMethod.Duet, 6, 12)]
    [InlineData(AbMethod.Sequential, 3, 6)]
    public void A_budget_starts_a_round_only_when_the_rounds_so_far_say_it_ends_in_time(AbMethod method, int rounds, int processes)
    {
        // Every process takes 10 s of the clock, a duet round too (both sides at once): 60 s hold three rounds of
        // interleaved (20 s each), six of duet, and three of A then three of B sequentially (30 s each half).
        var clock = new ManualClock();
        var runner = new TimedRunner(clock, method == AbMethod.Duet);
        var plan = new AbPlan(method, new RoundSchedule(1000, 1), TimeSpan.FromSeconds(60), A, B, method == AbMethod.Duet ? (0, 1) : null);
        var measurements = new AbMeasurements();

        AbRun.Execute(plan, runner, measurements, new AbProgress(TextWriter.Null, 1000, TimeSpan.FromSeconds(60), clock), clock, CancellationToken.None);

        measurements.CompleteRounds.Should().Be(rounds);
        measurements.Runs.Should().HaveCount(processes);
    }

    [Fact]
    public void When_one_side_of_a_duet_fails_the_other_is_stopped_and_the_failure_is_reported()
    {
        var runner = new FailingDuet();
        var plan = new AbPlan(AbMethod.Duet, new RoundSchedule(3, 1), null, A, B, (0, 1));

        FluentActions.Invoking(() => AbRun.Execute(plan, runner, new AbMeasurements(), new AbProgress(TextWriter.Null, 3, null, new ManualClock()),
                new ManualClock(), CancellationToken.None))
            .Should().Throw<AbFailure>().WithMessage("B crashed");
        runner.AWasStopped.Should().BeTrue();
    }

    [Fact]
    public void Progress_says_the_round_the_side_and_what_remains()
    {
        var clock = new ManualClock();
        var lines = new StringWriter();
        var progress = new AbProgress(lines, 4, null, clock);
        var measurements = new AbMeasurements();
        var run = new SideRun(new SideTask(1, A, null), TimeSpan.Zero, TimeSpan.FromSeconds(5), new Dictionary<string, BenchmarkSample>());

        progress.Starting(1, [A], measurements);
        clock.Advance(TimeSpan.FromSeconds(5));
        measurements.Add(run);
        progress.Finished(run);
        progress.Starting(1, [B], measurements);

        lines.ToString().Split('\n', StringSplitOptions.RemoveEmptyEntries).Should().Equal(
            "[ab] round 1/4: A running: 0% after 0 s, time left unknown",
            "[ab] round 1/4: B running (A took 5 s): 13% after 5 s, about 35 s left");
    }

    private sealed class TimedRunner(ManualClock clock, bool duet) : ISideRunner
    {
        private readonly HashSet<int> _rounds = [];

        public SideRun Run(SideTask task, CancellationToken token)
        {
            lock (_rounds)
            {
                if (!duet || _rounds.Add(task.Round))
                {
                    clock.Advance(TimeSpan.FromSeconds(10));
                }
            }

            return new SideRun(task, TimeSpan.Zero, TimeSpan.FromSeconds(10), new Dictionary<string, BenchmarkSample> { ["X"] = new(1, [1, 1]) });
        }
    }

    private sealed class FailingDuet : ISideRunner
    {
        public bool AWasStopped { get; private set; }

        public SideRun Run(SideTask task, CancellationToken token)
        {
            if (task.Side.Name == "B")
            {
                throw new AbFailure("B crashed");
            }

            AWasStopped = token.WaitHandle.WaitOne(TimeSpan.FromSeconds(30));
            token.ThrowIfCancellationRequested();
            throw new InvalidOperationException("A was never stopped");
        }
    }
}
