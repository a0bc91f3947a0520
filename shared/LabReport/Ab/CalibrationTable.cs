using System.Globalization;
using System.Text;
using MeasurementLab;

namespace LabReport.Ab;

/// <summary>
/// The calibration's table: for each method, at the same wall-clock budget per trial, the A/A false-positive rate
/// (benchmark-trials called faster or slower when nothing changed), the share of benchmark-trials that detect each
/// known change in the right direction (slower: B does more work), and the accuracy — the spread between A/A trials of
/// the B/A estimate (standard deviation of its log, pooled over benchmarks) — with its gain over sequential runs
/// (sequential's spread divided by the method's: Bulej et al. report accuracy the same way, as a ratio of spreads).
/// </summary>
public static class CalibrationTable
{
    /// <summary>One method's row.</summary>
    public sealed record MethodRow(AbMethod Method, int Trials, double MeanWallSeconds, double MeanRounds, double FalsePositiveRate, int FalsePositives,
        int AaJudged, IReadOnlyDictionary<int, (int Detected, int Judged, int WrongWay)> Detection, double AaSpread);

    /// <summary>Aggregates the rows of every trial, one row per method (in the order given).</summary>
    public static IReadOnlyList<MethodRow> Rows(IReadOnlyList<CalibrationRow> rows, IReadOnlyList<AbMethod> methods, IReadOnlyList<int> changes)
    {
        ArgumentNullException.ThrowIfNull(rows);
        ArgumentNullException.ThrowIfNull(methods);
        ArgumentNullException.ThrowIfNull(changes);
        var result = new List<MethodRow>();
        foreach (var method in methods)
        {
            var mine = rows.Where(r => r.Cell.Method == method).ToList();
            var trials = mine.Select(r => (r.Cell, r.Trial, r.Wall)).Distinct().ToList();
            var aa = mine.Where(r => r.Cell.ChangePercent == 0 && r.Verdict.Change != Change.NotMeasurable).ToList();
            var detection = new Dictionary<int, (int, int, int)>();
            foreach (int change in changes.Where(c => c != 0))
            {
                var judged = mine.Where(r => r.Cell.ChangePercent == change && r.Verdict.Change != Change.NotMeasurable).ToList();
                detection[change] = (judged.Count(r => r.Verdict.Change == Change.Slower), judged.Count, judged.Count(r => r.Verdict.Change == Change.Faster));
            }

            result.Add(new MethodRow(method, trials.Count, trials.Count == 0 ? double.NaN : trials.Average(t => t.Wall.TotalSeconds),
                mine.Count == 0 ? double.NaN : mine.Average(r => r.Verdict.Rounds),
                aa.Count == 0 ? double.NaN : (double)aa.Count(r => r.Verdict.Change != Change.Same) / aa.Count,
                aa.Count(r => r.Verdict.Change != Change.Same), aa.Count, detection, PooledSpread(aa)));
        }

        return result;
    }

    /// <summary>
    /// The spread of the A/A estimates between trials: per benchmark, the standard deviation of ln(B/A) over its
    /// trials; pooled over benchmarks as the root of the mean variance (NaN with fewer than two trials).
    /// </summary>
    public static double PooledSpread(IReadOnlyList<CalibrationRow> aaRows)
    {
        ArgumentNullException.ThrowIfNull(aaRows);
        var variances = new List<(double SumSquares, int Degrees)>();
        foreach (var benchmark in aaRows.Where(r => r.Verdict.Ratio > 0 && double.IsFinite(r.Verdict.Ratio)).GroupBy(r => r.Verdict.Key))
        {
            var logs = benchmark.Select(r => Math.Log(r.Verdict.Ratio)).ToList();
            if (logs.Count < 2)
            {
                continue;
            }

            double mean = logs.Average();
            variances.Add((logs.Sum(l => (l - mean) * (l - mean)), logs.Count - 1));
        }

        int degrees = variances.Sum(v => v.Degrees);
        return degrees == 0 ? double.NaN : Math.Sqrt(variances.Sum(v => v.SumSquares) / degrees);
    }

    /// <summary>The markdown table, then a sentence on duet against interleaved.</summary>
    public static string Markdown(IReadOnlyList<MethodRow> rows, IReadOnlyList<int> changes, double threshold)
    {
        ArgumentNullException.ThrowIfNull(rows);
        ArgumentNullException.ThrowIfNull(changes);
        var detected = changes.Where(c => c != 0).ToList();
        var headers = new List<string> { "method", "trials", "wall per trial", "rounds", $"A/A false positives at ±{Format.Percent(threshold)}" };
        headers.AddRange(detected.Select(c => $"detects +{c}%"));
        headers.AddRange(["A/A spread of B/A", "accuracy vs sequential"]);
        var table = new MarkdownTable(headers, [ColumnAlignment.Left, .. headers.Skip(1).Select(_ => ColumnAlignment.Right)]);
        double sequential = rows.FirstOrDefault(r => r.Method == AbMethod.Sequential)?.AaSpread ?? double.NaN;
        foreach (var row in rows)
        {
            var cells = new List<string>
            {
                row.Method.ToString().ToLowerInvariant(),
                (row.Trials / Math.Max(1, changes.Count)).ToString(CultureInfo.InvariantCulture) + " per change",
                double.IsFinite(row.MeanWallSeconds) ? DurationFormat.Rough(TimeSpan.FromSeconds(row.MeanWallSeconds)) : "—",
                double.IsFinite(row.MeanRounds) ? row.MeanRounds.ToString("0.#", CultureInfo.InvariantCulture) : "—",
                Share(row.FalsePositives, row.AaJudged),
            };
            cells.AddRange(detected.Select(c => row.Detection[c] is var d ? Share(d.Detected, d.Judged) + (d.WrongWay > 0 ? $", {d.WrongWay} wrong way" : "") : "—"));
            cells.Add(double.IsFinite(row.AaSpread) ? Format.Percent(row.AaSpread) : "—");
            cells.Add(row.Method == AbMethod.Sequential ? "1×" : double.IsFinite(sequential / row.AaSpread) ? (sequential / row.AaSpread).ToString("0.0", CultureInfo.InvariantCulture) + "×" : "—");
            table.Row([.. cells]);
        }

        var md = new StringBuilder(table.ToString());
        var interleaved = rows.FirstOrDefault(r => r.Method == AbMethod.Interleaved);
        var duet = rows.FirstOrDefault(r => r.Method == AbMethod.Duet);
        if (interleaved is not null && duet is not null && double.IsFinite(interleaved.AaSpread) && double.IsFinite(duet.AaSpread))
        {
            md.AppendLine();
            md.AppendLine(duet.AaSpread < interleaved.AaSpread
                ? $"Duet is more accurate than interleaved here (A/A spread {Format.Percent(duet.AaSpread)} against {Format.Percent(interleaved.AaSpread)}): it should be ab's default on this machine."
                : $"Duet measures worse than interleaved here (A/A spread {Format.Percent(duet.AaSpread)} against {Format.Percent(interleaved.AaSpread)}): the two sides share this guest's two vCPUs " +
                  "(and whatever the host shares under them), so running them at once disturbs each more than it cancels. Interleaved stays the default.");
        }

        return md.ToString();
    }

    private static string Share(int count, int of) =>
        of == 0 ? "—" : string.Create(CultureInfo.InvariantCulture, $"{count}/{of} ({100.0 * count / of:0}%)");
}
