namespace LabReport;

/// <summary>How a claim of the series fared in one run.</summary>
public enum Verdict
{
    /// <summary>The claim holds by its kind's rule, with the whole interval on the claim's side.</summary>
    Reproduced,

    /// <summary>A ratio resolved in the post's direction whose whole interval lies outside the 2× band around the post's number.</summary>
    DirectionOnly,

    /// <summary>
    /// A ratio whose direction is not resolved (its interval holds 1) but whose whole interval lies on the near side of
    /// the post's band: the post's size is ruled out, its direction is not decided (a smaller effect, or none).
    /// </summary>
    SizeRuledOut,

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
        Verdict.SizeRuledOut => "size ruled out",
        Verdict.Borderline => "borderline",
        Verdict.NotReproduced => "not reproduced",
        Verdict.NotMeasurableHere => "not measurable here",
        Verdict.Information => "information only",
        _ => "missing",
    };

    /// <summary>The verdict of a printed name (the inverse of <see cref="Name"/>), or null.</summary>
    public static Verdict? Parse(string name) => Enum.GetValues<Verdict>().Cast<Verdict?>().FirstOrDefault(v => v!.Value.Name() == name);

    /// <summary>True for a verdict that judged the claim (not information, not missing, not "not measurable here").</summary>
    public static bool IsJudged(this Verdict verdict) =>
        verdict is Verdict.Reproduced or Verdict.DirectionOnly or Verdict.SizeRuledOut or Verdict.Borderline or Verdict.NotReproduced;

    /// <summary>True for a judged verdict that is not borderline: the run decided the claim one way.</summary>
    public static bool IsDecided(this Verdict verdict) => verdict.IsJudged() && verdict != Verdict.Borderline;

    /// <summary>
    /// True when two decided verdicts cannot both be right about one claim: <i>reproduced</i> against any other decided
    /// verdict (the interval inside the post's band, or on its side, against one outside it), and <i>direction only</i>
    /// against <i>not reproduced</i> (the post's direction resolved against the other one). <i>direction only</i>,
    /// <i>size ruled out</i> and <i>not reproduced</i> all rule out the post's size and do not contradict one another
    /// otherwise; a borderline verdict contradicts nothing.
    /// </summary>
    public static bool Contradicts(this Verdict a, Verdict b)
    {
        if (!a.IsDecided() || !b.IsDecided() || a == b)
        {
            return false;
        }

        return a == Verdict.Reproduced || b == Verdict.Reproduced
            || (a, b) is (Verdict.DirectionOnly, Verdict.NotReproduced) or (Verdict.NotReproduced, Verdict.DirectionOnly);
    }
}
