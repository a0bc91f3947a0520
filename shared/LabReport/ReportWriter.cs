using System.Globalization;
using System.Text;
using LabReport.Sections;
using MeasurementLab;

namespace LabReport;

/// <summary>Writes report.md: the environment (<see cref="EnvironmentLines"/>), the verdicts at a glance, the verdict rules, and each post's table, charts and files.</summary>
public static class ReportWriter
{
    /// <summary>The markdown of the whole report; links are relative to <paramref name="reportDirectory"/>.</summary>
    public static string Write(RunFolder run, IReadOnlyList<PostReport> posts, string reportDirectory, string? chartWarning = null)
    {
        ArgumentNullException.ThrowIfNull(run);
        ArgumentNullException.ThrowIfNull(posts);
        string Link(string path) => Path.GetRelativePath(reportDirectory, path).Replace('\\', '/');
        var md = new StringBuilder();
        md.AppendLine($"# Lab report: {run.Name}");
        md.AppendLine();
        md.AppendLine("Written by `dotnet run --project shared/LabReport -- report <run-folder>` from this run's own files: every measured number " +
            "below is read from the file linked next to it, every published number from `shared/LabReport/published-numbers.json`.");
        md.AppendLine();
        md.AppendLine("## Environment");
        md.AppendLine();
        EnvironmentLines.Write(md, run, Link, chartWarning);
        md.AppendLine();
        Glance(md, posts);
        md.AppendLine();
        md.AppendLine("## How a verdict is decided");
        md.AppendLine();
        foreach (string rule in Verdicts.Rules)
        {
            md.AppendLine($"- {rule}");
        }

        foreach (var post in posts)
        {
            Post(md, post, run, Link);
        }

        return md.ToString();
    }

    // How many claims of each post got each verdict.
    private static void Glance(StringBuilder md, IReadOnlyList<PostReport> posts)
    {
        md.AppendLine("## Verdicts at a glance");
        md.AppendLine();
        var verdicts = Enum.GetValues<Verdict>();
        var glance = new MarkdownTable([.. verdicts.Select(v => v.Name()).Prepend("post")]);
        // A section that only charts (the cache sweep) judges no claim: a row of zeros would read as "nothing held".
        foreach (var post in posts.Where(p => p.Rows.Count > 0))
        {
            glance.Row([.. verdicts.Select(v => post.Rows.Count(r => r.Verdict == v).ToString(CultureInfo.InvariantCulture)).Prepend(post.Title)]);
        }

        md.Append(glance);
    }

    // One post: its claims, its charts (a chart marked BesidePrevious shares the line of the one before), the files read
    // and what could not be used.
    private static void Post(StringBuilder md, PostReport post, RunFolder run, Func<string, string> link)
    {
        md.AppendLine();
        md.AppendLine($"## {post.Title}");
        md.AppendLine();
        if (post.Rows.Count > 0)
        {
            md.Append(ClaimTable(post.Rows));
        }
        else
        {
            md.AppendLine("No claim is judged here: this section charts what the run measured, next to what the machine claims.");
        }

        for (int i = 0; i < post.Charts.Count; i++)
        {
            var chart = post.Charts[i];
            if (!chart.BesidePrevious)
            {
                md.AppendLine();
            }

            md.Append($"![{chart.Caption}]({chart.FileName})");
            md.Append(i + 1 < post.Charts.Count && post.Charts[i + 1].BesidePrevious ? " " : "\n");
        }

        if (post.Files.Count > 0)
        {
            md.AppendLine();
            md.AppendLine("Files read: " + string.Join(" · ", post.Files.Select(f => $"[{Path.GetRelativePath(run.Path, f).Replace('\\', '/')}]({link(f)})")));
        }

        if (post.Problems.Count > 0)
        {
            md.AppendLine();
            md.AppendLine("Not found or not usable:");
            md.AppendLine();
            foreach (string p in post.Problems)
            {
                md.AppendLine($"- {OneLine(p.Replace(run.Path + Path.DirectorySeparatorChar, "", StringComparison.Ordinal))}");
            }
        }
    }

    /// <summary>The verdict table of one post (also what the README generator writes).</summary>
    public static string ClaimTable(IReadOnlyList<ClaimRow> rows)
    {
        ArgumentNullException.ThrowIfNull(rows);
        string[] headers = ["claim", "post", "this run (99.9% CI)", "verdict", "why"];
        var table = new MarkdownTable(headers, [.. headers.Select(_ => ColumnAlignment.Left)]);
        foreach (var r in rows)
        {
            table.Row(OneLine(r.Claim), OneLine(r.Published), OneLine(r.Measured), $"**{r.Verdict.Name()}**", OneLine(r.Note));
        }

        return table.ToString();
    }

    private static string OneLine(string text) => text.ReplaceLineEndings(" ");
}
