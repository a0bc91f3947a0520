using System.Text;
using LabReport.Sections;

namespace LabReport.Readme;

/// <summary>
/// What each block of a README holds, written from one run, so no measured number in a README is typed by hand:
/// <list type="bullet">
/// <item><c>measured-here:begin</c> — the verdicts of the README's post (a post folder's README, or the engine's) and its charts;</item>
/// <item><c>measured-here:begin table FILE [COLUMN, COLUMN…]</c> — every table of the run's FILE (a BenchmarkDotNet
/// <c>-report-github.md</c>, a mode's summary, timings.md), only the columns named when some are;</item>
/// <item><c>measured-here:begin section FILE#ANCHOR</c> — the text under one heading of the run's markdown FILE, as
/// written (a mode's own summary of what it counted);</item>
/// <item><c>measured-here:begin text FILE</c> — a plain-text output of the run (a mode's printed report) as a code block;</item>
/// <item><c>measured-here:begin environment ROW; ROW…</c> — those rows of the run's environment.md.</item>
/// </list>
/// FILE#ANCHOR names the part of FILE under a heading, by the anchor GitHub gives it ("## Side by side" →
/// <c>#side-by-side</c>); a table block takes only the tables there.
/// </summary>
public sealed class ReadmeBlockWriter(RunFolder run, string root, IReadOnlyDictionary<string, PostReport> verdicts)
{
    /// <summary>The table kind.</summary>
    public const string Table = "table";

    /// <summary>The section kind.</summary>
    public const string Section = "section";

    /// <summary>The text kind.</summary>
    public const string Text = "text";

    /// <summary>The environment kind.</summary>
    public const string Environment = "environment";

    /// <summary>The README the engine's verdicts go to (its results folder is engine/).</summary>
    public static readonly string EngineReadme = Path.Combine("shared", "StorageEngine", "README.md");

    /// <summary>The post whose verdicts a README holds: its first-things-first folder, or "engine"; null for any other README.</summary>
    public static string? PostOf(string root, string readme)
    {
        string relative = Path.GetRelativePath(root, readme);
        if (relative == EngineReadme)
        {
            return "engine";
        }

        string[] parts = relative.Split(Path.DirectorySeparatorChar);
        return parts is ["first-things-first", var post, "README.md"] ? post : null;
    }

    /// <summary>The block's new content, or null and why it stays as it is.</summary>
    public (string? Content, string? Problem) Content(ReadmeBlock block, string readme)
    {
        ArgumentNullException.ThrowIfNull(block);
        string directory = Path.GetDirectoryName(Path.GetFullPath(readme))!;
        return block.Kind switch
        {
            ReadmeBlock.Verdicts => Verdicts(PostOf(root, readme), directory),
            Table => Tables(block.Argument, directory),
            Section => SectionText(block.Argument, directory),
            Text => PlainText(block.Argument, directory),
            Environment => EnvironmentRows(block.Argument, directory),
            _ => (null, $"unknown block kind '{block.Kind}' (allowed: none for the verdicts, {Table} FILE[#ANCHOR] [COLUMN, …], {Section} FILE#ANCHOR, {Text} FILE, {Environment} ROW; ROW…)"),
        };
    }

    private (string?, string?) Verdicts(string? post, string directory)
    {
        if (post is null)
        {
            return (null, "only a post's README (first-things-first/<post>/ or shared/StorageEngine/) holds verdicts");
        }

        if (!verdicts.TryGetValue(post, out var report) || !report.Present)
        {
            // A run without the post has nothing to say about it: keep the block an earlier run wrote.
            return (null, $"the run has no {post}/ folder");
        }

        var md = new StringBuilder();
        md.AppendLine($"Verdicts of the run [`{FromRoot()}`]({Link(directory, Path.Combine(run.Path, "report.md"))}) (its report gives the rules, the environment " +
            $"and every file read), written by `dotnet run --project shared/LabReport -- readme {FromRoot()}`:");
        md.AppendLine();
        md.Append(ReportWriter.ClaimTable(report.Rows));
        foreach (var chart in report.Charts)
        {
            md.AppendLine();
            md.AppendLine($"![{chart.Caption}]({Link(directory, Path.Combine(run.Path, chart.FileName))})");
        }

        return (md.ToString(), null);
    }

    private (string?, string?) Tables(string argument, string directory)
    {
        string[] parts = argument.Split(' ', 2, StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries);
        if (parts.Length == 0)
        {
            return (null, $"{Table} needs a file of the run, e.g. {Table} why-benchmarks-lie/latency.txt");
        }

        var (file, text, problem) = Read(parts[0]);
        if (problem is not null)
        {
            return (null, problem);
        }

        string[] columns = parts.Length > 1 ? parts[1].Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries) : [];
        var tables = MarkdownTable.ParseAll(text!);
        if (tables.Count == 0)
        {
            return (null, $"{parts[0]} holds no table");
        }

        var md = new StringBuilder(Source(directory, file!));
        foreach (var table in tables)
        {
            if (columns.FirstOrDefault(c => table.Column(c) < 0) is { } missing)
            {
                return (null, $"{parts[0]} has no column '{missing}' (it has: {string.Join(", ", table.Header)})");
            }

            md.AppendLine();
            md.Append(columns.Length == 0 ? table : table.Select(WithJob(table, columns)));
        }

