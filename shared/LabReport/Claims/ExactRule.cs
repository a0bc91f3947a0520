using System.Globalization;

namespace LabReport.Claims;

/// <summary>A deterministic count or size (bytes allocated, code size, requests that hit a pause): equal to the post's decimals.</summary>
public static class ExactRule
{
    /// <summary>The rule as the report prints it.</summary>
    public const string Text =
        "**exact** (a deterministic count or size: bytes a benchmark allocates, its code size, requests that hit a pause): " +
        "*reproduced* = this run's number rounded to the post's decimals is the post's number; *not reproduced* otherwise. " +
        "Deterministic for one build: another runtime or another implementation of the same benchmark can change it.";

    /// <summary>Judges <paramref name="measured"/> against the post's number at the post's decimals.</summary>
    public static Outcome Judge(PublishedClaim claim, double measured)
    {
        ArgumentNullException.ThrowIfNull(claim);
        double rounded = Math.Round(measured, claim.Decimals, MidpointRounding.AwayFromZero);
        string text = rounded.ToString("N" + claim.Decimals.ToString(CultureInfo.InvariantCulture), CultureInfo.InvariantCulture);
        return rounded == claim.Value
            ? Outcome.Reproduced($"exact: {text} to the post's decimals")
            : Outcome.NotReproduced($"{text} where the post has {claim.Value.ToString("N" + claim.Decimals.ToString(CultureInfo.InvariantCulture), CultureInfo.InvariantCulture)}: " +
                "a deterministic number that differs (another runtime or implementation)");
    }
}
