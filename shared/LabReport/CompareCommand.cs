using System.Globalization;
using System.Text;
using LabReport.Charts;
using MeasurementLab;
using OxyPlot;
using OxyPlot.Axes;

namespace LabReport;

/// <summary><c>compare &lt;run&gt; &lt;run&gt; [more…]</c>: every shared benchmark of each run against the first.</summary>
public static class CompareCommand
{
    /// <summary>Default threshold: a change smaller than 5% is "same".</summary>
    public const double DefaultThreshold = 0.05;

    /// <summary>Usage of the command.</summary>
    public const string Usage = """
        Usage: LabReport compare <baseline-run> <run> [more runs...] [--threshold PCT] [--out DIR]

        For every benchmark present in the baseline and a run: current/baseline time ratio with its 99.9% interval, and
        faster / slower / same by a Mann-Whitney test against the baseline shifted by ±threshold (one-sided, alpha 0.05),
        or by the intervals when a run kept no raw iterations. Also the environment rows that differ, and whether the
        runs come from different machines.
          --threshold PCT   smallest change that counts (default 5%), e.g. 2% or 0.02
          --out DIR         also write compare.md and compare.svg (the chart) into DIR
        """;

    /// <summary>Runs the command; returns the exit code (0 compared, 1 no benchmark in common).</summary>
    public static int Run(IReadOnlyList<string> args, TextWriter output, TextWriter error)
    {
        ArgumentNullException.ThrowIfNull(args);
        ArgumentNullException.ThrowIfNull(output);
        ArgumentNullException.ThrowIfNull(error);
        var options = new OptionReader(args);
        double threshold = options.String("--threshold") is { } text ? ParseThreshold(text) : DefaultThreshold;
        string? outDir = options.String("--out");
        options.EnsureAllConsumed(maxPositionals: int.MaxValue);
        var folders = options.Positionals;
        if (folders.Count < 2)
        {
            throw new UsageException($"compare needs at least two run folders (got {folders.Count})");
        }

        var runs = folders.Select(RunFolder.Open).ToList();
        if (outDir is not null)
        {
            OutputDirectory.Prepare(outDir, "--out");
        }

        var problems = new List<string>();
        var baseline = Comparison.Benchmarks(runs[0], problems);
        var md = new StringBuilder();
        md.AppendLine($"# Compare: {string.Join(" vs ", runs.Select(r => r.Name))}");
        md.AppendLine();
        md.AppendLine($"Baseline: `{runs[0].Name}`. Ratio = run / baseline time per operation (below 1 = faster), with its 99.9% interval. " +
            $"Faster or slower only when significantly beyond ±{threshold * 100:0.##}%: {Comparison.Alpha} one-sided Mann-Whitney against the baseline " +
            "shifted by the threshold (as dotnet/performance's ResultsComparer decides); runs without raw iterations are judged by their intervals.");
        var allChanges = new List<(RunFolder Run, IReadOnlyList<BenchmarkChange> Changes)>();
        foreach (var run in runs.Skip(1))
        {
            var changes = Comparison.Compare(baseline, Comparison.Benchmarks(run, problems), threshold);
            allChanges.Add((run, changes));
            md.AppendLine();
            md.AppendLine($"## {run.Name} vs {runs[0].Name}");
            md.AppendLine();
            md.AppendLine(MachineLine(runs[0], run));
            md.AppendLine();
            md.Append(EnvironmentDiff(runs[0], run));
            md.AppendLine();
            if (changes.Count == 0)
            {
                md.AppendLine("No benchmark in common.");
                continue;
            }

            md.AppendLine($"{changes.Count(c => c.Change == Change.Faster)} faster, {changes.Count(c => c.Change == Change.Slower)} slower, " +
                $"{changes.Count(c => c.Change == Change.Same)} same, {changes.Count(c => c.Change == Change.NotMeasurable)} not measurable.");
            md.AppendLine();
            var table = new MarkdownTable(["benchmark", "baseline", "this run", "ratio [99.9% CI]", "verdict", "test"],
                [ColumnAlignment.Left, ColumnAlignment.Right, ColumnAlignment.Right, ColumnAlignment.Left, ColumnAlignment.Left, ColumnAlignment.Left]);
            foreach (var c in changes)
            {
                table.Row(c.Key, Format.MeanWithError(c.Baseline), Format.MeanWithError(c.Current), c.Ratio.ToString(), $"**{Name(c.Change)}**", c.Test);
            }

            md.Append(table);
        }

        foreach (string p in problems.Distinct())
        {
            md.AppendLine();
            md.AppendLine($"- not usable: {p}");
        }

        md.AppendLine();
        md.Append(SequentialNote(runs[0]));
        if (allChanges.All(c => c.Changes.Count == 0))
        {
            error.WriteLine($"error: no benchmark in common between {string.Join(" and ", folders)}");
            return 1;
        }

        if (outDir is not null)
        {
            string dir = Path.GetFullPath(outDir);
            int rows = allChanges.SelectMany(c => c.Changes.Select(x => x.Key)).Distinct().Count();
            string chart = new ChartWriter(dir).Save(Chart(allChanges, runs[0]), "compare.svg", Math.Max(ChartStyle.Height, 160 + 14 * rows));
            md.AppendLine();
            md.AppendLine($"![ratio per benchmark]({chart})");
            File.WriteAllText(Path.Combine(dir, "compare.md"), md.ToString());
            error.WriteLine($"wrote {Path.Combine(dir, "compare.md")} and {Path.Combine(dir, chart)}");
        }
        else
        {
            md.AppendLine();
            md.AppendLine("(pass --out DIR to write compare.md with the chart)");
        }

        output.Write(md.ToString());
        return 0;
    }

