using System.Globalization;
using MeasurementLab;

namespace HandRolledHarness.Comparison;

/// <summary>
/// The hand-rolled results as CSV: <c>group,function,size,mean_ns,sdev_ns,count</c>, size empty for functions
/// without one. The lab report draws the sort and binary-search charts from it; <c>compare</c> reads it.
/// </summary>
public static class Mark8Csv
{
    public const string FileName = "mark8.csv";
    public const string Header = "group,function,size,mean_ns,sdev_ns,count";

    /// <summary>The rounds file's header: every round's line, with its round first.</summary>
    public const string RoundsHeader = "round," + Header;

    /// <summary>Where a sweep in rounds keeps every round's line: "mark8.csv" → "mark8-rounds.csv".</summary>
    public static string RoundsPath(string csvPath) =>
        Path.Combine(Path.GetDirectoryName(csvPath) ?? "", Path.GetFileNameWithoutExtension(csvPath) + "-rounds" + Path.GetExtension(csvPath));

    /// <summary>Writes every round's line (<see cref="RoundsHeader"/>), at once through a temporary like <see cref="Write"/>.</summary>
    public static void WriteRounds(string path, IEnumerable<Mark8Row> rows) =>
        WriteAll(path, RoundsHeader, rows.Select(r => r.Round.ToString(CultureInfo.InvariantCulture) + "," + Line(r)));

    /// <summary>Writes the whole file at once (through a temporary), so an interrupted run leaves no half table.</summary>
    public static void Write(string path, IEnumerable<Mark8Row> rows) => WriteAll(path, Header, rows.Select(Line));

    private static string Line(Mark8Row r) => string.Join(',',
        r.Group,
        r.Function,
        r.Size?.ToString(CultureInfo.InvariantCulture) ?? "",
        r.MeanNs.ToString("F3", CultureInfo.InvariantCulture),
        r.SdevNs.ToString("F3", CultureInfo.InvariantCulture),
        r.Count.ToString(CultureInfo.InvariantCulture));

    private static void WriteAll(string path, string header, IEnumerable<string> lines)
    {
        string temporary = path + ".tmp";
        File.WriteAllLines(temporary, lines.Prepend(header));
        File.Move(temporary, path, overwrite: true);
    }

    /// <summary>Reads a file written by <see cref="Write"/>; a malformed line is a <see cref="UsageException"/> naming it.</summary>
    public static IReadOnlyList<Mark8Row> Read(string path) => ReadAll(path, Header, (cells, row) => row);

    /// <summary>Reads a file written by <see cref="WriteRounds"/>: every round's line, with its round.</summary>
    public static IReadOnlyList<Mark8Row> ReadRounds(string path) => ReadAll(path, RoundsHeader, (cells, row) =>
        int.TryParse(cells[0], NumberStyles.None, CultureInfo.InvariantCulture, out int round) && round > 0 ? row with { Round = round } : null);

    // The header names the columns; a file with the round column has one cell more before the same six.
    private static List<Mark8Row> ReadAll(string path, string header, Func<string[], Mark8Row, Mark8Row?> complete)
    {
        var lines = File.ReadAllLines(path);
        if (lines.Length == 0 || lines[0].Trim() != header)
        {
            throw new UsageException($"{path}: not a mark 8 CSV (the first line must be '{header}').");
        }

        int skip = header.Split(',').Length - 6;
        var rows = new List<Mark8Row>();
        for (int n = 1; n < lines.Length; n++)
        {
            if (lines[n].Length == 0)
            {
                continue;
            }

            string[] cells = lines[n].Split(',');
            var row = cells.Length == 6 + skip ? ParseRow(cells[skip..]) : null;
            rows.Add((row is null ? null : complete(cells, row))
                ?? throw new UsageException($"{path}:{n + 1}: expected {header}; got '{lines[n]}'."));
        }

        return rows;
    }

    private static Mark8Row? ParseRow(string[] cells) =>
        TryParseSize(cells[2], out int? size)
        && double.TryParse(cells[3], NumberStyles.Float, CultureInfo.InvariantCulture, out double mean)
        && double.TryParse(cells[4], NumberStyles.Float, CultureInfo.InvariantCulture, out double sdev)
        && int.TryParse(cells[5], NumberStyles.None, CultureInfo.InvariantCulture, out int count)
            ? new Mark8Row(cells[0], cells[1], size, mean, sdev, count)
            : null;

    private static bool TryParseSize(string text, out int? size)
    {
        size = null;
        if (text.Length == 0)
        {
            return true;
        }

        bool parsed = int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out int value);
        size = value;
        return parsed;
    }
}
