namespace StatisticsThatMatter.Checklist;

/// <summary>The checklist's one-line answer for a pair.</summary>
public enum PairVerdict
{
    /// <summary>The tests cannot tell the two apart (or there is too little data to test).</summary>
    Unresolved,

    /// <summary>Both tests reject "no difference", but the change is smaller than the SESOI.</summary>
    RealButBelowSesoi,

    /// <summary>Both tests reject "no difference" and the change reaches the SESOI.</summary>
    RealAndAboveSesoi,
}

/// <summary>The verdicts' wording.</summary>
public static class PairVerdicts
{
    /// <summary>The verdict as the checklist prints it.</summary>
    public static string Describe(this PairVerdict verdict) => verdict switch
    {
        PairVerdict.Unresolved => "unresolved",
        PairVerdict.RealButBelowSesoi => "real but below SESOI",
        PairVerdict.RealAndAboveSesoi => "real and above SESOI",
        _ => throw new ArgumentOutOfRangeException(nameof(verdict), verdict, null),
    };
}
