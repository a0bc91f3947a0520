using System.Globalization;
using System.Text;
using MeasurementLab;

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
        if (runs.FirstOrDefault(r => RunFiles.RunArchive.IsSummaryOnly(r.Path)) is { } summaryOnly)
        {
            error.WriteLine($"error: {summaryOnly.Name} is summary-only: its raw BenchmarkDotNet reports were archived away " +
                "(LabReport archive --summary), so there is nothing to compare benchmark by benchmark; compare a reference run " +
                "listed in results/README.md, or use stability to compare verdicts");
            return LabEntryPoint.UsageExitCode;
        }

        if (outDir is not null)
        {
            OutputDirectory.Prepare(outDir, "--out");
        }

        var report = CompareReport.Build(runs, threshold);
        if (report.NothingInCommon)
        {
            error.WriteLine($"error: no benchmark in common between {string.Join(" and ", folders)}");
            return 1;
        }

        var md = new StringBuilder(report.Markdown());
        if (outDir is not null)
        {
            string dir = Path.GetFullPath(outDir);
            string chart = CompareChart.Save(report, dir);
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
}
