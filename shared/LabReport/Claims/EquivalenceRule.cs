using System.Globalization;

namespace LabReport.Claims;

/// <summary>
/// A no-difference claim, judged as an equivalence test against a smallest effect size of interest (two one-sided
/// tests: the interval must lie inside 1 ± SESOI). A wide interval around 1 no longer passes for "no difference".
/// </summary>
public static class EquivalenceRule
{
    /// <summary>The rule as the report prints it.</summary>
    public const string Text =
        "**equivalence** (the post saw no difference; the SESOI, its smallest effect size of interest, is stated in the row): " +
        "*reproduced* = the interval lies inside 1 ± SESOI (two one-sided tests at the interval's level); *not reproduced* = it " +
        "lies entirely outside (a difference larger than the SESOI); *borderline* = it straddles an edge, also when it is " +
        "wider than the whole band: an interval that includes 1 but not only small ratios cannot say \"no difference\".";

    /// <summary>Judges <paramref name="measured"/> against 1 ± <paramref name="sesoi"/>.</summary>
    public static Outcome Judge(double sesoi, RatioEstimate measured)
    {
        double low = 1 - sesoi;
        double high = 1 + sesoi;
        string band = $"1 ± {Format.Percent(sesoi)} ({RatioEstimate.Format(low)}–{RatioEstimate.Format(high)}×)";
        string what = measured.HasInterval ? Interval.Range(measured) : $"{RatioEstimate.Format(measured.Value)}× (a point, no interval)";
        if (Interval.Inside(measured, low, high))
        {
            return Outcome.Reproduced($"{what} inside {band}: equivalent");
        }

        if (Interval.Below(measured, low) || Interval.Above(measured, high))
        {
            return Outcome.NotReproduced($"{what} entirely outside {band}: a difference beyond the SESOI");
        }

        bool both = Interval.Low(measured) < low && Interval.High(measured) > high;
        string edge = both ? $"±{Format.Percent(sesoi)}" : $"{RatioEstimate.Format(Interval.Low(measured) < low ? low : high)}×";
        // Across both edges, the interval must shrink inside the band: the nearer edge to its centre decides.
        double centre = double.IsFinite(measured.LogMean) ? Math.Exp(measured.LogMean) : measured.Value;
        double at = both ? (Math.Abs(Math.Log(centre / low)) < Math.Abs(Math.Log(high / centre)) ? low : high) : Interval.Low(measured) < low ? low : high;
        return Outcome.Borderline($"{what} straddles {band}: too wide to tell", edge, measured, at);
    }
}
