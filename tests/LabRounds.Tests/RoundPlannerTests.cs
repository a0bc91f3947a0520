using LabRounds;

namespace LabRounds.Tests;

/// <summary>
/// The planner on a fake machine: claims with known ratios and spreads, cases with known costs, a clock that only the
/// fake machine moves, and a slowdown halfway through the run.
/// </summary>
public class RoundPlannerTests
{
    private const double Budget = 600;
    private const double Margin = 30;

    // (id, unit, cases, true distance of the log ratio from the claim's threshold, spread between rounds)
    private static readonly (string Id, string Unit, string[] Cases, double Distance, double Spread)[] Truth =
    [
        ("far", "post1|bdn:", ["a", "b"], Math.Log(3.0), 0.05),         // decided by its first rounds
        ("near", "post1|bdn:", ["c", "d"], Math.Log(1.06), 0.04),       // needs more rounds, cheap ones
        ("shares", "post1|bdn:", ["c", "e"], Math.Log(1.08), 0.04),     // shares a case with "near"
        ("costly", "post2|bdn:", ["x", "y"], Math.Log(1.10), 0.05),     // needs more rounds of slow cases
        ("on-it", "post2|steps", ["s"], 0.0, 0.05),                     // its true value is its threshold
    ];

    private static readonly Dictionary<string, double> CaseSeconds = new()
    {
        ["a"] = 1, ["b"] = 1, ["c"] = 1.5, ["d"] = 1.5, ["e"] = 1.5, ["x"] = 12, ["y"] = 12, ["s"] = 2,
    };

    [Fact]
    public void It_decides_what_it_can_stops_what_is_decided_and_keeps_to_the_budget_when_the_machine_slows()
    {
        var machine = new FakeMachine(seed: 3);
        machine.FirstRounds(RoundLimits.First);
        var planner = machine.Planner();
        var steps = new List<PlanStep>();
        while (planner.Next(machine.Claims(), Budget - Margin - machine.Clock) is { } step)
        {
            steps.Add(step);
            machine.Run(step, slow: machine.Clock > Budget / 2);
        }

        machine.Clock.Should().BeLessThanOrEqualTo(Budget, "the planner plans with the costs it measured, the slowdown included");
        var claims = machine.Claims().ToDictionary(c => c.Id);
        claims["far"].Undecided.Should().BeFalse();
        steps.Should().NotContain(s => s.Claims.Contains("far"), "a decided claim gets no rounds of its own");
        claims["near"].Undecided.Should().BeFalse("cheap rounds decide a 6% ratio at a 4% spread");
        claims["shares"].Undecided.Should().BeFalse();
        steps.Should().Contain(s => s.Claims.Contains("near") && s.Claims.Contains("shares"), "claims of one unit that add decisions come along");
        claims["on-it"].Undecided.Should().BeTrue();
        planner.Outlook(claims["on-it"]).MoreRounds.Should().BeNull("no count of rounds decides a claim that sits on its threshold");
        steps.Should().AllSatisfy(s => s.Rounds.Should().BeInRange(1, ConfidenceSequence.Looks[^1] - ConfidenceSequence.Looks[^2]));
        machine.MostRounds.Should().BeLessThanOrEqualTo(RoundLimits.Max);
    }

    [Fact]
    public void The_cheapest_decision_comes_first()
    {
        var machine = new FakeMachine(seed: 5);
        machine.FirstRounds(RoundLimits.First);
        var step = machine.Planner().Next(machine.Claims(), 10_000);

        step.Should().NotBeNull();
        step!.Claims[0].Should().BeOneOf("near", "shares");
        step.Unit.Should().Be("post1|bdn:");
    }

    [Fact]
    public void Nothing_is_planned_that_does_not_fit_in_the_time_left()
    {
        var machine = new FakeMachine(seed: 7);
        machine.FirstRounds(RoundLimits.First);

        machine.Planner().Next(machine.Claims(), 1).Should().BeNull();
    }

    // Per claim, each round's log ratio relative to its threshold; per case, its rounds and what its last round cost.
    private sealed class FakeMachine(ulong seed)
    {
        private readonly Dictionary<string, List<double>> _logs = Truth.ToDictionary(t => t.Id, _ => new List<double>());
        private readonly Dictionary<string, int> _rounds = CaseSeconds.Keys.ToDictionary(c => c, _ => 0);
        private readonly Dictionary<string, double> _measured = new(CaseSeconds);
        private ulong _state = seed;

        public double Clock { get; private set; }

        public int MostRounds => _rounds.Values.Max();

        public void FirstRounds(int rounds)
        {
            foreach (var t in Truth)
            {
                for (int i = 0; i < rounds; i++)
                {
                    _logs[t.Id].Add(t.Distance + t.Spread * Normal());
                }
            }

            foreach (string c in CaseSeconds.Keys)
            {
                _rounds[c] = rounds;
                Clock += rounds * CaseSeconds[c];
            }
        }

        public RoundPlanner Planner() => new((_, c) => _measured[c], unit => unit.EndsWith("steps", StringComparison.Ordinal) ? 0 : 5, (_, c) => _rounds[c]);

        // Each claim as the report would judge it: undecided while the interval on its logs holds the threshold (0).
        public IReadOnlyList<PlanClaim> Claims() => [.. Truth.Select(t =>
        {
            var e = RoundsEstimate.FromRatios([.. _logs[t.Id].Select(Math.Exp)]);
            bool undecided = !(e.Lower > 1 || e.Upper < 1);
            return new PlanClaim(t.Id, t.Unit, t.Cases, undecided, e.Count, e.LogSpread, Math.Abs(e.LogMean));
        })];

        public void Run(PlanStep step, bool slow)
        {
            double speed = slow ? 2 : 1;
            Clock += step.Unit.EndsWith("steps", StringComparison.Ordinal) ? 0 : 5 * speed;
            foreach (string c in step.Cases)
            {
                _measured[c] = CaseSeconds[c] * speed;
                Clock += step.Rounds * _measured[c];
                _rounds[c] += step.Rounds;
            }

            // A claim gains a round when all its cases ran in it; the slowdown moves both sides alike.
            foreach (var t in Truth.Where(t => t.Cases.All(step.Cases.Contains)))
            {
                for (int i = 0; i < step.Rounds; i++)
                {
                    _logs[t.Id].Add(t.Distance + t.Spread * Normal());
                }
            }
        }

        private double Normal()
        {
            double u1 = Uniform(), u2 = Uniform();
            return Math.Sqrt(-2 * Math.Log(u1)) * Math.Cos(2 * Math.PI * u2);
        }

        private double Uniform()
        {
            ulong z = _state += 0x9E3779B97F4A7C15UL;
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9UL;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBUL;
            z ^= z >> 31;
            return ((z >> 11) + 1) / 9007199254740992.0;
        }
    }
}
