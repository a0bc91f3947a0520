using LabReport.RunFiles;

namespace LabReport.Claims;

/// <summary>
/// A claim that the post's run could not tell two means apart, by the post's own test: their 99.9% intervals, each
/// from the iterations of one process, overlap. Measured in rounds, each round is such a run, and each is tested.
/// </summary>
public static class UnresolvedRule
{
    /// <summary>The rule as the report prints it.</summary>
    public const string Text =
        "**unresolved** (the post's short run could not tell: \"CIs overlap\"): the post's own test on each process's run, whether " +
        "the two means' 99.9% intervals from their iterations overlap, read as the gap between the means over the sum of the two " +
        "half-widths (the intervals overlap when it is at most 1). Measured in rounds, each round's gap is a statistic of one run, " +
        "judged like every per-round statistic: the rounds' median with the confidence sequence's interval on their logs. " +
        "*reproduced* = the interval lies at or below 1 (they overlap); *not reproduced* = above 1 (they are apart); " +
        "*borderline* = it straddles 1.";

    /// <summary>The means' gap over the sum of the two 99.9% half-widths: the intervals overlap when it is at most 1.</summary>
    public static double Gap(BenchmarkResult a, BenchmarkResult b)
    {
        ArgumentNullException.ThrowIfNull(a);
        ArgumentNullException.ThrowIfNull(b);
        double distance = Math.Abs(a.MeanNs - b.MeanNs), reach = a.ErrorNs + b.ErrorNs;
        // Two zero-width intervals: the same point overlaps, any two points are apart (kept finite for the order statistics).
        return reach > 0 ? distance / reach : distance == 0 ? 0 : double.MaxValue;
    }

    /// <summary>Judges the pairs (one per round, or one); null when a side has no interval (one iteration).</summary>
    public static Outcome? Judge(IReadOnlyList<(BenchmarkResult A, BenchmarkResult B)> pairs)
    {
        ArgumentNullException.ThrowIfNull(pairs);
        if (pairs.Count == 0 || pairs.Any(p => !double.IsFinite(p.A.ErrorNs) || !double.IsFinite(p.B.ErrorNs)))
        {
            return null;
        }

        var gaps = pairs.Select(p => Gap(p.A, p.B)).ToList();
        int overlapping = gaps.Count(g => g <= 1);
        if (pairs.Count == 1)
        {
            return overlapping == 1
                ? Outcome.Reproduced("the two 99.9% intervals overlap: unresolved, as in the post")
                : Outcome.NotReproduced("the two 99.9% intervals are apart: resolved");
        }

        var gap = RatioEstimate.PerRound(gaps);
        string where = $"the two 99.9% intervals overlap in {overlapping} of {pairs.Count} rounds (their gap over the half-widths' sum: " +
            $"{Interval.Text(gap, Format.Number)}, the rounds' median)";
        if (gap.Upper <= 1)
        {
            return Outcome.Reproduced($"{where}: unresolved, as in the post");
        }

        return gap.Lower > 1
            ? Outcome.NotReproduced($"{where}: resolved")
            : Outcome.Borderline(where, "CI overlap", gap, 1);
    }
}
