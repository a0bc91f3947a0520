namespace LabReport.Claims;

/// <summary>What a kind's rule decided: the verdict, why, and for a borderline verdict the threshold it turned on.</summary>
public readonly record struct Outcome(Verdict Verdict, string Note, string? Threshold = null)
{
    /// <summary>The claim holds.</summary>
    public static Outcome Reproduced(string note) => new(Verdict.Reproduced, note);

    /// <summary>Measured the other way.</summary>
    public static Outcome NotReproduced(string note) => new(Verdict.NotReproduced, note);

    /// <summary>The interval straddles <paramref name="threshold"/>.</summary>
    public static Outcome Borderline(string note, string threshold) => new(Verdict.Borderline, $"borderline at {threshold}: {note}", threshold);
}
