using System.Globalization;
using System.Text;
using MeasurementLab;
using LabRounds;

namespace LabReport.Ab;

/// <summary>The text of a run: summary.md (also printed), the A/A block (aa.md), rounds.tsv and sides.tsv.</summary>
public static class AbReport
{
    /// <summary>summary.md: what ran, how it was judged, one row per benchmark, the chart and the files.</summary>
    public static string Summary(AbOutcome outcome, string? chart)
    {
        ArgumentNullException.ThrowIfNull(outcome);
        var s = outcome.Settings;
        var md = new StringBuilder();
        md.AppendLine($"# ab: {(s.IsAa ? "A/A, one build against itself" : "B against A")}");
        md.AppendLine();
        md.AppendLine($"- A: {outcome.A.Label.Split(": ", 2)[1]}");
        md.AppendLine($"- B: {outcome.B.Label.Split(": ", 2)[1]}");
        md.AppendLine($"- Selection: {s.Selection.Describe()}" + (s.Selection.IsMode ? "" :
            $"; each side in-process, {s.Job.WarmupCount} warm-up and {s.Job.IterationCount} iterations of {s.Job.IterationTimeMs} ms per benchmark"));
        md.AppendLine($"- Method: {MethodText(s.Method)}; seed {outcome.Seed}");
        md.AppendLine($"- Rounds: {outcome.Measurements.CompleteRounds} with both sides" +
            (s.Budget is { } budget ? $" (budget {DurationFormat.Rough(budget)})" : $" of {s.Rounds}") + $", in {DurationFormat.Rough(outcome.Wall)}");
        md.AppendLine($"- Threshold: ±{Format.Percent(s.Threshold)}: {JudgementText(s.Method)}");
        if (LoadLine(outcome.Measurements) is { } load)
        {
            md.AppendLine(load);
        }

        md.AppendLine();
        if (outcome.End != AbEnd.Completed)
        {
            md.AppendLine($"**{(outcome.End == AbEnd.Interrupted ? "Interrupted" : "Stopped by a failure")}** after " +
                $"{outcome.Measurements.Runs.Count} processes: the verdicts below use the rounds completed." + (outcome.Problem is null ? "" : $" {outcome.Problem.Split('\n')[0]}"));
            md.AppendLine();
        }

        foreach (string note in outcome.Notes)
        {
            md.AppendLine($"- {note}");
        }

        if (outcome.Notes.Count > 0)
        {
            md.AppendLine();
        }

        var v = outcome.Verdicts;
        md.AppendLine($"**{v.Count(x => x.Change == Change.Slower)} slower, {v.Count(x => x.Change == Change.Faster)} faster, " +
            $"{v.Count(x => x.Change == Change.Same)} same**" + (v.Any(x => x.Change == Change.NotMeasurable) ? $", {v.Count(x => x.Change == Change.NotMeasurable)} not measurable (fewer than {RoundLimits.First} rounds)" : "") +
            $" at ±{Format.Percent(s.Threshold)}.");
        md.AppendLine();
        md.Append(Table(outcome));
        md.AppendLine();
        md.AppendLine(s.Method == AbMethod.Sequential
            ? "B/A: the ratio of the pooled means with its 99.9% interval, as `compare` reports it. Spread and detectable change are the rounds' and do not apply."
            : "B/A: the median of the per-round ratios, with the 95% interval of their mean on the log scale. Spread: the standard deviation of the " +
              "per-round ratios' logs (0.010 ≈ 1% from one round to the next). Detectable: the smallest slowdown these rounds could call slower, " +
              "(1 + threshold) · e^h − 1 with h = t(0.975, n − 1) · spread / √n.");
        if (s.IsAa && AaBlock(outcome) is { } aa)
        {
            md.AppendLine();
            md.Append(aa);
        }

        if (chart is not null)
        {
            md.AppendLine();
            md.AppendLine($"![B/A per round]({chart})");
        }

        md.AppendLine();
        md.AppendLine("Files: `rounds.tsv` (each round's A, B and B/A per benchmark), `sides.tsv` (every process: round, side, CPU, start, wall time), " +
            "`command.txt` (the command that reproduces this run, seed included), `environment.md`.");
        return md.ToString();
    }

    /// <summary>The A/A verdict on the machine (aa.md, and the end of summary.md); null without a judged benchmark.</summary>
    public static string? AaBlock(AbOutcome outcome)
    {
        ArgumentNullException.ThrowIfNull(outcome);
        var aa = AaStatistics.Summarize(outcome.Verdicts, outcome.Settings.Threshold);
        if (aa.Benchmarks == 0)
        {
            return null;
        }

        var hardest = outcome.Verdicts.Where(x => double.IsFinite(x.SmallestDetectable)).MaxBy(x => x.SmallestDetectable);
        var md = new StringBuilder();
        md.AppendLine("## A/A: this machine at this budget");
        md.AppendLine();
        md.AppendLine($"Both sides ran the same build, so every benchmark called faster or slower is a false positive: " +
            $"**{aa.Flagged} of {aa.Benchmarks}** at ±{Format.Percent(aa.Threshold)} (false-positive rate {Format.Percent(aa.FalsePositiveRate)}, " +
            $"{MethodText(outcome.Settings.Method).Split(':')[0]}, {outcome.Measurements.CompleteRounds} rounds).");
        if (double.IsFinite(aa.SmallestDetectable))
        {
            md.AppendLine();
            md.AppendLine($"Smallest change this budget detects: **{Format.Percent(aa.SmallestDetectable)}** (median over benchmarks; " +
                $"hardest: {Format.Percent(aa.LargestDetectable)}, {hardest?.Key}). A smaller change is reported as \"same\"; more rounds narrow it " +
                "(as 1/√rounds), a larger threshold moves it up by the same amount.");
        }

        md.AppendLine();
        md.AppendLine("One A/A run is a few benchmarks; `ab calibrate` repeats it (and known changes) to measure the rates.");
        return md.ToString();
    }

