namespace LabRounds;

/// <summary>
/// A claim as the planner sees it: which unit runs its cases (a post's BenchmarkDotNet group or a step), the cases, and
/// for an undecided claim how far its interval is from deciding: <see cref="Rounds"/> paired rounds so far,
/// <see cref="Spread"/> the standard deviation of their logs, <see cref="Distance"/> the distance (in logs) from the
/// interval's centre to the threshold it straddles.
/// </summary>
public sealed record PlanClaim(string Id, string Unit, IReadOnlyList<string> Cases, bool Undecided, int Rounds, double Spread, double Distance)
{
    /// <summary>Rounds in all at which this spread would decide it (the confidence sequence's), or null: decided, or not within <see cref="RoundLimits.Max"/>.</summary>
    public int? RoundsToDecide => Undecided ? ConfidenceSequence.RoundsToDecide(Rounds, Spread, Distance) : null;
}

/// <summary>One step of a plan: more rounds of some cases of one unit, and the claims they are meant to decide.</summary>
/// <param name="Unit">The unit ("post|group" or "post|step:NAME").</param>
/// <param name="Cases">The cases to run, in the claims' order, each once.</param>
/// <param name="Rounds">How many more rounds.</param>
/// <param name="Seconds">What they should take, by the cost model.</param>
/// <param name="Claims">The undecided claims they are for, the one that chose the step first.</param>
public sealed record PlanStep(string Unit, IReadOnlyList<string> Cases, int Rounds, double Seconds, IReadOnlyList<string> Claims);

/// <summary>
/// Where the rest of a run's time goes (Kalibera &amp; Jones's question, asked per claim): after the first rounds,
/// every claim is decided or not; an undecided one, from its measured spread, needs so many more rounds
/// (<see cref="ConfidenceSequence.RoundsToDecide"/>) at a cost its cases' measured round times give. The planner
/// spends the time left on the most decisions per second first: it picks the claim that is cheapest to decide and runs
/// the rounds that bring it to its next look (<see cref="ConfidenceSequence.Looks"/>: the next step then sees the spread
/// they measured, and the rounds of a class spread over more of the machine's states), together with the other
/// undecided claims of the same unit when they add decisions faster than they add cost. A claim no count of rounds up to
/// <see cref="RoundLimits.Max"/> would decide, or that would not fit in the time left, gets none.
/// </summary>
public sealed class RoundPlanner
{
    private readonly Func<string, string, double> _secondsPerRound;
    private readonly Func<string, double> _stepOverhead;
    private readonly Func<string, string, int> _roundsSoFar;

    /// <summary>
    /// A planner with a cost model: <paramref name="secondsPerRound"/>(unit, case) is what one round of a case takes,
    /// <paramref name="stepOverhead"/>(unit) what starting a step of the unit takes (a build), and
    /// <paramref name="roundsSoFar"/>(unit, case) how many rounds a case has (none past <see cref="RoundLimits.Max"/>).
    /// </summary>
    public RoundPlanner(Func<string, string, double> secondsPerRound, Func<string, double> stepOverhead, Func<string, string, int> roundsSoFar)
    {
        _secondsPerRound = secondsPerRound ?? throw new ArgumentNullException(nameof(secondsPerRound));
        _stepOverhead = stepOverhead ?? throw new ArgumentNullException(nameof(stepOverhead));
        _roundsSoFar = roundsSoFar ?? throw new ArgumentNullException(nameof(roundsSoFar));
    }

    /// <summary>What deciding a claim would cost from here: the rounds it still needs and their seconds; null rounds when none would do.</summary>
    public (int? MoreRounds, double Seconds) Outlook(PlanClaim claim)
    {
        ArgumentNullException.ThrowIfNull(claim);
        if (claim.RoundsToDecide is not int total || MoreRoundsAllowed(claim.Unit, claim.Cases) < total - claim.Rounds)
        {
            return (null, double.NaN);
        }

        int more = total - claim.Rounds;
        return (more, _stepOverhead(claim.Unit) + more * RoundSeconds(claim.Unit, claim.Cases));
    }

    /// <summary>The next step within <paramref name="secondsLeft"/>, or null when no undecided claim can be decided in it.</summary>
    public PlanStep? Next(IReadOnlyList<PlanClaim> claims, double secondsLeft)
    {
        ArgumentNullException.ThrowIfNull(claims);
        var decidable = claims.Where(c => c.Undecided)
            .Select(c => (Claim: c, Outlook: Outlook(c)))
            .Where(x => x.Outlook.MoreRounds is not null && x.Outlook.Seconds <= secondsLeft)
            .OrderBy(x => x.Outlook.Seconds)
            .ThenBy(x => x.Claim.Id, StringComparer.Ordinal)
            .ToList();
        foreach (var (first, outlook) in decidable)
        {
            if (Step(first, outlook.MoreRounds!.Value, decidable.Select(d => d.Claim).Where(c => c.Unit == first.Unit && c != first).ToList(), secondsLeft) is { } step)
            {
                return step;
            }
        }

        return null;
    }

    // The step for `first`: a few of its rounds, with the unit's other decidable claims that raise the decisions per second.
    private PlanStep? Step(PlanClaim first, int needed, IReadOnlyList<PlanClaim> others, double secondsLeft)
    {
        int rounds = Math.Min(needed, (ConfidenceSequence.NextLook(first.Rounds) ?? RoundLimits.Max) - first.Rounds);
        var chosen = new List<PlanClaim> { first };
        var cases = new List<string>(first.Cases);
        double Value(IEnumerable<PlanClaim> set) => set.Sum(c => Math.Min(1.0, rounds / (double)Math.Max(1, c.RoundsToDecide!.Value - c.Rounds)));
        double Cost(IReadOnlyCollection<string> set, int r) => _stepOverhead(first.Unit) + r * RoundSeconds(first.Unit, set);
        foreach (var other in others.OrderBy(c => Outlook(c).Seconds))
        {
            var with = cases.Union(other.Cases).ToList();
            if (MoreRoundsAllowed(first.Unit, with) >= rounds
                && Value(chosen.Append(other)) / Cost(with, rounds) > Value(chosen) / Cost(cases, rounds))
            {
                chosen.Add(other);
                cases = with;
            }
        }

        rounds = Math.Min(rounds, MoreRoundsAllowed(first.Unit, cases));
        while (rounds > 0 && Cost(cases, rounds) > secondsLeft)
        {
            rounds--;
        }

        return rounds > 0 ? new PlanStep(first.Unit, cases, rounds, Cost(cases, rounds), [.. chosen.Select(c => c.Id)]) : null;
    }

    private double RoundSeconds(string unit, IEnumerable<string> cases) => cases.Distinct().Sum(c => _secondsPerRound(unit, c));

    private int MoreRoundsAllowed(string unit, IEnumerable<string> cases) =>
        RoundLimits.Max - cases.Select(c => _roundsSoFar(unit, c)).DefaultIfEmpty(0).Max();
}
