namespace LabReport;

/// <summary>How a claim of the series fared in one run.</summary>
public enum Verdict
{
    /// <summary>Same direction, resolved, and within 2× of the post's number (or, for "no difference" claims, unresolved here too; for a target, met).</summary>
    Reproduced,

    /// <summary>Same direction and resolved, but more than 2× away from the post's number.</summary>
    DirectionOnly,

    /// <summary>The other direction, unresolved where the post resolved it, or resolved where the post saw no difference (for a target, not met).</summary>
    NotReproduced,

    /// <summary>The run cannot decide: one iteration, a mean at or below zero, a machine without the needed hardware.</summary>
    NotMeasurableHere,

    /// <summary>A file or row the claim needs is not in the run.</summary>
    Missing,
}

/// <summary>Display names and the written rules.</summary>
public static class Verdicts
{
    /// <summary>A measured number within this factor of the post's, either way, is "reproduced".</summary>
    public const double MagnitudeFactor = 2.0;

    /// <summary>The smallest effect size of interest: "no difference" claims hold within it.</summary>
    public const double Sesoi = 0.05;

    /// <summary>The verdict as the report prints it.</summary>
    public static string Name(this Verdict verdict) => verdict switch
    {
        Verdict.Reproduced => "reproduced",
        Verdict.DirectionOnly => "direction only",
        Verdict.NotReproduced => "not reproduced",
        Verdict.NotMeasurableHere => "not measurable here",
        _ => "missing",
    };

    /// <summary>The rules, printed in every report so a reader can check each verdict by hand.</summary>
    public static readonly string[] Rules =
    [
        "Every measured number is read from the run's own files; its interval is the 99.9% confidence interval of BenchmarkDotNet's " +
        "Mean ± Error (from the raw iterations when the run kept the full JSON). A ratio's 99.9% interval is taken on the log scale: " +
        "ln(ratio) ± t · √(CV₁²/n₁ + CV₂²/n₂), with Welch's degrees of freedom (CV = StdDev / Mean, n = iterations), so with few " +
        "iterations it is wide but finite and never reaches zero.",
        $"**ratio** claims (the post saw a difference): *reproduced* = the ratio's interval excludes 1 on the post's side and the ratio is " +
        $"within {MagnitudeFactor}× of the post's; *direction only* = excludes 1 on the post's side but more than {MagnitudeFactor}× away; " +
        "*not reproduced* = excludes 1 on the other side, or includes 1 (unresolved). A number without an interval (a percentile of one " +
        "histogram) is judged by its point value alone.",
        $"**no-difference** claims (the post saw CIs overlap): *reproduced* = the interval includes 1 or the ratio is within " +
        $"{Sesoi * 100:0}% of 1; *not reproduced* otherwise.",
        $"**value** claims (an absolute number): *reproduced* within {MagnitudeFactor}× of the post's, *not reproduced* otherwise; " +
        "**count** claims must match exactly.",
        "**target** claims (the storage engine's speed targets, not a post's number: *at most*, *at least*, or *within* a tolerance " +
        "of 1): *reproduced* = the target is met by the measured mean (the ratio of means, or the rate 1e9 / mean ns), *not reproduced* " +
        "= it is not; the 99.9% interval does not decide but is shown, and the note says whether it lies entirely on the mean's side " +
        "of the target or crosses it (a target met by the mean alone may fail on the next run).",
        "*not measurable here* = the run cannot decide: fewer than two iterations (a smoke run), a mean at or below zero (no ratio " +
        "to bound), or hardware this machine lacks. *missing* = a file or row the claim needs is not in the run.",
    ];
}