    /// <summary>rounds.tsv: one line per round and benchmark (A, B in ns per operation or the mode's unit; B/A).</summary>
    public static string RoundsTsv(AbMeasurements measurements)
    {
        ArgumentNullException.ThrowIfNull(measurements);
        var tsv = new StringBuilder("round\tbenchmark\ta\tb\tb_over_a\n");
        foreach (string key in measurements.Benchmarks)
        {
            var rounds = measurements.Of(key);
            var a = rounds.Of("A");
            var b = rounds.Of("B");
            foreach (int round in a.Keys.Union(b.Keys).Order())
            {
                string av = a.TryGetValue(round, out double x) ? Number(x) : "";
                string bv = b.TryGetValue(round, out double y) ? Number(y) : "";
                string ratio = av.Length > 0 && bv.Length > 0 ? Number(y / x) : "";
                tsv.Append($"{round}\t{key}\t{av}\t{bv}\t{ratio}\n");
            }
        }

        return tsv.ToString();
    }

    /// <summary>sides.tsv: every process, in the order they ended.</summary>
    public static string SidesTsv(AbMeasurements measurements)
    {
        ArgumentNullException.ThrowIfNull(measurements);
        var tsv = new StringBuilder("round\tside\tcpu\tstarted_s\twall_s\tload\tbuild\n");
        foreach (var run in measurements.Runs)
        {
            tsv.Append(
                $"{run.Task.Round}\t{run.Task.Side.Name}\t{run.Task.Cpu?.ToString(CultureInfo.InvariantCulture) ?? ""}\t{run.Started.TotalSeconds:0.000}\t{run.Wall.TotalSeconds:0.000}\t{(double.IsNaN(run.Load) ? "" : run.Load.ToString("0.00", CultureInfo.InvariantCulture))}\t{run.Task.Side.Build.Label}\n");
        }

        return tsv.ToString();
    }

    // Other work on the machine while the sides ran: what a wide interval usually means on a shared guest.
    private static string? LoadLine(AbMeasurements measurements)
    {
        var loads = measurements.Runs.Select(r => r.Load).Where(double.IsFinite).ToList();
        return loads.Count == 0 ? null : string.Create(CultureInfo.InvariantCulture,
            $"- Machine load (1-minute average as each process started): {loads.Min():0.0}–{loads.Max():0.0}, median {AbVerdicts.Median(loads):0.0}, " +
            $"on {Environment.ProcessorCount} CPUs (the sides themselves add about 1; a load above the CPU count means other work shared the CPUs)");
    }

    private static MarkdownTable Table(AbOutcome outcome)
    {
        bool mode = outcome.Settings.Selection.IsMode;
        var table = new MarkdownTable(["benchmark", "A (median)", "B (median)", "B/A [interval]", "verdict", "rounds", "spread", "detectable"],
            [ColumnAlignment.Left, ColumnAlignment.Right, ColumnAlignment.Right, ColumnAlignment.Left, ColumnAlignment.Left, ColumnAlignment.Right,
             ColumnAlignment.Right, ColumnAlignment.Right]);
        foreach (var v in outcome.Verdicts)
        {
            table.Row(v.Key, Value(v.MedianA, mode), Value(v.MedianB, mode), RatioText(v), $"**{Name(v.Change)}**",
                v.Rounds.ToString(CultureInfo.InvariantCulture), double.IsFinite(v.Spread) ? v.Spread.ToString("0.000", CultureInfo.InvariantCulture) : "—",
                Format.Percent(v.SmallestDetectable).Replace("n/a", "—", StringComparison.Ordinal));
        }

        return table;
    }

    private static string RatioText(BenchmarkVerdict v) => double.IsFinite(v.Lower) && double.IsFinite(v.Upper)
        ? string.Create(CultureInfo.InvariantCulture, $"{v.Ratio:0.000} [{v.Lower:0.000}; {v.Upper:0.000}]")
        : string.Create(CultureInfo.InvariantCulture, $"{v.Ratio:0.000} (no interval)");

    private static string Value(double value, bool mode) => mode ? Format.Number(value) : Format.Time(value);

    private static string Number(double value) => value.ToString("G6", CultureInfo.InvariantCulture);

    /// <summary>The verdict's word.</summary>
    public static string Name(Change change) => change switch
    {
        Change.Faster => "faster",
        Change.Slower => "slower",
        Change.Same => "same",
        _ => "not measurable",
    };

    private static string MethodText(AbMethod method) => method switch
    {
        AbMethod.Duet => "duet: A and B at the same time, each pinned to its own CPU, the CPUs swapped every round",
        AbMethod.Sequential => "sequential: every round of A, then every round of B (runs made apart)",
        _ => "interleaved: each round runs A and B one after the other, in an order drawn for the round",
    };

    private static string JudgementText(AbMethod method) => method == AbMethod.Sequential
        ? "faster or slower by `compare`'s rule (one-sided Mann-Whitney against A shifted by the threshold, alpha 0.05) on the pooled iterations"
        : "a benchmark is faster or slower only when the whole 95% interval of its per-round B/A ratios lies beyond it";
}
