namespace LabReport;

/// <summary>One line of a post's verdict table.</summary>
/// <param name="Claim">What the post claims.</param>
/// <param name="Published">The post's number, as published.</param>
/// <param name="Measured">This run's number with its interval.</param>
/// <param name="Verdict">The verdict by the report's rules.</param>
/// <param name="Note">Why (the rule that applied, or what is missing).</param>
public sealed record ClaimRow(string Claim, string Published, string Measured, Verdict Verdict, string Note)
{
    /// <summary>The claim's id in its post's claims.json.</summary>
    public string Id { get; init; } = "";

    /// <summary>The claim's kind (<see cref="Claims.ClaimKinds"/>).</summary>
    public string Kind { get; init; } = "";

    /// <summary>What a borderline verdict turned on ("1", "the SESOI edge 1.05×", "the bound 35×"), else null.</summary>
    public string? Threshold { get; init; }

    /// <summary>True when the drift probe moved past its threshold while the claim's post ran (the verdict itself is unchanged).</summary>
    public bool Drifted { get; init; }

    /// <summary>The number judged with its interval, when there is one number.</summary>
    public RatioEstimate? Estimate { get; init; }

    /// <summary>For a borderline row: the estimate whose interval straddles the threshold (null when more rounds cannot move it).</summary>
    public RatioEstimate? Straddling { get; init; }

    /// <summary>For a borderline row: the threshold straddled, as a number on <see cref="Straddling"/>'s scale.</summary>
    public double At { get; init; } = double.NaN;

    /// <summary>For a borderline row: what deciding it would cost, or why more rounds cannot ("needs about 6 more rounds, about 1:20").</summary>
    public string? ToDecide { get; init; }
}
