namespace LabReport.Claims;

/// <summary>
/// A number without a direction to resolve: an absolute value the post's own setup fixes (a simulated service's
/// latency), or one measurement relative to another ("nearly a quarter of the search"). It must land within 2× of the
/// post's number, or within the entry's tolerance when the measurement's determinism or the post's spread supports one.
/// </summary>
public static class BandRule
{
    /// <summary>The rule for a relative claim as the report prints it.</summary>
    public static string RelativeText =>
        $"**relative** (one measurement as a share or multiple of another: \"nearly a quarter of the search\") and **value** (an absolute " +
        $"number the post's own setup fixes, such as the simulated service's latencies): *reproduced* = the interval lies within " +
        $"{RatioRule.MagnitudeFactor.ToString("0.##", System.Globalization.CultureInfo.InvariantCulture)}× of the post's number either way, or within " +
        "the row's tolerance (±x% of the post's number) where the entry states one with its reason (a deterministic simulation, the post's " +
        "own spread); *not reproduced* = entirely outside; " +
        "*borderline* = it straddles an edge. Absolute times of the post's hardware are not value claims: they are information.";

    /// <summary>
    /// Judges <paramref name="measured"/> against <paramref name="post"/> ×/÷ 2, or ± <paramref name="tolerance"/> (a share
    /// of the post's number) when given; <paramref name="shown"/> prints a number.
    /// </summary>
    public static Outcome Judge(double post, RatioEstimate measured, Func<double, string> shown, double? tolerance = null)
    {
        ArgumentNullException.ThrowIfNull(shown);
        double low = tolerance is double t ? post * (1 - t) : post / RatioRule.MagnitudeFactor;
        double high = tolerance is double u ? post * (1 + u) : post * RatioRule.MagnitudeFactor;
        string band = tolerance is double v
            ? $"{shown(low)}–{shown(high)} (±{Format.Percent(v)} of the post's {shown(post)})"
            : $"{shown(low)}–{shown(high)} (2× of the post's {shown(post)})";
        string point = measured.HasInterval ? "" : " (no interval: judged by its point)";
        double factor = Math.Max(measured.Value / post, post / measured.Value);
        string how = (measured.Value <= 0) != (post <= 0)
            ? $"{shown(measured.Value)}, the other sign from the post's"
            : tolerance is null
            ? $"{factor.ToString("0.0", System.Globalization.CultureInfo.InvariantCulture)}× from the post's"
            : $"{Format.Percent(measured.Value / post - 1)} from the post's";
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
