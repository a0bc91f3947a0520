using System.Globalization;
using System.Text;
using LabReport.Claims;
using LabReport.Sections;
using MeasurementLab;

namespace LabReport;

/// <summary>Writes report.md: the environment in a few lines, the verdict rules, and each post's table, charts and files.</summary>
public static class ReportWriter
{
    private static readonly (string Label, string[] Rows)[] EnvironmentLines =
    [
        ("CPU", ["CPU model (full)", "CPU"]),
        ("machine fingerprint", ["machine fingerprint"]),
        ("logical CPUs / sockets / NUMA", ["logical CPUs / sockets / NUMA nodes"]),
        ("caches", ["caches (per instance)"]),
        ("memory", ["RAM"]),
        ("transparent huge pages", ["transparent huge pages"]),
        ("OS / kernel", ["OS", "kernel"]),
        (".NET runtime", [".NET runtimes"]),
        ("BenchmarkDotNet", ["BenchmarkDotNet"]),
        ("GC mode", ["GC mode"]),
        ("WAL filesystem", ["run directory filesystem"]),
        ("disk: sequential write", [Sections.EngineSection.DiskSequentialRow]),
        ("disk: 4 KiB write + fdatasync", [Sections.EngineSection.DiskSyncRow]),
        ("hardware counters", ["hardware counters (PMU)"]),
        ("code", ["git commit"]),
    ];

    /// <summary>The markdown of the whole report; links are relative to <paramref name="reportDirectory"/>.</summary>
    public static string Write(RunFolder run, IReadOnlyList<PostReport> posts, string reportDirectory)
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
        foreach (var (label, rows) in EnvironmentLines)
        {
            var values = rows.Select(r => run.Environment.Row(r)).Where(v => !string.IsNullOrWhiteSpace(v)).ToList();
            if (values.Count > 0)
            {
                md.AppendLine($"- **{label}**: {(rows.Length > 1 && rows[0] == "CPU model (full)" ? values[0] : string.Join(" / ", values))}");
            }
        }

        if (run.Environment.StealPercent() is double steal)
        {
            md.AppendLine($"- **CPU steal over the run**: {Format.Number(steal)}% of CPU time (from /proc/stat at the start and the end)");
        }
        else
        {
            md.AppendLine("- **CPU steal over the run**: not recorded (the run has no /proc/stat readings at its start and end)");
        }

        md.AppendLine($"- full capture: [environment.md]({Link(Path.Combine(run.Path, "environment.md"))}); fingerprint from {run.Environment.FingerprintSource}");
        md.Append(ProbeText(run, Link));
        md.AppendLine();
        md.Append(Glance(posts));
        md.AppendLine();
        md.AppendLine("## How a verdict is decided");
        md.AppendLine();
        foreach (string rule in ClaimRules.Lines)
        {
            md.AppendLine($"- {rule}");
        }

        foreach (var post in posts)
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

            foreach (var chart in post.Charts)
            {
                md.AppendLine();
                md.AppendLine($"![{chart.Caption}]({chart.FileName})");
            }

            if (post.Files.Count > 0)
            {
                md.AppendLine();
                md.AppendLine("Files read: " + string.Join(" · ", post.Files.Select(f => $"[{Path.GetRelativePath(run.Path, f).Replace('\\', '/')}]({Link(f)})")));
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

        return md.ToString();
    }

    /// <summary>The verdict table of one post (also what the README generator writes).</summary>
    public static string ClaimTable(IReadOnlyList<ClaimRow> rows)
    {
        ArgumentNullException.ThrowIfNull(rows);
        string[] headers = ["claim", "post", "this run [interval] (level)", "verdict", "why"];
        var table = new MarkdownTable(headers, [.. headers.Select(_ => ColumnAlignment.Left)]);
        foreach (var r in rows)
        {
            table.Row(OneLine(r.Claim), OneLine(r.Published), OneLine(r.Measured), $"**{r.Verdict.Name()}**{(r.Drifted ? " · machine drifted" : "")}", OneLine(r.Note));
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
                ? $"- **drift probe**: none in this run (no {RunFiles.DriftProbe.FileName}), so no claim can be flagged \"machine drifted\""
                : $"- **drift probe**: {OneLine(problem.Replace(run.Path + Path.DirectorySeparatorChar, "", StringComparison.Ordinal))}; no claim is flagged");
            return md.ToString();
        }

        md.AppendLine($"- **drift probe** ([{RunFiles.DriftProbe.FileName}]({link(probe.Path)})): a post is flagged \"machine drifted\" when either time moved by more " +
            $"than {(RunFiles.DriftProbe.Threshold * 100).ToString("0", CultureInfo.InvariantCulture)}% from the reading before it");
        md.AppendLine();
        var table = new MarkdownTable(["reading", "UTC", "CPU loop", "memory point", "moved", "flag"]);
        RunFiles.ProbeReading? previous = null;
        foreach (var reading in probe.Readings)
        {
            double? moved = previous is null ? null : Math.Max(RunFiles.DriftProbe.Moved(previous.CpuNs, reading.CpuNs), RunFiles.DriftProbe.Moved(previous.MemoryNs, reading.MemoryNs));
            table.Row(reading.Label, reading.Utc, Format.Time(reading.CpuNs), Format.Time(reading.MemoryNs),
                moved is double m ? $"{Format.Number(m * 100)}%" : "—", moved > RunFiles.DriftProbe.Threshold ? "machine drifted" : "");
            previous = reading;
        }

        md.Append(table);
        return md.ToString();
    }

    private static string OneLine(string text) => text.ReplaceLineEndings(" ");
}
