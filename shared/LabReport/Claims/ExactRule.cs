using System.Globalization;

namespace LabReport.Claims;

/// <summary>A deterministic count or size (bytes allocated, code size, requests that hit a pause): equal to the post's decimals.</summary>
public static class ExactRule
{
    /// <summary>The rule as the report prints it.</summary>
    public const string Text =
        "**exact** (a deterministic count or size: bytes a benchmark allocates, its code size, requests that hit a pause): " +
        "*reproduced* = this run's number rounded to the post's decimals is the post's number; *not reproduced* otherwise. " +
        "Deterministic for one build: another runtime or another implementation of the same benchmark can change it. " +
        "Measured in rounds, every round must give the same number: when the rounds differ and some give the post's, the " +
        "verdict is *borderline* at the post's number (the number is not deterministic here: a code size, for one, is " +
        "that of the JIT tier each process ended in); when none gives it, *not reproduced*.";

    /// <summary>
    /// Judges a number measured in rounds, one value per round: the single-number rule when they agree at the post's
    /// decimals; otherwise borderline at the post's number when some round gives it, not reproduced when none does.
    /// </summary>
    public static Outcome Judge(PublishedClaim claim, IReadOnlyList<double> rounds)
    {
        ArgumentNullException.ThrowIfNull(claim);
        ArgumentNullException.ThrowIfNull(rounds);
        if (rounds.Count == 0)
        {
            throw new ArgumentException("At least one round is needed.", nameof(rounds));
        }

        var rounded = rounds.Select(r => Rounded(claim, r)).ToList();
        if (rounded.Distinct().Count() == 1)
        {
            return Judge(claim, rounds[0]);
        }

        string counts = string.Join(", ", rounded.GroupBy(v => v).OrderByDescending(g => g.Count()).ThenBy(g => g.Key)
            .Select(g => $"{Show(claim, g.Key)} in {g.Count()}"));
        string what = $"the {rounds.Count} rounds differ ({counts})";
        return rounded.Contains(claim.Value)
            ? Outcome.Borderline($"{what}: not deterministic here, and some rounds give the post's {Show(claim, claim.Value)}", Show(claim, claim.Value), null, claim.Value)
            : Outcome.NotReproduced($"{what}, and none gives the post's {Show(claim, claim.Value)}");
    }

    /// <summary>Judges <paramref name="measured"/> against the post's number at the post's decimals.</summary>
    public static Outcome Judge(PublishedClaim claim, double measured)
    {
        ArgumentNullException.ThrowIfNull(claim);
        double rounded = Rounded(claim, measured);
        return rounded == claim.Value
            ? Outcome.Reproduced($"exact: {Show(claim, rounded)} to the post's decimals")
            : Outcome.NotReproduced($"{Show(claim, rounded)} where the post has {Show(claim, claim.Value)}: " +
                "a deterministic number that differs (another runtime or implementation)");
    }

    // The number at the post's decimals, and as the post prints it.
    private static double Rounded(PublishedClaim claim, double x) => Math.Round(x, claim.Decimals, MidpointRounding.AwayFromZero);

    private static string Show(PublishedClaim claim, double x) =>
        x.ToString("N" + claim.Decimals.ToString(CultureInfo.InvariantCulture), CultureInfo.InvariantCulture);
}
