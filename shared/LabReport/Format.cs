using System.Globalization;

namespace LabReport;

/// <summary>How the report prints numbers: times with a unit that keeps 3–4 significant digits, rates with K/M.</summary>
public static class Format
{
    /// <summary>Nanoseconds as "702 ns", "1.23 µs", "11.57 ms", "1.2 s".</summary>
    public static string Time(double ns)
    {
        if (double.IsNaN(ns))
        {
            return "n/a";
        }

        (double value, string unit) = Math.Abs(ns) switch
        {
            >= 1e9 => (ns / 1e9, "s"),
            >= 1e6 => (ns / 1e6, "ms"),
            >= 1e3 => (ns / 1e3, "µs"),
            _ => (ns, "ns"),
        };
        return $"{Number(value)} {unit}";
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

    /// <summary>"Mean ± Error" of a result, or the mean alone without an interval.</summary>
    public static string MeanWithError(RunFiles.BenchmarkResult result)
    {
        ArgumentNullException.ThrowIfNull(result);
        string n = result.Iterations is int i ? $", n = {i}" : "";
        return result.HasInterval ? $"{Time(result.MeanNs)} ± {Time(result.ErrorNs)}{n}" : $"{Time(result.MeanNs)} (no interval{n})";
    }

    /// <summary>p-values as "0.0159" or "3.9e-09".</summary>
    public static string P(double p) => p >= 1e-4
        ? p.ToString("0.0000", CultureInfo.InvariantCulture)
        : p.ToString("0.0e+00", CultureInfo.InvariantCulture);
}
