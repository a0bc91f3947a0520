namespace LabReport.Claims;

/// <summary>A difference the post calls real but trivial: resolved from 1, yet inside the SESOI.</summary>
public static class TrivialRule
{
    /// <summary>The rule as the report prints it.</summary>
    public const string Text =
        "**resolved but trivial** (\"real, but not worth a code change\"): *reproduced* = the interval excludes 1 and lies " +
        "inside 1 ± SESOI; *not reproduced* = it lies entirely outside 1 ± SESOI (not trivial); *borderline* = it includes 1 " +
        "(not shown real) or straddles an edge of the SESOI.";

    /// <summary>Judges <paramref name="measured"/> against 1 and 1 ± <paramref name="sesoi"/>.</summary>
    public static Outcome Judge(double sesoi, RatioEstimate measured)
    {
        double low = 1 - sesoi;
        double high = 1 + sesoi;
        string band = $"1 ± {Format.Percent(sesoi)}";
        string what = Interval.Range(measured);
        if (Interval.Below(measured, low) || Interval.Above(measured, high))
        {
            return Outcome.NotReproduced($"{what} entirely outside {band}: a difference beyond the SESOI, not trivial");
        }

        bool resolved = Interval.Above(measured, 1) || Interval.Below(measured, 1);
        bool inside = Interval.Inside(measured, low, high);
        if (resolved && inside)
        {
            return Outcome.Reproduced($"{what} excludes 1 and lies inside {band}: real but trivial");
        }

        return resolved
            ? Outcome.Borderline($"{what} is resolved but straddles {band}", $"the SESOI edge {RatioEstimate.Format(Interval.Low(measured) < low ? low : high)}×",
                measured, Interval.Low(measured) < low ? low : high)
            : Outcome.Borderline($"{what} includes 1: not shown real{(inside ? "" : $", and it straddles {band}")}", "1", measured, 1);
    }
}
