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
/// The one markdown table writer of the lab: cells padded to the column width so the table reads as plain text too,
/// <c>|</c> inside a cell escaped so it cannot split the row. By default the first column is left-aligned (labels)
/// and the others right-aligned (numbers).
/// </summary>
public sealed class MarkdownTable
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

        _headers = [.. headers.Select(Escape)];
        _alignments = [.. alignments];
    }

    /// <summary>Adds a row; it must have one cell per column.</summary>
    public MarkdownTable Row(params string[] cells)
    {
        ArgumentNullException.ThrowIfNull(cells);
        if (cells.Length != _headers.Length)
        {
            throw new ArgumentException($"A row needs {_headers.Length} cells, got {cells.Length}.", nameof(cells));
        }

        _rows.Add([.. cells.Select(Escape)]);
        return this;
    }

    /// <inheritdoc />
    public override string ToString()
    {
        int[] widths = [.. _headers.Select((h, i) => _rows.Select(r => r[i].Length).Append(h.Length).Append(MinimumWidth).Max())];
        var text = new StringBuilder();
        AppendLine(text, _headers, widths);
        text.Append('|');
        for (int i = 0; i < widths.Length; i++)
        {
            text.Append(_alignments[i] == ColumnAlignment.Right ? new string('-', widths[i] + 1) + ':' : new string('-', widths[i] + 2)).Append('|');
        }

        text.Append('\n');
        foreach (var row in _rows)
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

    private static string Escape(string cell) =>
        (cell ?? throw new ArgumentException("A cell cannot be null.", nameof(cell))).Replace("|", "\\|", StringComparison.Ordinal);
}
