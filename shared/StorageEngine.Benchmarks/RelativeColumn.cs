using System.Globalization;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace StorageEngine.Benchmarks;

/// <summary>
/// A case's throughput relative to another case of the same run (its reference, found by
/// <paramref name="referenceOf"/>): reference mean time / this mean time; or, with <paramref name="asCost"/>, its cost
/// relative to the reference: this mean time / reference mean time. Cases are params here, not methods, so
/// BenchmarkDotNet's own Ratio column (one baseline method) cannot say "of the disk ceiling" or "× SQLite".
/// </summary>
public sealed class RelativeColumn(string name, string legend, Func<BenchmarkCase, BenchmarkCase, bool> referenceOf, bool asPercent,
    bool asCost = false)
    : IColumn
{
    public string Id => "Engine.Relative." + name;

    public string ColumnName => name;

    public bool AlwaysShow => true;

    public ColumnCategory Category => ColumnCategory.Custom;

    public int PriorityInCategory => 0;

    public bool IsNumeric => true;

    public UnitType UnitType => UnitType.Dimensionless;

    public string Legend => legend;

    /// <summary>The value of parameter <paramref name="parameter"/> of a case, as text.</summary>
    public static string? Param(BenchmarkCase benchmarkCase, string parameter) =>
        benchmarkCase.Parameters.Items.FirstOrDefault(p => p.Name == parameter)?.Value?.ToString();

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase) => GetValue(summary, benchmarkCase, summary.Style);

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style)
    {
        var reference = summary.BenchmarksCases.FirstOrDefault(c => referenceOf(benchmarkCase, c));
        double? mine = summary[benchmarkCase]?.ResultStatistics?.Mean;
        double? theirs = reference is null ? null : summary[reference]?.ResultStatistics?.Mean;
        if (mine is not > 0 || theirs is not > 0)
        {
            return "NA";
        }

        double ratio = asCost ? mine.Value / theirs.Value : theirs.Value / mine.Value;
        return asPercent
            ? ratio.ToString("P0", CultureInfo.InvariantCulture)
            : ratio.ToString(ratio >= 10 ? "F0" : "F2", CultureInfo.InvariantCulture) + "×";
    }

    public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;

    public bool IsAvailable(Summary summary) => true;
}
