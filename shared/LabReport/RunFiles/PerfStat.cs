using System.Globalization;

namespace LabReport.RunFiles;

/// <summary>
/// The counts of one <c>perf stat -x,</c> CSV (post 5's <c>perf-stat/perf-stat-MODE.csv</c>): value, unit, event, … per
/// line. An event the machine cannot count ("&lt;not supported&gt;", "&lt;not counted&gt;") has no count.
/// </summary>
public sealed record PerfStat(string Path, IReadOnlyDictionary<string, double?> Counts)
{
    /// <summary>The count of an event ("instructions"; a ":u" suffix perf adds is ignored), or null when not counted or absent.</summary>
    public double? Count(string name) => Counts.TryGetValue(name, out var count) ? count : null;

    /// <summary>Reads a perf stat CSV; <see cref="InvalidDataException"/> naming the file when a line has no event.</summary>
    public static PerfStat Load(string path)
    {
        var counts = new Dictionary<string, double?>(StringComparer.Ordinal);
        int number = 0;
        foreach (string line in File.ReadLines(path))
        {
            number++;
            if (line.Trim().Length == 0 || line.StartsWith('#'))
            {
                continue;
            }

            string[] cells = line.Split(',');
            if (cells.Length < 3 || cells[2].Trim().Length == 0)
            {
                throw new InvalidDataException($"{path}:{number}: not a perf stat -x, line (value,unit,event,...)");
            }

            string name = cells[2].Trim().Split(':')[0];
            counts[name] = double.TryParse(cells[0], NumberStyles.Float, CultureInfo.InvariantCulture, out double value) ? value : null;
        }

        return new PerfStat(path, counts);
    }
}
