using System.Text;
using LabReport.Sections;

namespace LabReport.Readme;

/// <summary>
/// What each block of a README holds, written from one run, so no measured number in a README is typed by hand:
/// <list type="bullet">
/// <item><c>measured-here:begin</c> — the verdicts of the README's post (a post folder's README, or the engine's) and its charts;</item>
/// <item><c>measured-here:begin table FILE [COLUMN, COLUMN…]</c> — every table of the run's FILE (a BenchmarkDotNet
/// <c>-report-github.md</c>, a mode's summary, timings.md), only the columns named when some are;</item>
/// <item><c>measured-here:begin environment ROW; ROW…</c> — those rows of the run's environment.md.</item>
/// </list>
/// </summary>
public sealed class ReadmeBlockWriter(RunFolder run, string root, IReadOnlyDictionary<string, PostReport> verdicts)
{
    /// <summary>The table kind.</summary>
    public const string Table = "table";

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
            Environment => EnvironmentRows(block.Argument, directory),
            _ => (null, $"unknown block kind '{block.Kind}' (allowed: none for the verdicts, {Table} FILE [COLUMN, …], {Environment} ROW; ROW…)"),
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

        string file = Path.Combine(run.Path, parts[0]);
        if (!File.Exists(file))
        {
            return (null, $"the run has no {parts[0]}");
        }

        string[] columns = parts.Length > 1 ? parts[1].Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries) : [];
        var tables = MarkdownTable.ParseAll(File.ReadAllText(file));
        if (tables.Count == 0)
        {
            return (null, $"{parts[0]} holds no table");
        }

        var md = new StringBuilder(Source(directory, file));
        foreach (var table in tables)
        {
            if (columns.FirstOrDefault(c => table.Column(c) < 0) is { } missing)
            {
                return (null, $"{parts[0]} has no column '{missing}' (it has: {string.Join(", ", table.Header)})");
            }

            md.AppendLine();
            md.Append(columns.Length == 0 ? table : table.Select(columns));
        }

        return (md.ToString(), null);
    }

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
