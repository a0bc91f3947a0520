using System.Globalization;

namespace StatisticsThatMatter.Checklist;

/// <summary>
/// Number formatting for the checklist's output, invariant culture so reports read the same everywhere. It follows the
/// post's checklist (p-values to four decimals, ratios to three), not the lab report's 3–4 significant digits
/// (LabReport's <c>Format</c>); durations use the lab's <see cref="MeasurementLab.DurationFormat"/>.
/// </summary>
internal static class ChecklistFormat
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    /// <summary>A p-value: fixed notation down to 0.001, scientific below.</summary>
    public static string P(double p) => double.IsNaN(p) ? "n/a" : p >= 0.001 ? p.ToString("0.0000", Invariant) : p.ToString("0.0e+00", Invariant);

    /// <summary>A plain number with up to four significant decimals.</summary>
    public static string Number(double value) => value.ToString("0.####", Invariant);

    /// <summary>A number with fixed decimals.</summary>
    public static string Fixed(double value, int decimals) => value.ToString("F" + decimals.ToString(Invariant), Invariant);

    /// <summary>A fraction as a percentage (0.05 -> "5%").</summary>
    public static string Percent(double fraction) => (fraction * 100).ToString("0.##", Invariant) + "%";

    /// <summary>A percentage with its sign always shown: "+6.04%", "-0.94%".</summary>
    public static string SignedPercent(double fraction) => (fraction >= 0 ? "+" : "") + Percent(fraction);

    /// <summary>A ratio with enough digits for both 1.02 and 0.001.</summary>
    public static string Ratio(double ratio) => ratio >= 0.1 ? ratio.ToString("0.000", Invariant) : ratio.ToString("0.0000##", Invariant);
}
