using System.Globalization;

namespace LabReport.RunFiles;

/// <summary>Reads the numbers BenchmarkDotNet and the lab's programs print: times with units, ops/s with K/M suffixes, counts with separators.</summary>
public static class Quantity
{
    /// <summary>"702.0 ns", "1,234.5 μs", "11.574 ms", "2 s" → nanoseconds; null for "-", "NA", "?" or anything else.</summary>
    public static double? TimeNs(string? text)
    {
        if (string.IsNullOrWhiteSpace(text))
        {
            return null;
        }

        string[] parts = text.Trim().Split(' ', StringSplitOptions.RemoveEmptyEntries);
        if (parts.Length != 2 || Number(parts[0]) is not double value)
        {
            return null;
        }

        double? scale = parts[1] switch
        {
            "ns" => 1,
            "μs" or "µs" or "us" => 1e3,
            "ms" => 1e6,
            "s" => 1e9,
            _ => null,
        };
        return scale is double s ? value * s : null;
    }

    /// <summary>"1.42M", "210.4K", "62.8M", "∞" → per second; null when it is not such a number.</summary>
    public static double? Rate(string? text)
    {
        if (string.IsNullOrWhiteSpace(text))
        {
            return null;
        }

        string t = text.Trim();
        if (t == "∞")
        {
            return double.PositiveInfinity;
        }

        double scale = 1;
        if (t.EndsWith('M'))
        {
            scale = 1e6;
            t = t[..^1];
        }
        else if (t.EndsWith('K'))
        {
            scale = 1e3;
            t = t[..^1];
        }
        else if (t.EndsWith('G'))
        {
            scale = 1e9;
            t = t[..^1];
        }

        return Number(t) is double v ? v * scale : null;
    }

    /// <summary>A plain number with optional thousands separators ("13,500", "3.15", "-0.2"); null otherwise.</summary>
    public static double? Number(string? text) =>
        double.TryParse(text?.Trim().Replace(",", "", StringComparison.Ordinal), NumberStyles.Float, CultureInfo.InvariantCulture, out double v)
            ? v
            : null;
}
