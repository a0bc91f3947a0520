using System.Globalization;
using LabReport.RunFiles;

namespace LabReport.Claims;

/// <summary>The verdict rules, printed in every report so a reader can check each verdict by hand.</summary>
public static class ClaimRules
{
    /// <summary>Intervals: where they come from, and what "borderline" means.</summary>
    public const string Intervals =
        "Every measured number is read from the run's own files, and its interval is printed next to it with its level. A case " +
        "measured in interleaved rounds gives the median of the per-round ratios and a 95% interval from the spread between rounds " +
        "(Student's t on their logs), so a machine state that lasts minutes widens the interval instead of moving the number. " +
        "Otherwise the interval is the 99.9% interval of one process's iterations (BenchmarkDotNet's Error; a ratio's on the log " +
        "scale, ln(ratio) ± t · √(CV₁²/n₁ + CV₂²/n₂), Welch's degrees of freedom). A number without an interval (one histogram's " +
        "percentile, a count) is judged by its point; post 3's max, one request, is judged on the worst latency of each pause, " +
        "paired between the clients (their median, Student's t on the logs), with the max beside it. A statistic the post computed on one run is computed on each round, never on " +
        "the rounds' iterations pooled (which would add the machine's state changes to the spread): a StdDev ratio per round, with " +
        "the rounds' t interval on the logs; a p-value or Cohen's d per round, their median with an order-statistic interval, which " +
        "needs no assumption about the distribution: the k-th smallest to the k-th largest round, which hold the median with " +
        "probability 1 − 2·P(Binomial(R, ½) < k), k the largest whose level is at least 90%, or the range when even it falls short " +
        "(the range for 3 rounds, 75%, and for 5, 93.75%; the 2nd smallest to the 2nd largest for 8, 92.97%).";

    /// <summary>What every kind shares.</summary>
    public const string Borderline =
        "*borderline* = the interval straddles the threshold the verdict turns on (1, an edge of a band, a bound, an edge of the " +
        "SESOI); the row names it. *not reproduced* therefore always means measured the other way, never \"could not tell\".";

    /// <summary>The verdicts that judge nothing.</summary>
    public const string NotJudged =
        "*not measurable here* = the run cannot decide: a premise this machine does not meet, fewer than two iterations (a smoke " +
        "run), a mean at or below zero, a load other than the post's. *missing* = a file or row the claim needs is not in the run. " +
        "*information only* = a description of the post's machine (its disk, an absolute time on its hardware): shown, never judged.";

    /// <summary>The drift flag.</summary>
    public static string Drift =>
        $"*machine drifted* = the run's drift probe (a fixed CPU loop and a memory-latency point, timed before the first post and after " +
        $"each) moved while the claim's post ran by more than {Format.Percent(ProbeFile.CpuThreshold)} (the CPU loop) or " +
        $"{Format.Percent(ProbeFile.MemoryThreshold)} (the memory point, which differs by up to {Format.Percent(ProbeFile.QuietMemorySpread)} from one process to the next on a quiet guest): a flag " +
        "on the row, counted in the glance; the verdict itself is unchanged.";

    /// <summary>Every rule, in the order the report prints them.</summary>
    public static IReadOnlyList<string> Lines =>
    [
        Intervals,
        Borderline,
        RatioRule.Text,
        BoundRule.Text,
        EquivalenceRule.Text,
        TrivialRule.Text,
        BandRule.RelativeText,
        ShapeRule.Text,
        ExactRule.Text,
        UnresolvedRule.Text,
        Rescale.Text,
        Premise.Text,
        NotJudged,
        Drift,
    ];
}
