namespace LabReport;

/// <summary>How a claim of the series fared in one run.</summary>
public enum Verdict
{
    /// <summary>The claim holds by its kind's rule, with the whole interval on the claim's side.</summary>
    Reproduced,

    /// <summary>A ratio resolved in the post's direction whose whole interval lies outside the 2× band around the post's number.</summary>
    DirectionOnly,

    /// <summary>The interval straddles the threshold the verdict turns on (named in <see cref="ClaimRow.Threshold"/>): this run cannot tell.</summary>
    Borderline,

    /// <summary>Measured the other way: resolved against the claim (never "could not tell", which is <see cref="Borderline"/>).</summary>
    NotReproduced,

    /// <summary>The run cannot decide: a premise this machine does not meet, one iteration, a mean at or below zero.</summary>
    NotMeasurableHere,

    /// <summary>A file or row the claim needs is not in the run.</summary>
    Missing,

    /// <summary>A description of the post's machine (its disk, an absolute time on its hardware): shown, never judged.</summary>
    Information,
}

/// <summary>Display names.</summary>
public static class Verdicts
{
    /// <summary>The verdict as the report prints it.</summary>
    public static string Name(this Verdict verdict) => verdict switch
    {
        Verdict.Reproduced => "reproduced",
        Verdict.DirectionOnly => "direction only",
        Verdict.Borderline => "borderline",
        Verdict.NotReproduced => "not reproduced",
        Verdict.NotMeasurableHere => "not measurable here",
        Verdict.Information => "information only",
        _ => "missing",
    };

    /// <summary>The verdict of a printed name (the inverse of <see cref="Name"/>), or null.</summary>
    public static Verdict? Parse(string name) => Enum.GetValues<Verdict>().Cast<Verdict?>().FirstOrDefault(v => v!.Value.Name() == name);

    /// <summary>True for a verdict that judged the claim (not information, not missing, not "not measurable here").</summary>
    public static bool IsJudged(this Verdict verdict) => verdict is Verdict.Reproduced or Verdict.DirectionOnly or Verdict.Borderline or Verdict.NotReproduced;
}
