using System.Globalization;

namespace LabReport.Claims;

/// <summary>
/// Where an estimate stands against a threshold, and how the report prints it. An estimate without an interval (one
/// histogram's percentile, a deterministic count) is its point: it stands on one side or exactly on the threshold.
/// </summary>
public static class Interval
{
    /// <summary>Low end, or the point.</summary>
    public static double Low(RatioEstimate e) => e.HasInterval ? e.Lower : e.Value;

    /// <summary>High end, or the point.</summary>
    public static double High(RatioEstimate e) => e.HasInterval ? e.Upper : e.Value;

    /// <summary>True when the whole interval lies above <paramref name="threshold"/>.</summary>
    public static bool Above(RatioEstimate e, double threshold) => Low(e) > threshold;

    /// <summary>True when the whole interval lies below <paramref name="threshold"/>.</summary>
    public static bool Below(RatioEstimate e, double threshold) => High(e) < threshold;

    /// <summary>True when the interval lies inside [<paramref name="low"/>; <paramref name="high"/>] (ends included).</summary>
    public static bool Inside(RatioEstimate e, double low, double high) => Low(e) >= low && High(e) <= high;

    /// <summary>"99.9% CI" for one process's iterations, "95% CI, 5 rounds" for rounds.</summary>
    public static string Level(RatioEstimate e)
    {
        string level = (e.Level * 100).ToString("0.##", CultureInfo.InvariantCulture) + "% CI";
        string waiting = e.MeasuredRounds > e.Rounds ? $" (of {e.MeasuredRounds}: the rest wait for the next look)" : "";
        return e.Rounds > 0 ? $"{level}, {e.Rounds} round{(e.Rounds == 1 ? "" : "s")}{waiting}" : level;
    }

    /// <summary>A ratio with its interval and level: "3.20× [2.80×; 3.60×] (99.9% CI)", "1.05× (no interval)".</summary>
    public static string Ratio(RatioEstimate e) => Text(e, x => RatioEstimate.Format(x) + "×");

    /// <summary>Any estimate with its interval and level, each number through <paramref name="format"/>.</summary>
    public static string Text(RatioEstimate e, Func<double, string> format)
    {
        ArgumentNullException.ThrowIfNull(format);
        if (!e.HasInterval)
        {
            return e.Rounds > 0 ? $"{format(e.Value)} (no interval, {e.Rounds} round{(e.Rounds == 1 ? "" : "s")})" : $"{format(e.Value)} (no interval)";
        }

        string upper = double.IsPositiveInfinity(e.Upper) ? "∞" : format(e.Upper);
        return $"{format(e.Value)} [{format(e.Lower)}; {upper}] ({Level(e)})";
    }

    /// <summary>The interval alone, "[2.80×; 3.60×]", or the point.</summary>
    public static string Range(RatioEstimate e) => e.HasInterval
        ? $"[{RatioEstimate.Format(e.Lower)}×; {(double.IsPositiveInfinity(e.Upper) ? "∞" : RatioEstimate.Format(e.Upper) + "×")}]"
        : $"{RatioEstimate.Format(e.Value)}× (a point)";
}
