using System.Globalization;
using System.Text;
using LabReport.Claims;
using LabReport.Sections;
using MeasurementLab;

namespace LabReport;

/// <summary>Writes report.md: the environment (<see cref="EnvironmentLines"/>) and the drift probe, the verdicts at a glance, each post's table, charts and files, and the verdict rules (folded, at the end).</summary>
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
            "below is read from the file linked next to it, every published number from its post's `Claims/claims.json`.");
        md.AppendLine();
        md.AppendLine("## Environment");
        md.AppendLine();
        EnvironmentLines.Write(md, run, Link, chartWarning);
        md.Append(ProbeText(run, Link));
        md.AppendLine();
        md.Append(Glance(posts));
        foreach (var post in posts)
        {
            Post(md, post, run, Link);
        }

        // The rules are long and the same in every run: after the results, folded, one click away.
        md.AppendLine();
        md.AppendLine("## How a verdict is decided");
        md.AppendLine();
        md.AppendLine("<details>");
        md.AppendLine("<summary>The rules each claim's kind is judged by (open to read)</summary>");
        md.AppendLine();
        foreach (string rule in ClaimRules.Lines)
        {
            md.AppendLine($"- {rule}");
        }

        md.AppendLine();
        md.AppendLine("</details>");
        return md.ToString();
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
        string[] headers = ["claim", "post", "this run [interval] (level)", "verdict", "why"];
        var table = new MarkdownTable(headers, [.. headers.Select(_ => ColumnAlignment.Left)]);
        foreach (var r in rows)
        {
            table.Row(OneLine(r.Claim), OneLine(r.Published), OneLine(r.Measured), $"**{r.Verdict.Name()}**{(r.Drifted ? " · machine drifted" : "")}",
                OneLine(r.ToDecide is { } cost ? $"{r.Note}. To decide: {cost}" : r.Note));
        }

        return table.ToString();
    }

    // The verdicts counted per post, and the rows the drift probe flagged.
    private static string Glance(IReadOnlyList<PostReport> posts)
    {
        var md = new StringBuilder();
        md.AppendLine("## Verdicts at a glance");
        md.AppendLine();
        var verdicts = Enum.GetValues<Verdict>();
        var glance = new MarkdownTable([.. verdicts.Select(v => v.Name()).Prepend("post").Append("machine drifted")]);
        string Count(int n) => n.ToString(CultureInfo.InvariantCulture);
        // A section that only charts (the cache sweep) judges no claim: a row of zeros would read as "nothing held".
        var judged = posts.Where(p => p.Rows.Count > 0).ToList();
        foreach (var post in judged)
        {
            glance.Row([.. verdicts.Select(v => Count(post.Rows.Count(r => r.Verdict == v))).Prepend(post.Title).Append(Count(post.Rows.Count(r => r.Drifted)))]);
        }

        var all = judged.SelectMany(p => p.Rows).ToList();
        glance.Row([.. verdicts.Select(v => Count(all.Count(r => r.Verdict == v))).Prepend("all").Append(Count(all.Count(r => r.Drifted)))]);
        md.Append(glance);
        md.AppendLine();
        md.AppendLine($"{Count(all.Count(r => r.Verdict.IsJudged()))} of {Count(all.Count)} claims judged; {Count(all.Count(r => r.Verdict == Verdict.Borderline))} borderline.");
        return md.ToString();
    }

    // The drift probe's readings and how far each post moved it, or a line saying there is none.
    private static string ProbeText(RunFolder run, Func<string, string> link)
    {
        var md = new StringBuilder();
        var (probe, problem) = RunProbe.Read(run);
        if (probe is null)
        {
            md.AppendLine(problem is null
                ? $"- **drift probe**: none in this run (no {RunFiles.ProbeFile.FileName}), so no claim can be flagged \"machine drifted\""
                : $"- **drift probe**: {OneLine(problem.Replace(run.Path + Path.DirectorySeparatorChar, "", StringComparison.Ordinal))}; no claim is flagged");
            return md.ToString();
        }

        md.AppendLine($"- **drift probe** ([{RunFiles.ProbeFile.FileName}]({link(probe.Path)})): a post is flagged \"machine drifted\" when, from the " +
            $"reading before it, the CPU loop moved by more than {Format.Percent(RunFiles.ProbeFile.CpuThreshold)} or the memory point by more than " +
            $"{Format.Percent(RunFiles.ProbeFile.MemoryThreshold)} (each probe is a new process, and its memory point alone differs by up to {Format.Percent(RunFiles.ProbeFile.QuietMemorySpread)} from one probe to the next with the pages it gets)");
        md.AppendLine();
        var table = new MarkdownTable(["reading", "UTC", "CPU loop", "memory point", "moved (CPU, memory)", "flag"]);
        RunFiles.ProbeRow? previous = null;
        foreach (var reading in probe.Readings)
        {
            RunFiles.ProbeMovement? moved = previous is null ? null : RunFiles.ProbeMovement.Between(previous, reading);
            table.Row(reading.Label, reading.Utc, Format.Time(reading.CpuNs), Format.Time(reading.MemoryNs),
                moved is { } m ? $"{Format.Percent(m.Cpu)}, {Format.Percent(m.Memory)}" : "—", moved?.Drifted == true ? "machine drifted" : "");
            previous = reading;
        }

        md.Append(table);
        return md.ToString();
    }

    private static string OneLine(string text) => text.ReplaceLineEndings(" ");
}