    /// <summary>
    /// The note under the tables: runs made apart are not a before/after test on a noisy machine. Points to <c>ab</c>,
    /// and to the newest A/A result of the baseline's machine folder (a sibling folder holding ab's aa.md) when there is one.
    /// </summary>
    public static string SequentialNote(RunFolder baseline)
    {
        ArgumentNullException.ThrowIfNull(baseline);
        var note = new StringBuilder();
        note.AppendLine("Note: runs made apart are not a before/after test on a noisy machine. The machine's state changes over minutes, and " +
            "a comparison of runs made at different times reports it as faster or slower: measure a change with `ab` instead, which runs " +
            "both builds in interleaved rounds and judges the per-round ratios (`dotnet run --project shared/LabReport -c Release -- ab --help`).");
        string? machine = Path.GetDirectoryName(baseline.Path);
        var aa = machine is null || !Directory.Exists(machine)
            ? null
            : Directory.GetDirectories(machine).Where(d => File.Exists(Path.Combine(d, Ab.AbCommand.AaFile))).Order(StringComparer.Ordinal).LastOrDefault();
        if (aa is not null)
        {
            note.AppendLine($"This machine's A/A result (how often ab calls unchanged code faster or slower, and the smallest change it detects): " +
                $"`{Path.GetFileName(machine)}/{Path.GetFileName(aa)}/{Ab.AbCommand.AaFile}`.");
        }

        return note.ToString();
    }

    /// <summary>"5%", "5", "0.05" → 0.05; anything else, or outside (0, 100%), is a usage error.</summary>
    public static double ParseThreshold(string text)
    {
        ArgumentNullException.ThrowIfNull(text);
        string t = text.Trim();
        bool percent = t.EndsWith('%');
        if (!double.TryParse(percent ? t[..^1] : t, NumberStyles.Float, CultureInfo.InvariantCulture, out double v) || !double.IsFinite(v))
        {
            throw new UsageException($"--threshold '{text}' is not a number (use e.g. 5% or 0.05)");
        }

        double fraction = percent || v >= 1 ? v / 100 : v;
        return fraction is > 0 and < 1 ? fraction : throw new UsageException($"--threshold '{text}' must be above 0% and below 100%");
    }

