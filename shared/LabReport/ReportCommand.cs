using LabReport.Charts;
using LabReport.Claims;
using LabReport.Sections;
using MeasurementLab;

namespace LabReport;

/// <summary><c>report &lt;run-folder&gt; [--out DIR]</c>: writes report.md and the charts (into the run folder by default).</summary>
public static class ReportCommand
{
    /// <summary>Usage of the command.</summary>
    public const string Usage = """
        Usage: LabReport report <run-folder> [--out DIR]

        Reads a run folder made by scripts/run-all.sh (environment.md, one folder per post) and writes report.md with
        every post's claims judged against the published numbers, the charts (SVG) next to it, report.html (the same
        report as one page with the charts inline, for a browser) and verdicts.json (one entry per claim: post, id,
        kind, verdict, threshold, drifted, value, interval).
          --out DIR   write report.md, report.html, verdicts.json and the charts into DIR instead of the run folder
        """;

    /// <summary>Runs the command; returns the exit code (0 written, 1 nothing to report).</summary>
    public static int Run(IReadOnlyList<string> args, TextWriter output, TextWriter error)
    {
        ArgumentNullException.ThrowIfNull(args);
        ArgumentNullException.ThrowIfNull(output);
        ArgumentNullException.ThrowIfNull(error);
        var options = new OptionReader(args);
        string? outDir = options.String("--out");
        options.EnsureAllConsumed(maxPositionals: 1);
        string folder = options.Positionals.FirstOrDefault()
            ?? throw new UsageException("report needs a run folder, e.g. results/<machine>/<run>");

        var run = RunFolder.Open(folder);
        string target = Path.GetFullPath(outDir ?? run.Path);
        OutputDirectory.Prepare(target, "--out");
        var charts = new ChartWriter(target);
        var posts = Build(run, charts);
        if (posts.All(p => !p.Present))
        {
            error.WriteLine($"error: {folder}: no post folder in this run (expected some of: {string.Join(", ", PostSections.All.Select(s => s.Post))})");
            return 1;
        }

        string report = Path.Combine(target, "report.md");
        string markdown = ReportWriter.Write(run, posts, target, charts.Font.Warning);
        File.WriteAllText(report, markdown);
        VerdictsFile.Write(Path.Combine(target, VerdictsFile.FileName), run, posts);
        string html = Path.Combine(target, HtmlReport.FileName);
        File.WriteAllText(html, HtmlReport.Write(markdown, target));
        if (charts.Font.Warning is { } warning)
        {
            error.WriteLine($"warning: {warning}");
        }

        var missing = posts.Where(p => !p.Present).Select(p => p.Post).ToList();
        if (missing.Count > 0)
        {
            error.WriteLine($"warning: {folder}: no folder for {string.Join(", ", missing)}; their claims are marked missing");
        }

        output.WriteLine(report);
        output.WriteLine(html);
        return 0;
    }

    /// <summary>Every section of a run, charts written into <paramref name="chartDirectory"/>.</summary>
    public static IReadOnlyList<PostReport> Build(RunFolder run, string chartDirectory) => Build(run, new ChartWriter(chartDirectory));

    /// <summary>
    /// Every section of a run, charts written by <paramref name="charts"/> (which keeps them for a test to look at), rows
    /// flagged where the run's drift probe moved.
    /// </summary>
    public static IReadOnlyList<PostReport> Build(RunFolder run, ChartWriter charts)
    {
        var published = PublishedNumbers.LoadDefault();
        var posts = PostSections.All.Select(s => s.Build(new SectionContext(run, published.For(s.Post), charts))).ToList();
        var judged = DriftFlags.Apply(posts, RunProbe.Read(run).Probe);
        return Planning.ClaimPlan.Of(run, judged, published).Annotate(judged);
    }

    /// <summary>Every section's verdict rows, no chart drawn, rows flagged where the drift probe moved (what the planner reads).</summary>
    public static IReadOnlyList<PostReport> Judge(RunFolder run, PublishedNumbers published)
    {
        ArgumentNullException.ThrowIfNull(run);
        ArgumentNullException.ThrowIfNull(published);
        var charts = new ChartWriter(run.Path);
        var posts = PostSections.All.Select(s => s.Build(new SectionContext(run, published.For(s.Post), charts) { DrawCharts = false })).ToList();
        return DriftFlags.Apply(posts, RunProbe.Read(run).Probe);
    }
}
