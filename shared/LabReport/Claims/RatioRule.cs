using System.Globalization;

namespace LabReport.Claims;

/// <summary>
/// A ratio claim: the post saw a difference of a size. Its direction must be resolved, and its size is compared on
/// two scales at once: the ratio within 2× of the post's, and the effect (ln ratio, i.e. how far from 1) within 2×
/// of the post's effect. The first binds for large ratios (beyond 4× or below 0.25×), the second for small ones, where
/// a 2× band around 1.015 would accept anything from no difference to 2×.
/// </summary>
public static class RatioRule
{
    /// <summary>A ratio within this factor of the post's, and an effect within this factor of the post's effect, is "reproduced".</summary>
    public const double MagnitudeFactor = 2.0;

    /// <summary>The rule as the report prints it.</summary>
    public static string Text =>
        $"**ratio** (the post saw a difference of a size): the band is the post's ratio ×/÷ {Num(MagnitudeFactor)} intersected with " +
        $"the post's effect (ln ratio) ×/÷ {Num(MagnitudeFactor)}, so a 1.02× claim accepts 1.01–1.03×, a 17× claim 8.5–34×. " +
        "*reproduced* = the interval lies on the post's side of 1 and inside the band; *direction only* = on the post's side, " +
        "entirely outside the band; *size ruled out* = it straddles 1 but lies entirely on the near side of the band (the post's " +
        "size is ruled out, its direction not decided); *borderline* = it straddles 1 or an edge of the band with the band in reach; " +
        "*not reproduced* = it lies on the other side of 1.";

    /// <summary>The band [low; high] of ratios that reproduce <paramref name="post"/>.</summary>
    public static (double Low, double High) Band(double post)
    {
        double low = post / MagnitudeFactor;
        double high = post * MagnitudeFactor;
        double effect = Math.Log(post);
        if (effect != 0)
        {
            double a = Math.Exp(effect / MagnitudeFactor);
            double b = Math.Exp(effect * MagnitudeFactor);
            low = Math.Max(low, Math.Min(a, b));
            high = Math.Min(high, Math.Max(a, b));
        }

        return (low, high);
    }

    /// <summary>Judges <paramref name="measured"/> against the post's ratio <paramref name="post"/>.</summary>
    public static Outcome Judge(double post, RatioEstimate measured)
    {
        var (low, high) = Band(post);
        string band = $"the band {RatioEstimate.Format(low)}–{RatioEstimate.Format(high)}×";
        string point = measured.HasInterval ? "" : " (no interval: judged by its point)";
        bool postAbove = post > 1;
        if (!Interval.Above(measured, 1) && !Interval.Below(measured, 1))
        {
            bool ruledOut = postAbove ? Interval.Below(measured, low) : Interval.Above(measured, high);
            return ruledOut
                ? new Outcome(Verdict.SizeRuledOut, $"no direction resolved, and {Interval.Range(measured)} lies entirely {(postAbove ? "below" : "above")} {band}: the post's size is ruled out")
                : Outcome.Borderline($"{Interval.Range(measured)} straddles 1: no direction resolved", "1", measured, 1);
        }

        if (Interval.Above(measured, 1) != postAbove)
        {
            return Outcome.NotReproduced($"resolved the other way{point}");
        }

        if (Interval.Inside(measured, low, high))
        {
            return Outcome.Reproduced($"the post's direction, inside {band}{point}");
        }

        if (Interval.Below(measured, low) || Interval.Above(measured, high))
        {
            return new Outcome(Verdict.DirectionOnly, $"the post's direction, {Distance(post, measured.Value)}, outside {band}{point}");
        }

        double edge = Interval.Low(measured) < low ? low : high;
        return Outcome.Borderline($"the post's direction; {Interval.Range(measured)} straddles the edge of {band}", $"{RatioEstimate.Format(edge)}×", measured, edge);
    }

    // "4.3× the post's ratio" for large ratios, "2.2× the post's effect" for small ones (where the effect band binds).
    private static string Distance(double post, double measured)
    {
        if (Math.Abs(Math.Log(post)) >= Math.Log(MagnitudeFactor * MagnitudeFactor))
        {
            double factor = Math.Max(measured / post, post / measured);
            return $"{factor.ToString("0.0", CultureInfo.InvariantCulture)}× from the post's ratio";
        }

        double effect = Math.Log(measured) / Math.Log(post);
        double apart = Math.Max(effect, 1 / effect);
        return $"an effect {apart.ToString("0.0", CultureInfo.InvariantCulture)}× {(effect > 1 ? "larger" : "smaller")} than the post's";
    }

    private static string Num(double x) => x.ToString("0.##", CultureInfo.InvariantCulture);
}