    private static string Name(Change change) => change switch
    {
        Change.Faster => "faster",
        Change.Slower => "slower",
        Change.Same => "same",
        _ => "not measurable",
    };

    private static string MachineLine(RunFolder a, RunFolder b) =>
        a.Environment.Fingerprint == b.Environment.Fingerprint
            ? $"Same machine fingerprint (`{a.Environment.Fingerprint}`)."
            : $"**Different machines**: `{a.Environment.Fingerprint}` vs `{b.Environment.Fingerprint}` (from {a.Environment.FingerprintSource} and {b.Environment.FingerprintSource}). " +
              "A change here mixes the code's and the machine's.";

    private static string EnvironmentDiff(RunFolder a, RunFolder b)
    {
        var keys = a.Environment.Rows.Keys.Union(b.Environment.Rows.Keys, StringComparer.OrdinalIgnoreCase).ToList();
        var differ = keys.Where(k => !string.Equals(a.Environment.Row(k)?.Trim(), b.Environment.Row(k)?.Trim(), StringComparison.Ordinal)).ToList();
        if (differ.Count == 0)
        {
            return "Environment: every row of environment.md is the same.\n";
        }

        var md = new StringBuilder();
        md.AppendLine("Environment rows that differ:");
        md.AppendLine();
        var table = new MarkdownTable(["row", a.Name, b.Name], [ColumnAlignment.Left, ColumnAlignment.Left, ColumnAlignment.Left]);
        foreach (string k in differ)
        {
            table.Row(k, a.Environment.Row(k) ?? "—", b.Environment.Row(k) ?? "—");
        }

        return md.Append(table).ToString();
    }

    private static PlotModel Chart(List<(RunFolder Run, IReadOnlyList<BenchmarkChange> Changes)> all, RunFolder baseline)
    {
        var keys = all.SelectMany(a => a.Changes.Select(c => c.Key)).Distinct().Order(StringComparer.Ordinal).ToList();
        var model = ChartStyle.Model($"Compare against {baseline.Name}", "run / baseline time per operation, log scale; bars: 99.9% interval");
        model.Axes.Add(ChartStyle.Log(AxisPosition.Bottom, "ratio (below 1 = faster)"));
        var axis = ChartStyle.Categories(AxisPosition.Left, keys.Select(Short).ToList());
        axis.FontSize = 8;
        model.Axes.Add(axis);
        for (int r = 0; r < all.Count; r++)
        {
            var color = ChartStyle.Color(r);
            var points = all[r].Changes.Where(c => double.IsFinite(c.Ratio.Value) && c.Ratio.Value > 0)
                .Select(c => (Y: keys.IndexOf(c.Key) + 0.15 * r, c.Ratio)).ToList();
            var series = ChartStyle.Points(all[r].Run.Name, color, MarkerType.Circle, points.Select(p => (p.Ratio.Value, p.Y)));
            model.Series.Add(series);
            var bars = new OxyPlot.Series.LineSeries { Color = color, RenderInLegend = false };
            foreach (var p in points.Where(p => p.Ratio.HasInterval))
            {
                bars.Points.Add(new DataPoint(Math.Max(p.Ratio.Lower, 1e-6), p.Y));
                bars.Points.Add(new DataPoint(Math.Min(p.Ratio.Upper, 1e6), p.Y));
                bars.Points.Add(DataPoint.Undefined);
            }

            model.Series.Add(bars);
        }

        model.Annotations.Add(new OxyPlot.Annotations.LineAnnotation { Type = OxyPlot.Annotations.LineAnnotationType.Vertical, X = 1, Color = OxyColors.Gray });
        return model;
    }

    // The end of a key (method and parameters) tells benchmarks apart; its start (post, class) repeats.
    private static string Short(string key) => key.Length <= 60 ? key : "..." + key[^57..];
}
