using System.Globalization;

namespace LabReport.RunFiles;

/// <summary>
/// A comma-separated table as the lab's programs write it (one header line, <c>.</c> decimal point, no quoting):
/// cells are looked up by column name, so a reader does not depend on the column order.
/// </summary>
public sealed class CsvTable
{
    private readonly string[] _header;

    private CsvTable(string path, string[] header, IReadOnlyList<string[]> rows)
    {
        Path = path;
        _header = header;
        Rows = rows;
    }

    /// <summary>The file the table came from.</summary>
    public string Path { get; }

    /// <summary>The data rows, each with one cell per column.</summary>
    public IReadOnlyList<string[]> Rows { get; }

    /// <summary>
    /// Reads <paramref name="path"/> and checks it has every column in <paramref name="required"/>; throws
    /// <see cref="InvalidDataException"/> naming the path (and line) when a column is missing or a row is short.
    /// </summary>
    public static CsvTable Load(string path, params string[] required)
    {
        ArgumentNullException.ThrowIfNull(required);
        var lines = File.ReadAllLines(path).Where(l => l.Trim().Length > 0).ToList();
        if (lines.Count == 0)
        {
            throw new InvalidDataException($"{path}: empty (expected a header line: {string.Join(",", required)})");
        }

        string[] header = Split(lines[0]);
        var absent = required.Where(c => !header.Contains(c, StringComparer.Ordinal)).ToList();
        if (absent.Count > 0)
        {
            throw new InvalidDataException($"{path}: no column {string.Join(", ", absent)} in its header '{lines[0].Trim()}'");
        }

        var rows = new List<string[]>();
        for (int i = 1; i < lines.Count; i++)
        {
            string[] cells = Split(lines[i]);
            if (cells.Length != header.Length)
            {
                throw new InvalidDataException($"{path}:{i + 1}: {cells.Length} cells where the header has {header.Length}");
            }

            rows.Add(cells);
        }

        return new CsvTable(path, header, rows);
    }

    /// <summary>True when the header has the column (for columns a newer writer added).</summary>
    public bool Has(string column) => _header.Contains(column, StringComparer.Ordinal);

    /// <summary>The cell of a row under a column.</summary>
    public string Cell(string[] row, string column)
    {
        ArgumentNullException.ThrowIfNull(row);
        return row[Array.IndexOf(_header, column)];
    }

    /// <summary>A numeric cell; NaN when it is empty; <see cref="InvalidDataException"/> naming the file when it is not a number.</summary>
    public double Number(string[] row, string column)
    {
        string cell = Cell(row, column);
        if (cell.Length == 0)
        {
            return double.NaN;
        }

        return double.TryParse(cell, NumberStyles.Float, CultureInfo.InvariantCulture, out double value)
            ? value
            : throw new InvalidDataException($"{Path}: '{cell}' in column {column} is not a number");
    }

    private static string[] Split(string line) => [.. line.TrimEnd('\r').Split(',').Select(c => c.Trim())];
}
