using System.Text.RegularExpressions;

namespace MeasurementLab;

/// <summary>Reading tables back: what BenchmarkDotNet's GitHub exporter and the lab's programs wrote.</summary>
public sealed partial class MarkdownTable
{
    /// <summary>
    /// Every table in a text, in order: a header line, a separator line (its <c>:</c> gives each column's alignment),
    /// then rows. Bold markers are removed, HTML entities decoded, escaped pipes restored, and the empty separator rows
    /// BenchmarkDotNet puts between groups dropped.
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
            var separators = Cells(block[1]);
            var table = new MarkdownTable(header, [.. header.Select((_, i) => i < separators.Count && separators[i].EndsWith(':') ? ColumnAlignment.Right : ColumnAlignment.Left)]);
            table._rows.AddRange(block.Skip(2).Select(Cells).Where(r => r.Any(c => c.Length > 0)).Select(r => r.ToArray()));
            tables.Add(table);
        }

        block.Clear();
    }

    private static bool IsSeparator(string line) => line.Trim('|', ' ').Length > 0 && line.All(c => c is '|' or '-' or ':' or ' ');

    private static List<string> Cells(string line)
    {
        string inner = line.Trim();
        inner = inner.StartsWith('|') ? inner[1..] : inner;
        inner = inner.EndsWith('|') && !inner.EndsWith("\\|", StringComparison.Ordinal) ? inner[..^1] : inner;
        return [.. UnescapedPipe().Split(inner).Select(c => System.Net.WebUtility.HtmlDecode(c.Replace("**", "", StringComparison.Ordinal).Replace("\\|", "|", StringComparison.Ordinal).Trim()))];
    }

    [GeneratedRegex(@"(?<!\\)\|")]
    private static partial Regex UnescapedPipe();
}