        return (md.ToString(), null);
    }

    // A run in rounds repeats each case once per round, as jobs <job>-R<n>: a selection that leaves the Job column out
    // keeps it anyway (after the first column), or the rows could not be told apart.
    private static string[] WithJob(MarkdownTable table, string[] columns)
    {
        const string job = "Job";
        int at = table.Column(job);
        bool differ = at >= 0 && table.Rows.Select(r => at < r.Count ? r[at] : "").Distinct(StringComparer.Ordinal).Count() > 1;
        return !differ || columns.Contains(job, StringComparer.OrdinalIgnoreCase) ? columns : [columns[0], job, .. columns[1..]];
    }

    private (string?, string?) SectionText(string argument, string directory)
    {
        if (!argument.Contains('#', StringComparison.Ordinal))
        {
            return (null, $"{Section} needs FILE#ANCHOR, e.g. {Section} coordinated-omission/report.md#mechanism-counted-per-request");
        }

        var (file, text, problem) = Read(argument);
        return problem is not null ? (null, problem) : (Source(directory, file!) + "\n" + text!.Trim() + "\n", null);
    }

    private (string?, string?) PlainText(string argument, string directory)
    {
        if (argument.Length == 0 || argument.Contains(' ', StringComparison.Ordinal))
        {
            return (null, $"{Text} needs one file of the run, e.g. {Text} statistics-that-matter/checklist.txt");
        }

        var (file, text, problem) = Read(argument);
        if (problem is not null)
        {
            return (null, problem);
        }

        // A fence longer than any run of backticks in the text, so the text cannot close it.
        int longest = System.Text.RegularExpressions.Regex.Matches(text!, "`+").Select(m => m.Length).DefaultIfEmpty(0).Max();
        string fence = new('`', Math.Max(3, longest + 1));
        return (Source(directory, file!) + $"\n{fence}text\n{text!.TrimEnd()}\n{fence}\n", null);
    }

    // FILE or FILE#ANCHOR of the run: its full path and its text (only the part under that heading), or why not.
    private (string? File, string? Text, string? Problem) Read(string reference)
    {
        int hash = reference.IndexOf('#', StringComparison.Ordinal);
        string name = hash < 0 ? reference : reference[..hash];
        string file = Path.Combine(run.Path, name);
        if (!File.Exists(file))
        {
            return (null, null, $"the run has no {name}");
        }

        string text = File.ReadAllText(file);
        if (hash < 0)
        {
            return (file, text, null);
        }

        string anchor = reference[(hash + 1)..];
        return MarkdownSection(text, anchor) is { } part ? (file, part, null) : (null, null, $"{name} has no heading #{anchor}");
    }

    /// <summary>The text under the heading whose GitHub anchor is <paramref name="anchor"/>, up to the next heading of its level or above.</summary>
    public static string? MarkdownSection(string text, string anchor)
    {
        ArgumentNullException.ThrowIfNull(text);
        string[] lines = text.Split('\n');
        int level = 0;
        var part = new StringBuilder();
        bool inCode = false;
        foreach (string line in lines)
        {
            inCode ^= line.TrimStart().StartsWith("```", StringComparison.Ordinal);
            int hashes = inCode ? 0 : line.TakeWhile(c => c == '#').Count();
            bool heading = hashes is > 0 and <= 6 && line.Length > hashes && line[hashes] == ' ';
            if (level > 0 && heading && hashes <= level)
            {
                break;
            }

            if (level > 0)
            {
                part.Append(line).Append('\n');
            }
            else if (heading && Anchor(line[(hashes + 1)..]) == anchor)
            {
                level = hashes;
            }
        }

        return level > 0 ? part.ToString() : null;
    }

    // GitHub's anchor of a heading: lower case, punctuation dropped, spaces turned into hyphens.
    private static string Anchor(string heading) =>
        new([.. heading.Trim().ToLowerInvariant().Where(c => char.IsLetterOrDigit(c) || c is ' ' or '-' or '_').Select(c => c == ' ' ? '-' : c)]);

    private (string?, string?) EnvironmentRows(string argument, string directory)
    {
        string[] rows = argument.Split(';', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries);
        if (rows.Length == 0)
        {
            return (null, $"{Environment} needs the rows to show, e.g. {Environment} disk sequential write; CPU");
        }

        var table = new MarkdownTable(["what", "value"], [ColumnAlignment.Left, ColumnAlignment.Left]);
        foreach (string row in rows)
        {
            if (run.Environment.Row(row) is not { } value)
            {
                return (null, $"the run's environment.md has no row '{row}'");
            }

            table.Row(row, value.Trim());
        }

        return (Source(directory, Path.Combine(run.Path, "environment.md")) + "\n" + table, null);
    }

    private string Source(string directory, string file) =>
        $"From [`{run.Relative(file)}`]({Link(directory, file)}) of the run [`{FromRoot()}`]({Link(directory, Path.Combine(run.Path, "report.md"))}), " +
        $"written by `dotnet run --project shared/LabReport -- readme {FromRoot()}`:\n";

    private string FromRoot() => Path.GetRelativePath(root, run.Path).Replace('\\', '/');

    private static string Link(string directory, string path) => Path.GetRelativePath(directory, path).Replace('\\', '/');
}
