using System.Globalization;
using MeasurementLab;

namespace LabReport;

/// <summary>How the report prints numbers: 3–4 significant digits, times in the lab's units, rates with K/M.</summary>
public static class Format
{
    /// <summary>Nanoseconds as "702 ns", "1.23 µs", "11.57 ms", "1.2 s": the lab's unit (<see cref="DurationFormat"/>), the report's digits.</summary>
    public static string Time(double ns)
    {
        if (double.IsNaN(ns))
        {
            return "n/a";
        }

        var unit = DurationFormat.UnitFor(ns);
        return $"{Number(ns / DurationFormat.NanosecondsPer(unit))} {DurationFormat.Symbol(unit)}";
    }

    /// <summary>Per-second rates as "1.42M/s", "210K/s".</summary>
    public static string Rate(double perSecond) => perSecond switch
    {
        double.PositiveInfinity => "∞",
        >= 1e6 => $"{Number(perSecond / 1e6)}M",
        >= 1e3 => $"{Number(perSecond / 1e3)}K",
        _ => Number(perSecond),
    };

    /// <summary>3–4 significant digits, invariant culture.</summary>
    public static string Number(double value) => double.IsNaN(value)
        ? "n/a"
        : value.ToString(Math.Abs(value) >= 100 ? "N0" : Math.Abs(value) >= 10 ? "0.0" : Math.Abs(value) >= 1 ? "0.00" : "0.####", CultureInfo.InvariantCulture);

    /// <summary>
    /// "Mean ± Error" of a result, or the mean alone without an interval; for a case measured in rounds, the median of
    /// the rounds' means with their interval, "25.6 ms [25.1 ms; 26.3 ms], 5 rounds".
    /// </summary>
    public static string MeanWithError(RunFiles.BenchmarkResult result)
    {
        ArgumentNullException.ThrowIfNull(result);
        if (result.RoundsMean is { } rounds)
        {
            string count = $"{rounds.Count} round{(rounds.Count == 1 ? "" : "s")}";
            return rounds.HasInterval ? $"{Time(result.MeanNs)} [{Time(rounds.Lower)}; {Time(rounds.Upper)}], {count}" : $"{Time(result.MeanNs)} (no interval, {count})";
        }

        string n = result.Iterations is int i ? $", n = {i}" : "";
        return result.HasInterval ? $"{Time(result.MeanNs)} ± {Time(result.ErrorNs)}{n}" : $"{Time(result.MeanNs)} (no interval{n})";
    }

    /// <summary>A fraction as a percentage: 0.1 → "10%", 0.025 → "2.5%", 0.0125 → "1.25%"; "n/a" when not finite.</summary>
    public static string Percent(double fraction) =>
        double.IsFinite(fraction) ? (fraction * 100).ToString(Math.Abs(fraction) < 0.1 ? "0.##" : "0.#", CultureInfo.InvariantCulture) + "%" : "n/a";

    /// <summary>p-values as "0.0159" or "3.9e-09".</summary>
    public static string P(double p) => p >= 1e-4
        ? p.ToString("0.0000", CultureInfo.InvariantCulture)
        : p.ToString("0.0e+00", CultureInfo.InvariantCulture);
}
