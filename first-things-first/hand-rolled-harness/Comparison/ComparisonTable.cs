using System.Globalization;
using MeasurementLab;

namespace HandRolledHarness.Comparison;

/// <summary>
/// The side-by-side table: every (function, size) BenchmarkDotNet measured, the hand-rolled Mark8 result next to it,
/// and their ratio (how far the hand-rolled mean is from BenchmarkDotNet's). A function BenchmarkDotNet did not run
/// (a filtered run) still gets its Mark8 rows; the rest of the sweep is in mark8.csv. The times of a row share one
/// unit, so its means, deviation and interval read side by side.
/// </summary>
public static class ComparisonTable
{
    private const string Missing = "—";

    public static string Markdown(IReadOnlyList<Mark8Row> marks, IReadOnlyList<BdnResult> bdn)
    {
        var order = FunctionCatalog.All.Select((f, i) => (f.Name, i)).ToDictionary(p => p.Name, p => p.i);
        var benchmarked = bdn.Select(b => b.Function).ToHashSet();
        var keys = bdn.Select(b => (b.Function, b.Size))
            .Concat(marks.Where(m => !benchmarked.Contains(m.Function)).Select(m => (m.Function, m.Size)))
            .Distinct()
            .OrderBy(k => order.GetValueOrDefault(k.Function, int.MaxValue)).ThenBy(k => k.Size ?? 0);

        var table = new MarkdownTable(
            ["function", "size", "Mark8 mean", "Mark8 sdev", "Mark8 count", "BDN mean", "BDN CI", "BDN allocated (B/op)", "Mark8 / BDN"],
            [ColumnAlignment.Left, .. Enumerable.Repeat(ColumnAlignment.Right, 8)]);
        foreach (var (function, size) in keys)
        {
            var mark = marks.FirstOrDefault(m => m.Function == function && m.Size == size);
            var result = bdn.FirstOrDefault(b => b.Function == function && b.Size == size);
            var unit = DurationFormat.UnitFor(result?.MeanNs ?? mark?.MeanNs ?? 0);
            string Time(double ns) => DurationFormat.Precise(ns, unit);
            table.Row(
                function,
                size?.ToString("N0", CultureInfo.InvariantCulture) ?? "",
                mark is null ? Missing : Time(mark.MeanNs),
                mark is null ? Missing : Time(mark.SdevNs),
                mark?.Count.ToString("N0", CultureInfo.InvariantCulture) ?? Missing,
                result is null ? Missing : Time(result.MeanNs),
                result is null ? Missing : Interval(result, Time),
                result?.AllocatedBytes?.ToString("N0", CultureInfo.InvariantCulture) ?? Missing,
                mark is null || result is null || result.MeanNs <= 0 ? Missing
                    : (mark.MeanNs / result.MeanNs).ToString("F2", CultureInfo.InvariantCulture));
        }

        return table.ToString();
    }

    private static string Interval(BdnResult result, Func<double, string> time) =>
        result.CiLowerNs is double lower && result.CiUpperNs is double upper
            ? $"[{time(lower)}; {time(upper)}]{(result.CiLevel is null ? "" : " " + result.CiLevel)}"
            : "n/a";
}
