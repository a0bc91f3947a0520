namespace LabReport.RunFiles;

/// <summary>One point of an HdrHistogram percentile distribution (.hgrm): a value and the fraction of values at or below it.</summary>
public readonly record struct PercentilePoint(double Value, double Percentile);

/// <summary>HdrHistogram's percentile output (`outputPercentileDistribution`), as the lab writes it (values in milliseconds).</summary>
public sealed record Hgrm(string Path, IReadOnlyList<PercentilePoint> Points, long TotalCount)
{
    /// <summary>The value at a percentile (0..1): the first point at or above it.</summary>
    public double At(double percentile) =>
        Points.FirstOrDefault(p => p.Percentile >= percentile, Points.Count > 0 ? Points[^1] : new PercentilePoint(double.NaN, 1)).Value;

    /// <summary>Reads a .hgrm file; throws <see cref="InvalidDataException"/> naming the file when it holds no distribution.</summary>
    public static Hgrm Load(string path)
    {
        var points = new List<PercentilePoint>();
        long total = 0;
        foreach (string line in File.ReadLines(path))
        {
            string[] cells = line.Split(' ', StringSplitOptions.RemoveEmptyEntries);
            if (cells.Length < 3 || cells[0].StartsWith('#') || Quantity.Number(cells[0]) is not double value
                || Quantity.Number(cells[1]) is not double percentile || Quantity.Number(cells[2]) is not double count)
            {
                continue;
            }

            points.Add(new PercentilePoint(value, percentile));
            total = Math.Max(total, (long)count);
        }

        if (points.Count == 0)
        {
            throw new InvalidDataException($"{path}: no percentile lines (value, percentile, total count) in this .hgrm file");
        }

        return new Hgrm(path, points, total);
    }
}
