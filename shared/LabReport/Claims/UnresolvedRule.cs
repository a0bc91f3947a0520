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
        "the two means' 99.9% intervals from their iterations overlap. *reproduced* = they overlap (in every round, when measured " +
        "in rounds); *not reproduced* = they are apart (in every round); *borderline* = they overlap in some rounds only.";

    /// <summary>Judges the pairs (one per round, or one); null when a side has no interval (one iteration).</summary>
    public static Outcome? Judge(IReadOnlyList<(BenchmarkResult A, BenchmarkResult B)> pairs)
    {
        ArgumentNullException.ThrowIfNull(pairs);
        if (pairs.Count == 0 || pairs.Any(p => !double.IsFinite(p.A.ErrorNs) || !double.IsFinite(p.B.ErrorNs)))
        {
            return null;
        }

        int overlapping = pairs.Count(p => p.A.MeanNs - p.A.ErrorNs <= p.B.MeanNs + p.B.ErrorNs && p.B.MeanNs - p.B.ErrorNs <= p.A.MeanNs + p.A.ErrorNs);
        string where = pairs.Count == 1 ? "" : $" in {overlapping} of {pairs.Count} rounds";
        if (overlapping == pairs.Count)
        {
            return Outcome.Reproduced($"the two 99.9% intervals overlap{where}: unresolved, as in the post");
        }

        return overlapping == 0
            ? Outcome.NotReproduced($"the two 99.9% intervals are apart{(pairs.Count == 1 ? "" : " in every round")}: resolved")
            : Outcome.Borderline($"the two 99.9% intervals overlap{where}", "CI overlap");
    }
}
