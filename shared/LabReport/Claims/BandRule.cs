namespace LabReport.Claims;

/// <summary>
/// A number without a direction to resolve: an absolute value the post's own setup fixes (a simulated service's
/// latency), or one measurement relative to another ("nearly a quarter of the search"). It must land within 2× of the
/// post's number.
/// </summary>
public static class BandRule
{
    /// <summary>The rule for a relative claim as the report prints it.</summary>
    public static string RelativeText =>
        $"**relative** (one measurement as a share or multiple of another: \"nearly a quarter of the search\") and **value** (an absolute " +
        $"number the post's own setup fixes, such as the simulated service's latencies): *reproduced* = the interval lies within " +
        $"{RatioRule.MagnitudeFactor.ToString("0.##", System.Globalization.CultureInfo.InvariantCulture)}× of the post's number either way; *not reproduced* = entirely outside; " +
        "*borderline* = it straddles an edge. Absolute times of the post's hardware are not value claims: they are information.";

    /// <summary>Judges <paramref name="measured"/> against <paramref name="post"/> ×/÷ 2; <paramref name="shown"/> prints a number.</summary>
    public static Outcome Judge(double post, RatioEstimate measured, Func<double, string> shown)
    {
        ArgumentNullException.ThrowIfNull(shown);
        double low = post / RatioRule.MagnitudeFactor;
        double high = post * RatioRule.MagnitudeFactor;
        string band = $"{shown(low)}–{shown(high)} (2× of the post's {shown(post)})";
        string point = measured.HasInterval ? "" : " (no interval: judged by its point)";
        double factor = Math.Max(measured.Value / post, post / measured.Value);
        string how = $"{factor.ToString("0.0", System.Globalization.CultureInfo.InvariantCulture)}× from the post's";
        if (Interval.Inside(measured, low, high))
        {
            return Outcome.Reproduced($"{how}, inside {band}{point}");
        }

        if (Interval.Below(measured, low) || Interval.Above(measured, high))
        {
            return Outcome.NotReproduced($"{how}, outside {band}{point}");
        }

        double edge = Interval.Low(measured) < low ? low : high;
        return Outcome.Borderline($"the interval straddles an edge of {band}", shown(edge), measured, edge);
    }
}
