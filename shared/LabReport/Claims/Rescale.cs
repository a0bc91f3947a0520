using System.Globalization;

namespace LabReport.Claims;

/// <summary>
/// Carries a ratio of an n² algorithm over an n log n one from the post's size to the size measured here: the ratio
/// grows as n² / (n ln n) = n / ln n.
/// </summary>
public static class Rescale
{
    /// <summary>The rule as the report prints it.</summary>
    public const string Text =
        "**conditions**: each claim is judged under the post's own conditions (its sizes, thread counts, load). Where this run " +
        "measures another size, the post's ratio is carried to it by the model the row states: an n² sort over an n log n one " +
        "grows as n / ln n (the note's 49.7× at 10,000 is 62.0× at 12,800); two n log n sorts keep their ratio; a shorter " +
        "simulation's counts follow its length (requests = rate × duration, pauses = ⌊requests / pause-every⌋).";

    /// <summary>The factor n / ln n grows by from <paramref name="from"/> to <paramref name="to"/>.</summary>
    public static double NOverLnN(double from, double to) => to / Math.Log(to) / (from / Math.Log(from));

    /// <summary>The post's ratio at the size measured here, and how it got there.</summary>
    public static (double Value, string How) Apply(PublishedClaim claim)
    {
        ArgumentNullException.ThrowIfNull(claim);
        if (claim.Rescale is not var (from, to))
        {
            return (claim.Value, "");
        }

        double value = claim.Value * NOverLnN(from, to);
        return (value, $"{RatioEstimate.Format(claim.Value)}× at {from.ToString("N0", CultureInfo.InvariantCulture)} is {RatioEstimate.Format(value)}× at " +
            $"{to.ToString("N0", CultureInfo.InvariantCulture)} by n / ln n");
    }
}
