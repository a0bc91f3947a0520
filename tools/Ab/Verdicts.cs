using LabRounds;

namespace FirstThingsFirst.Ab;

/// <summary>A benchmark's verdict at the threshold.</summary>
public enum AbVerdict
{
    /// <summary>The interval reaches across an edge of ±threshold (or there is none yet): more rounds are needed.</summary>
    Undecided,

    /// <summary>B is slower: the whole interval of B/A lies above 1 + threshold.</summary>
    Slower,

    /// <summary>B is faster: the whole interval lies below 1 / (1 + threshold).</summary>
    Faster,

    /// <summary>No change of the threshold's size: the whole interval lies within ±threshold.</summary>
    Same,
}

/// <summary>Why the rounds ended.</summary>
public enum StopReason
{
    /// <summary>Every benchmark was slower, faster or same at a look.</summary>
    AllDecided,

    /// <summary>The next round would not fit in the budget.</summary>
    Budget,

    /// <summary>The last calibrated look (or --max-rounds) was reached.</summary>
    MaxRounds,

    /// <summary>Ctrl-C.</summary>
    Interrupted,

    /// <summary>A side failed.</summary>
    Failed,
}

/// <summary>One benchmark's judgement: B/A's median per-round ratio and its interval, the verdict and the rounds it rests on.</summary>
public sealed record AbResult(string Name, double MeanA, double MeanB, double Ratio, double Lower, double Upper, int Rounds, AbVerdict Verdict)
{
    /// <summary>Every round's B/A in round order, those after the last look included (summary.json keeps them).</summary>
    public IReadOnlyList<double> Ratios { get; init; } = [];
}

/// <summary>
/// Judges B/A per benchmark from its per-round ratios with the lab's confidence sequence (<see cref="RoundsEstimate"/>):
/// the interval is valid at whichever look the run stops at, so stopping as soon as everything is decided does not
/// bias the verdicts.
/// </summary>
public static class AbJudge
{
    /// <summary>The verdict of one benchmark from its B/A ratios in round order.</summary>
    public static AbResult Judge(string name, IReadOnlyList<double> meansA, IReadOnlyList<double> meansB, double threshold)
    {
        ArgumentNullException.ThrowIfNull(meansA);
        ArgumentNullException.ThrowIfNull(meansB);
        if (meansA.Count != meansB.Count)
        {
            throw new ArgumentException("A and B need the same rounds.", nameof(meansB));
        }

        double[] ratios = [.. meansA.Zip(meansB, (a, b) => b / a)];
        var estimate = RoundsEstimate.FromRatios(ratios);
        var verdict = estimate.Classify(threshold) switch
        {
            Shift.Slower => AbVerdict.Slower,
            Shift.Faster => AbVerdict.Faster,
            Shift.Within => AbVerdict.Same,
            _ => AbVerdict.Undecided,
        };
        return new AbResult(name, RoundsEstimate.MedianOf(meansA), RoundsEstimate.MedianOf(meansB), estimate.Median, estimate.Lower, estimate.Upper,
            estimate.Count, verdict) { Ratios = ratios };
    }

    /// <summary>The exit code <c>--fail-on</c> asks for: 3 when a verdict it names occurred, else 0.</summary>
    public static int FailOnExitCode(IEnumerable<AbResult> results, FailOn failOn)
    {
        ArgumentNullException.ThrowIfNull(results);
        bool failed = failOn switch
        {
            FailOn.Slower => results.Any(r => r.Verdict == AbVerdict.Slower),
            FailOn.Change => results.Any(r => r.Verdict is AbVerdict.Slower or AbVerdict.Faster),
            _ => false,
        };
        return failed ? AbProgram.FailOnExitCode : 0;
    }
}

/// <summary>
/// When to stop: at a look of the confidence sequence (3, 5, 8, 12, 18, 27, 40 rounds) where every benchmark is decided;
/// before a round that would overrun the budget (judged by the slowest round so far); at the last round allowed.
/// </summary>
public static class StopRule
{
    /// <summary>Whether to stop after <paramref name="rounds"/> rounds, given the verdicts then; null to go on.</summary>
    public static StopReason? After(int rounds, IReadOnlyCollection<AbResult> results, TimeSpan elapsed, TimeSpan slowestRound, TimeSpan budget, int maxRounds)
    {
        ArgumentNullException.ThrowIfNull(results);
        // Between looks the verdicts are those of the last look: only a look can newly decide anything.
        if (ConfidenceSequence.LookAt(rounds) == rounds && results.Count > 0 && results.All(r => r.Verdict != AbVerdict.Undecided))
        {
            return StopReason.AllDecided;
        }

        if (rounds >= maxRounds)
        {
            return StopReason.MaxRounds;
        }

        return elapsed + slowestRound > budget ? StopReason.Budget : null;
    }
}
