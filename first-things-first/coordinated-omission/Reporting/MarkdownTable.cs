using System.Text;

namespace CoordinatedOmission;

/// <summary>A markdown table with padded columns (readable as plain text too): first column left, the rest right-aligned.</summary>
internal sealed class MarkdownTable(params string[] headers)
{
    private readonly List<string[]> _rows = [];

    public MarkdownTable Row(params string[] cells)
    {
        if (cells.Length != headers.Length)
        {
            throw new ArgumentException($"A row needs {headers.Length} cells, got {cells.Length}.", nameof(cells));
        }

        _rows.Add(cells);
        return this;
    }

    public override string ToString()
    {
        int[] widths = headers.Select((h, i) => _rows.Select(r => r[i].Length).Append(h.Length).Append(3).Max()).ToArray();
        var text = new StringBuilder();
        AppendLine(text, headers, widths);
        text.Append('|');
        for (int i = 0; i < widths.Length; i++)
        {
            text.Append(i == 0 ? new string('-', widths[i] + 2) : new string('-', widths[i] + 1) + ':').Append('|');
        }

        text.Append('\n');
        foreach (var row in _rows)
        {
            AppendLine(text, row, widths);
        }

        return text.ToString();
    }

    private static void AppendLine(StringBuilder text, string[] cells, int[] widths)
    {
        text.Append('|');
        for (int i = 0; i < cells.Length; i++)
        {
            text.Append(' ').Append(i == 0 ? cells[i].PadRight(widths[i]) : cells[i].PadLeft(widths[i])).Append(" |");
        }

        text.Append('\n');
    }
}
