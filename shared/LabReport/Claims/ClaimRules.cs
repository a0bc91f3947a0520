using System.Globalization;
using LabReport.RunFiles;

namespace LabReport.Claims;

/// <summary>The verdict rules, printed in every report so a reader can check each verdict by hand.</summary>
public static class ClaimRules
{
    /// <summary>Intervals: where they come from, and what "borderline" means.</summary>
    public static string Intervals =>
        "Every measured number is read from the run's own files, and its interval is printed next to it with its level. A case " +
        "measured in interleaved rounds gives the median of the per-round ratios and a 95% interval from the spread between rounds " +
        "(Student's t on their logs), so a machine state that lasts minutes widens the interval instead of moving the number. " +
        "The run looks at every claim as its rounds grow and stops adding rounds to a claim once it is decided; a fixed 95% " +
        "interval looked at so often would miss more often than 5%, so the interval is a confidence sequence: a group-sequential " +
        $"design that looks at {string.Join(", ", LabRounds.ConfidenceSequence.Looks)} rounds, each look at Pocock's constant nominal level " +
        $"({Format.Percent(1 - LabRounds.ConfidenceSequence.NominalMiss)} two-sided), calibrated so that every look together misses the true value at most 5% of the time, " +
        "whatever look the run stops at (for normal per-round logs, whose t statistics' joint law depends on neither the mean nor " +
        "the spread); a claim is judged at its last look, and rounds past it wait for the next. " +
        "Otherwise the interval is the 99.9% interval of one process's iterations (BenchmarkDotNet's Error; a ratio's on the log " +
        "scale, ln(ratio) ± t · √(CV₁²/n₁ + CV₂²/n₂), Welch's degrees of freedom). A number without an interval (one histogram's " +
        "percentile, a count) is judged by its point; post 3's max, one request, is judged on the worst latency of each pause, " +
        "paired between the clients (their median, the same interval on the logs), with the max beside it. A statistic the post " +
        "computed on one run (a StdDev ratio, a p-value, Cohen's d, the gap between two intervals) is computed on each round, never " +
        "on the rounds' iterations pooled (which would add the machine's state changes to the spread), and judged like a ratio: " +
        "the rounds' median with the same interval on their logs.";

    /// <summary>What every kind shares.</summary>
    public const string Borderline =
        "*borderline* = the interval straddles the threshold the verdict turns on (1, an edge of a band, a bound, an edge of the " +
        "SESOI); the row names it, and what deciding it would cost (the rounds it needs at its spread, and their time here) or " +
        "why more rounds would not. *not reproduced* always means measured the other way (the claim's opposite resolved), " +
        "never \"could not tell\"; a ratio whose direction is unresolved but whose interval rules out the post's size is " +
        "*size ruled out*. Across runs, two decided verdicts contradict each other only when one is *reproduced* and the " +
        "other is not, or one is *direction only* and the other *not reproduced* (stability counts these).";

    /// <summary>The verdicts that judge nothing.</summary>
    public const string NotJudged =
        "*not measurable here* = the run cannot decide: a premise this machine does not meet, fewer than two iterations (a smoke " +
        "run), a mean at or below zero, a load other than the post's, a timing measured once a run (a step run once, a flame graph, a " +
        "percentile without its windows: one number has no interval, and no verdict is decided without one). *missing* = a file or row the claim needs is not in the run. " +
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
