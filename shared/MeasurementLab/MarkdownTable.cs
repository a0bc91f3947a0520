using System.Text;

namespace MeasurementLab;

/// <summary>How a column's cells line up.</summary>
public enum ColumnAlignment
{
    /// <summary>Text: padded on the right.</summary>
    Left,

    /// <summary>Numbers: padded on the left, so digits line up.</summary>
    Right,
}

/// <summary>
/// The lab's markdown table, built and written here or read back from a file (<see cref="ParseAll"/>): a header and
/// rows of cells. Written, cells are padded to the column width so the table reads as plain text too, <c>|</c>
/// inside a cell is escaped so it cannot split the row, and <c>&lt;</c>/<c>&gt;</c> outside code spans are written as
/// entities (<see cref="MarkdownText.Escape"/>), as BenchmarkDotNet's own tables do; reading decodes them again. By
/// default the first column is left-aligned (labels) and the others right-aligned (numbers).
/// </summary>
public sealed partial class MarkdownTable
{
    private const int MinimumWidth = 3;

    private readonly string[] _headers;
    private readonly ColumnAlignment[] _alignments;
    private readonly List<string[]> _rows = [];

    /// <summary>A table with the first column left-aligned and the others right-aligned.</summary>
    public MarkdownTable(params string[] headers)
        : this(headers, [.. headers.Select((_, i) => i == 0 ? ColumnAlignment.Left : ColumnAlignment.Right)])
    {
    }

    /// <summary>A table with one alignment per column.</summary>
    public MarkdownTable(IReadOnlyList<string> headers, IReadOnlyList<ColumnAlignment> alignments)
    {
        ArgumentNullException.ThrowIfNull(headers);
        ArgumentNullException.ThrowIfNull(alignments);
        if (headers.Count == 0 || headers.Count != alignments.Count)
        {
            throw new ArgumentException($"A table needs at least one column and one alignment per column (got {headers.Count} headers, {alignments.Count} alignments).", nameof(alignments));
        }

        _headers = [.. headers.Select(Checked)];
        _alignments = [.. alignments];
    }

    /// <summary>The column names.</summary>
    public IReadOnlyList<string> Header => _headers;

    /// <summary>The rows' cells, as given (a table read from a file keeps each row as it was, even a short one).</summary>
    public IReadOnlyList<IReadOnlyList<string>> Rows => _rows;

    /// <summary>The index of a column (names compared ignoring case), or -1.</summary>
    public int Column(string name) => Array.FindIndex(_headers, h => h.Equals(name, StringComparison.OrdinalIgnoreCase));

    /// <summary>The cell of a row under a column, or null when the table (or the row) has no such column.</summary>
    public string? Cell(IReadOnlyList<string> row, string column)
    {
        ArgumentNullException.ThrowIfNull(row);
        int i = Column(column);
        return i >= 0 && i < row.Count ? row[i] : null;
    }

    /// <summary>A new table with only the named columns (found ignoring case), in that order, with their alignments.</summary>
    /// <exception cref="ArgumentException">The table has no column of one of the names.</exception>
    public MarkdownTable Select(params string[] columns)
    {
        ArgumentNullException.ThrowIfNull(columns);
        int[] indexes = [.. columns.Select(c => Column(c) is int i and >= 0 ? i : throw new ArgumentException($"The table has no column '{c}'.", nameof(columns)))];
        var selected = new MarkdownTable([.. indexes.Select(i => _headers[i])], [.. indexes.Select(i => _alignments[i])]);
        selected._rows.AddRange(_rows.Select(r => indexes.Select(i => i < r.Length ? r[i] : "").ToArray()));
        return selected;
    }

    /// <summary>Adds a row; it must have one cell per column.</summary>
    public MarkdownTable Row(params string[] cells)
    {
        ArgumentNullException.ThrowIfNull(cells);
        if (cells.Length != _headers.Length)
        {
            throw new ArgumentException($"A row needs {_headers.Length} cells, got {cells.Length}.", nameof(cells));
        }

        _rows.Add([.. cells.Select(Checked)]);
        return this;
    }

    /// <inheritdoc />
    public override string ToString()
    {
        string[] headers = [.. _headers.Select(Escape)];
        var rows = _rows.Select(r => headers.Select((_, i) => i < r.Length ? Escape(r[i]) : "").ToArray()).ToList();
        int[] widths = [.. headers.Select((h, i) => rows.Select(r => r[i].Length).Append(h.Length).Append(MinimumWidth).Max())];
        var text = new StringBuilder();
        AppendLine(text, headers, widths);
        text.Append('|');
        for (int i = 0; i < widths.Length; i++)
        {
            text.Append(_alignments[i] == ColumnAlignment.Right ? new string('-', widths[i] + 1) + ':' : new string('-', widths[i] + 2)).Append('|');
        }

        text.Append('\n');
        foreach (var row in rows)
        {
            AppendLine(text, row, widths);
        }

        return text.ToString();
    }

    private void AppendLine(StringBuilder text, string[] cells, int[] widths)
    {
        text.Append('|');
        for (int i = 0; i < cells.Length; i++)
        {
            string cell = _alignments[i] == ColumnAlignment.Right ? cells[i].PadLeft(widths[i]) : cells[i].PadRight(widths[i]);
            text.Append(' ').Append(cell).Append(" |");
        }

        text.Append('\n');
    }

    private static string Checked(string cell) => cell ?? throw new ArgumentException("A cell cannot be null.", nameof(cell));

    private static string Escape(string cell) => MarkdownText.Escape(cell).Replace("|", "\\|", StringComparison.Ordinal);
}
