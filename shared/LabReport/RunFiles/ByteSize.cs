namespace LabReport.RunFiles;

/// <summary>
/// BenchmarkDotNet's size cells ("124 B", "27.53 MB": binary units, 1 KB = 1,024 B) and plain numbers ("3.10"), read
/// in a wanted unit.
/// </summary>
public static class ByteSize
{
    private static readonly Dictionary<string, double> Units = new(StringComparer.Ordinal)
    {
        ["B"] = 1,
        ["KB"] = 1024,
        ["MB"] = 1024 * 1024,
        ["GB"] = 1024.0 * 1024 * 1024,
    };

    /// <summary>
    /// The cell in <paramref name="unit"/> ("MB", "B"); a plain number when <paramref name="unit"/> is null. Null when
    /// the cell is not such a number or its unit is not a size.
    /// </summary>
    public static double? In(string? cell, string? unit)
    {
        string[] parts = (cell ?? "").Trim().Split(' ', StringSplitOptions.RemoveEmptyEntries);
        if (unit is null)
        {
            return parts.Length == 1 ? Quantity.Number(parts[0]) : null;
        }

        if (parts.Length != 2 || Quantity.Number(parts[0]) is not double value || !Units.TryGetValue(parts[1], out double from) || !Units.TryGetValue(unit, out double to))
        {
            return null;
        }

        return value * from / to;
    }
}
