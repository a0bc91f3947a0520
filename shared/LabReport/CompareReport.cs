using System.Text;
using MeasurementLab;

namespace LabReport;

/// <summary>One run compared with the baseline: every benchmark the two share.</summary>
/// <param name="Run">The run.</param>
/// <param name="Changes">Its benchmarks that the baseline also has, each judged.</param>
public sealed record RunComparison(RunFolder Run, IReadOnlyList<BenchmarkChange> Changes);

/// <summary>
/// What <c>compare</c> writes: a header with the rule, then for each run against the baseline the machine line, the
/// environment rows that differ, the counts and the table of changes, and last the files that could not be used.
/// </summary>
/// <param name="Baseline">The run every other is compared with.</param>
/// <param name="Threshold">Smallest change that counts, as a fraction.</param>
/// <param name="Runs">Every other run, in the order given.</param>
/// <param name="Problems">Files that could not be used, named once each.</param>
public sealed record CompareReport(RunFolder Baseline, double Threshold, IReadOnlyList<RunComparison> Runs, IReadOnlyList<string> Problems)
{
    /// <summary>True when no run shares a benchmark with the baseline.</summary>
    public bool NothingInCommon => Runs.All(r => r.Changes.Count == 0);

    /// <summary>Reads every run's benchmarks and judges each against the baseline.</summary>
    public static CompareReport Build(IReadOnlyList<RunFolder> runs, double threshold)
    {
        ArgumentNullException.ThrowIfNull(runs);
        var problems = new List<string>();
        var baseline = Comparison.Benchmarks(runs[0], problems);
        var compared = runs.Skip(1).Select(run => new RunComparison(run, Comparison.Compare(baseline, Comparison.Benchmarks(run, problems), threshold))).ToList();
        return new CompareReport(runs[0], threshold, compared, [.. problems.Distinct()]);
    }

    /// <summary>The markdown, without the chart.</summary>
    public string Markdown()
    {
        var md = new StringBuilder();
        md.AppendLine($"# Compare: {string.Join(" vs ", Runs.Select(r => r.Run.Name).Prepend(Baseline.Name))}");
        md.AppendLine();
        md.AppendLine($"Baseline: `{Baseline.Name}`. Ratio = run / baseline time per operation (below 1 = faster), with its 99.9% interval. " +
            $"Faster or slower only when significantly beyond ±{Threshold * 100:0.##}%: {Comparison.Alpha} one-sided Mann-Whitney against the baseline " +
            "shifted by the threshold (as dotnet/performance's ResultsComparer decides); runs without raw iterations are judged by their intervals.");
        foreach (var run in Runs)
        {
            md.AppendLine();
            md.Append(RunSection(run));
        }

        foreach (string p in Problems)
        {
            md.AppendLine();
            md.AppendLine($"- not usable: {p}");
        }

        md.AppendLine();
        md.Append(SequentialNote(Baseline));
        return md.ToString();
    }

    /// <summary>The A/A result's file in a run's folder, as <c>dotnet-ab --aa</c>'s runs keep it.</summary>
    public const string AaFile = "aa.md";

    /// <summary>
    /// The note under the tables: runs made apart are not a before/after test on a noisy machine. Points to the
    /// <c>dotnet-ab</c> tool (tools/Ab), and to the newest A/A result of the baseline's machine folder (a sibling folder
    /// holding an aa.md) when there is one.
    /// </summary>
    public static string SequentialNote(RunFolder baseline)
    {
        ArgumentNullException.ThrowIfNull(baseline);
        var note = new StringBuilder();
        note.AppendLine("Note: runs made apart are not a before/after test on a noisy machine. The machine's state changes over minutes, and " +
            "a comparison of runs made at different times reports it as faster or slower: measure a change with `dotnet-ab` instead, which runs " +
            "both builds in interleaved rounds and judges the per-round ratios (tools/Ab/README.md; `dotnet-ab --help`).");
        string? machine = Path.GetDirectoryName(baseline.Path);
        var aa = machine is null || !Directory.Exists(machine)
            ? null
            : Directory.GetDirectories(machine).Where(d => File.Exists(Path.Combine(d, AaFile))).Order(StringComparer.Ordinal).LastOrDefault();
        if (aa is not null)
        {
            note.AppendLine($"This machine's A/A result (how often ab calls unchanged code faster or slower, and the smallest change it detects): " +
                $"`{Path.GetFileName(machine)}/{Path.GetFileName(aa)}/{AaFile}`.");
        }

        return note.ToString();
    }

    private string RunSection(RunComparison run)
    {
        var md = new StringBuilder();
        md.AppendLine($"## {run.Run.Name} vs {Baseline.Name}");
        md.AppendLine();
        md.AppendLine(MachineLine(Baseline, run.Run));
        md.AppendLine();
        md.Append(EnvironmentDiff(Baseline, run.Run));
        md.AppendLine();
        if (run.Changes.Count == 0)
        {
            md.AppendLine("No benchmark in common.");
            return md.ToString();
        }

        var changes = run.Changes;
        md.AppendLine($"{changes.Count(c => c.Change == Change.Faster)} faster, {changes.Count(c => c.Change == Change.Slower)} slower, " +
            $"{changes.Count(c => c.Change == Change.Same)} same, {changes.Count(c => c.Change == Change.NotMeasurable)} not measurable.");
        md.AppendLine();
        md.Append(ChangeTable(changes));
        // What the table needs said about itself goes here, right under it.
        return md.ToString();
    }

    private static MarkdownTable ChangeTable(IReadOnlyList<BenchmarkChange> changes)
    {
        var table = new MarkdownTable(["benchmark", "baseline", "this run", "ratio [99.9% CI]", "verdict", "test"],
            [ColumnAlignment.Left, ColumnAlignment.Right, ColumnAlignment.Right, ColumnAlignment.Left, ColumnAlignment.Left, ColumnAlignment.Left]);
        foreach (var c in changes)
        {
            table.Row(c.Key, Format.MeanWithError(c.Baseline), Format.MeanWithError(c.Current), c.Ratio.ToString(), $"**{Name(c.Change)}**", c.Test);
        }

        return table;
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
}
