namespace LabReport.Claims;

/// <summary>
/// What a kind's rule decided: the verdict, why, and for a borderline verdict the threshold it turned on, as words and as
/// the estimate that straddles it (from which the planner works out what deciding it would cost).
/// </summary>
public readonly record struct Outcome(Verdict Verdict, string Note, string? Threshold = null)
{
    /// <summary>For a borderline verdict: the estimate whose interval straddles <see cref="At"/>; null when more rounds cannot move it (an exact count).</summary>
    public RatioEstimate? Straddling { get; init; }

    /// <summary>For a borderline verdict: the threshold the interval straddles, as a number on the estimate's scale.</summary>
    public double At { get; init; } = double.NaN;

    /// <summary>The claim holds.</summary>
    public static Outcome Reproduced(string note) => new(Verdict.Reproduced, note);

    /// <summary>Measured the other way.</summary>
    public static Outcome NotReproduced(string note) => new(Verdict.NotReproduced, note);

    /// <summary>The interval of <paramref name="estimate"/> straddles <paramref name="threshold"/> (the number <paramref name="at"/>).</summary>
    public static Outcome Borderline(string note, string threshold, RatioEstimate? estimate, double at) =>
        new(Verdict.Borderline, $"borderline at {threshold}: {note}", threshold) { Straddling = estimate, At = at };
}
