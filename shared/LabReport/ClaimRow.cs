namespace LabReport;

/// <summary>One line of a post's verdict table.</summary>
/// <param name="Claim">What the post claims.</param>
/// <param name="Published">The post's number, as published.</param>
/// <param name="Measured">This run's number with its interval.</param>
/// <param name="Verdict">The verdict by the report's rules.</param>
/// <param name="Note">Why (the rule that applied, or what is missing).</param>
public sealed record ClaimRow(string Claim, string Published, string Measured, Verdict Verdict, string Note);
