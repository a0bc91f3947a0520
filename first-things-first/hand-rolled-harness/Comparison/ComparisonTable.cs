using System.Globalization;
using System.Text;

namespace HandRolledHarness.Comparison;

/// <summary>
/// The side-by-side table: every (function, size) BenchmarkDotNet measured, the hand-rolled Mark8 result next to it,
/// and their ratio (how far the hand-rolled mean is from BenchmarkDotNet's). A function BenchmarkDotNet did not run
/// (a filtered run) still gets its Mark8 rows; the rest of the sweep is in mark8.csv.
/// </summary>
public static class ComparisonTable
{
    private static readonly string[] Headers =
    [
        "function", "size", "Mark8 mean (ns)", "Mark8 sdev (ns)", "Mark8 count",
        "BDN mean (ns)", "BDN CI (ns)", "BDN allocated (B/op)", "Mark8 / BDN",
    ];

    private const string Missing = "—";

    public static string Markdown(IReadOnlyList<Mark8Row> marks, IReadOnlyList<BdnResult> bdn)
    {
        var order = FunctionCatalog.All.Select((f, i) => (f.Name, i)).ToDictionary(p => p.Name, p => p.i);
        var benchmarked = bdn.Select(b => b.Function).ToHashSet();
        var keys = bdn.Select(b => (b.Function, b.Size))
            .Concat(marks.Where(m => !benchmarked.Contains(m.Function)).Select(m => (m.Function, m.Size)))
            .Distinct()
            .OrderBy(k => order.GetValueOrDefault(k.Function, int.MaxValue)).ThenBy(k => k.Size ?? 0);

        var text = new StringBuilder();
        text.Append("| ").AppendJoin(" | ", Headers).Append(" |\n");
        text.Append("|---|").Append(string.Concat(Enumerable.Repeat("---:|", Headers.Length - 1))).Append('\n');
        foreach (var (function, size) in keys)
        {
            var mark = marks.FirstOrDefault(m => m.Function == function && m.Size == size);
            var result = bdn.FirstOrDefault(b => b.Function == function && b.Size == size);
            string[] cells =
            [
                function,
                size?.ToString("N0", CultureInfo.InvariantCulture) ?? "",
                mark is null ? Missing : Nanoseconds(mark.MeanNs),
                mark is null ? Missing : Nanoseconds(mark.SdevNs),
                mark?.Count.ToString("N0", CultureInfo.InvariantCulture) ?? Missing,
                result is null ? Missing : Nanoseconds(result.MeanNs),
                result is null ? Missing : Interval(result),
                result?.AllocatedBytes?.ToString("N0", CultureInfo.InvariantCulture) ?? Missing,
                mark is null || result is null || result.MeanNs <= 0 ? Missing
                    : (mark.MeanNs / result.MeanNs).ToString("F2", CultureInfo.InvariantCulture),
            ];
            text.Append("| ").AppendJoin(" | ", cells).Append(" |\n");
        }

        return text.ToString();
    }

    /// <summary>Three significant figures for small times, whole nanoseconds from 1,000 up.</summary>
    public static string Nanoseconds(double ns) => ns switch
    {
        < 10 => ns.ToString("F2", CultureInfo.InvariantCulture),
        < 1_000 => ns.ToString("F1", CultureInfo.InvariantCulture),
        _ => ns.ToString("N0", CultureInfo.InvariantCulture),
    };

    private static string Interval(BdnResult result) =>
        result.CiLowerNs is double lower && result.CiUpperNs is double upper
            ? $"[{Nanoseconds(lower)}; {Nanoseconds(upper)}]{(result.CiLevel is null ? "" : " " + result.CiLevel)}"
            : "n/a";
}
