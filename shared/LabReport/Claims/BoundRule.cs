namespace LabReport.Claims;

/// <summary>An at-least or at-most claim: a bound the whole interval must meet.</summary>
public static class BoundRule
{
    /// <summary>The rule as the report prints it.</summary>
    public const string Text =
        "**at least / at most** (a bound: \"far faster\", \"large\", \"p < 0.001\", a target): *reproduced* = the whole interval " +
        "meets the bound (the bound itself included); *not reproduced* = the whole interval misses it; *borderline* = the " +
        "interval straddles the bound. Where the post gives words, not a number (\"far faster\"), the row says how they are read.";

    /// <summary>Judges <paramref name="measured"/> against <paramref name="bound"/>; <paramref name="shown"/> prints a number.</summary>
    public static Outcome Judge(bool atLeast, double bound, RatioEstimate measured, Func<double, string> shown)
    {
        ArgumentNullException.ThrowIfNull(shown);
        bool Meets(double x) => atLeast ? x >= bound : x <= bound;
        string sign = atLeast ? "≥" : "≤";
        string point = measured.HasInterval ? "the whole interval" : "the point (no interval)";
        bool low = Meets(Interval.Low(measured));
        bool high = Meets(Interval.High(measured));
        if (low && high)
        {
            return Outcome.Reproduced($"{point} meets {sign} {shown(bound)}");
        }

        if (!low && !high)
        {
            return Outcome.NotReproduced($"{point} misses {sign} {shown(bound)}");
        }

        return Outcome.Borderline($"the interval straddles the bound {shown(bound)}", $"{sign} {shown(bound)}", measured, bound);
    }
}
