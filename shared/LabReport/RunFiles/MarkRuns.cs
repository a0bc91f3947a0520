using System.Globalization;
using System.Text.RegularExpressions;
using LabStatistics;

namespace LabReport.RunFiles;

/// <summary>
/// One row of the prologue's <c>mark-steps.csv</c>: a Mark step's last line (sdev NaN where the step prints none), and
/// the round that ran it (from 1; 0 for a step that runs once, and for every row of a file written before rounds).
/// </summary>
public sealed record MarkStep(int Step, long Calls, double MeanNs, double SdevNs)
{
    /// <summary>The round of the claims' steps that ran it; 0 when the step ran once.</summary>
    public int Round { get; init; }
}

/// <summary>
/// What the prologue's <c>lab-run.sh</c> leaves: the Mark steps (<c>mark-steps.csv</c>) and the Mark8 sweep
/// (<c>mark8.csv</c>), each sweep row as a <see cref="BenchmarkResult"/> whose interval is Student's t over the sweep's
/// repeats (the timed loops of its final round, read from the sweep's command line in <c>command.txt</c>).
/// </summary>
public static partial class MarkRuns
{
    /// <summary>The steps file.</summary>
    public const string StepsFile = "mark-steps.csv";

    /// <summary>The sweep file (one line per function and size: the median of the rounds when the sweep ran in rounds).</summary>
    public const string SweepFile = "mark8.csv";

    /// <summary>Every round's line of a sweep that ran in rounds (<c>round,group,function,size,...</c>).</summary>
    public const string SweepRoundsFile = "mark8-rounds.csv";

    /// <summary>The commands behind the files.</summary>
    public const string CommandFile = "command.txt";

    /// <summary>The class name every sweep result carries; the function is its method, the array size its "size" parameter.</summary>
    public const string SweepClass = "Mark8";

    /// <summary>The parameter holding a sweep row's array size.</summary>
    public const string SizeParameter = "size";

    /// <summary>Reads mark-steps.csv.</summary>
    /// <exception cref="InvalidDataException">A column is missing or a cell is not a number; the message names the file.</exception>
    public static IReadOnlyList<MarkStep> Steps(string path)
    {
        var table = CsvTable.Load(path, "step", "calls", "mean_ns", "sdev_ns");
        return [.. table.Rows.Select(r => new MarkStep((int)table.Number(r, "step"), (long)table.Number(r, "calls"),
            table.Number(r, "mean_ns"), table.Number(r, "sdev_ns"))
        {
            Round = table.Has("round") ? (int)table.Number(r, "round") : 0,
        })];
    }

    /// <summary>
    /// One row per step and count, in the order the steps first appear: a step run in rounds becomes the median of its
    /// rounds' means and standard deviations (what a chart of the progression shows).
    /// </summary>
    public static IReadOnlyList<MarkStep> Medians(IReadOnlyList<MarkStep> steps)
    {
        ArgumentNullException.ThrowIfNull(steps);
        return [.. steps.GroupBy(s => (s.Step, s.Calls)).OrderBy(g => g.Key.Step).ThenBy(g => g.Key.Calls)
            .Select(g => g.Count() == 1 ? g.First() with { Round = 0 } : new MarkStep(g.Key.Step, g.Key.Calls, Median(g.Select(s => s.MeanNs)), Median(g.Select(s => s.SdevNs))))];
    }

    /// <summary>
    /// The sweep of a run folder's post directory: every round from mark8-rounds.csv when the sweep ran in rounds
    /// (each function and size one result holding its rounds), else mark8.csv with <paramref name="repeats"/>' intervals.
    /// </summary>
    public static IReadOnlyList<BenchmarkResult> SweepOf(string directory, int? repeats)
    {
        string rounds = Path.Combine(directory, SweepRoundsFile);
        if (!File.Exists(rounds))
        {
            return Sweep(Path.Combine(directory, SweepFile), repeats);
        }

        var table = CsvTable.Load(rounds, "round", "group", "function", "size", "mean_ns", "sdev_ns", "count");
        return [.. Rows(table, repeats).GroupBy(r => r.Key).Select(g => BenchmarkResult.FromRounds([.. g]))];
    }

    private static double Median(IEnumerable<double> values)
    {
        var sorted = values.Where(v => !double.IsNaN(v)).Order().ToArray();
        if (sorted.Length == 0)
        {
            return double.NaN;
        }

        int mid = sorted.Length / 2;
        return sorted.Length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }

    /// <summary>Reads mark8.csv; <paramref name="repeats"/> is the number of timed loops behind each mean (null: unknown, no interval).</summary>
    /// <exception cref="InvalidDataException">A column is missing or a cell is not a number; the message names the file.</exception>
    public static IReadOnlyList<BenchmarkResult> Sweep(string path, int? repeats) =>
        Rows(CsvTable.Load(path, "group", "function", "size", "mean_ns", "sdev_ns", "count"), repeats);

    private static List<BenchmarkResult> Rows(CsvTable table, int? repeats)
    {
        string path = table.Path;
        var results = new List<BenchmarkResult>();
        foreach (var row in table.Rows)
        {
            string size = table.Cell(row, "size");
            var parameters = new Dictionary<string, string>(StringComparer.Ordinal);
            if (size.Length > 0)
            {
                parameters[SizeParameter] = size;
            }

            double mean = table.Number(row, "mean_ns");
            double sdev = table.Number(row, "sdev_ns");
            double error = repeats is >= 2 && double.IsFinite(sdev)
                ? ConfidenceInterval.ForMean(new SampleSummary(repeats.Value, mean, sdev)).HalfWidth
                : double.NaN;
            var columns = new Dictionary<string, string>(StringComparer.Ordinal)
            {
                ["group"] = table.Cell(row, "group"),
                ["count"] = table.Cell(row, "count"),
            };
            results.Add(new BenchmarkResult(SweepClass, table.Cell(row, "function"), parameters, mean, error, sdev, repeats, null, columns, path)
            {
                Round = table.Has("round") ? (int)table.Number(row, "round") : 0,
            });
        }

        return results;
    }

    /// <summary>The <c>--repeats</c> of the command that wrote mark8.csv, or null when command.txt does not say.</summary>
    public static int? SweepRepeats(string commandFile)
    {
        string? line = File.ReadLines(commandFile).LastOrDefault(l => l.Contains(SweepFile, StringComparison.Ordinal) && l.Contains("--csv", StringComparison.Ordinal));
        return line is not null && RepeatsPattern().Match(line) is { Success: true } m
            ? int.Parse(m.Groups[1].Value, CultureInfo.InvariantCulture)
            : null;
    }

    [GeneratedRegex(@"--repeats[ =](\d+)")]
    private static partial Regex RepeatsPattern();
}
