namespace LabReport.RunFiles;

/// <summary>A markdown table as BenchmarkDotNet's GitHub exporter and the lab's programs write it: a header and rows of cells.</summary>
public sealed record MarkdownTable(IReadOnlyList<string> Header, IReadOnlyList<IReadOnlyList<string>> Rows)
{
    /// <summary>The index of a column, or -1.</summary>
    public int Column(string name) => Header.ToList().FindIndex(h => h.Equals(name, StringComparison.OrdinalIgnoreCase));

    /// <summary>The cell of a row under a column, or null when the table has no such column.</summary>
    public string? Cell(IReadOnlyList<string> row, string column)
    {
        ArgumentNullException.ThrowIfNull(row);
        int i = Column(column);
        return i >= 0 && i < row.Count ? row[i] : null;
    }

    /// <summary>
    /// Every table in a text, in order. Bold markers are removed, HTML entities decoded, and the empty separator rows
    /// BenchmarkDotNet puts between groups are dropped.
    /// </summary>
    public static IReadOnlyList<MarkdownTable> ParseAll(string text)
    {
        ArgumentNullException.ThrowIfNull(text);
        var tables = new List<MarkdownTable>();
        var block = new List<string>();
        foreach (string raw in text.Split('\n'))
        {
            string line = raw.TrimEnd('\r').Trim();
            if (line.StartsWith('|'))
            {
                block.Add(line);
                continue;
            }

            Flush(block, tables);
        }

        Flush(block, tables);
        return tables;
    }

    private static void Flush(List<string> block, List<MarkdownTable> tables)
    {
        if (block.Count >= 2 && IsSeparator(block[1]))
        {
            var header = Cells(block[0]);
            var rows = block.Skip(2).Select(Cells).Where(r => r.Any(c => c.Length > 0)).ToList();
            tables.Add(new MarkdownTable(header, rows));
        }

        block.Clear();
    }

    private static bool IsSeparator(string line) => line.Trim('|', ' ').Length > 0 && line.All(c => c is '|' or '-' or ':' or ' ');

    private static List<string> Cells(string line)
    {
        string inner = line.Trim();
        inner = inner.StartsWith('|') ? inner[1..] : inner;
        inner = inner.EndsWith('|') ? inner[..^1] : inner;
        return inner.Split('|').Select(c => System.Net.WebUtility.HtmlDecode(c.Replace("**", "", StringComparison.Ordinal).Trim())).ToList();
    }
}
