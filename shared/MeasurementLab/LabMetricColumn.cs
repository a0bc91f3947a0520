using System.Globalization;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace MeasurementLab;

/// <summary>How a column combines the values a benchmark reported over its invocations.</summary>
public enum LabMetricAggregate
{
    /// <summary>The last value reported.</summary>
    Last,

    /// <summary>The smallest value (e.g. the worst concurrency seen).</summary>
    Min,

    /// <summary>The largest value.</summary>
    Max,
}

/// <summary>A summary column showing a <see cref="LabMetric"/> the benchmark reported.</summary>
public sealed class LabMetricColumn(string metricName, string columnName, string legend,
    LabMetricAggregate aggregate = LabMetricAggregate.Last) : IColumn
{
    /// <inheritdoc />
    public string Id => "Lab.Metric." + metricName;

    /// <inheritdoc />
    public string ColumnName => columnName;

    /// <inheritdoc />
    public bool AlwaysShow => true;

    /// <inheritdoc />
    public ColumnCategory Category => ColumnCategory.Custom;

    /// <inheritdoc />
    public int PriorityInCategory => 0;

    /// <inheritdoc />
    public bool IsNumeric => aggregate != LabMetricAggregate.Last;

    /// <inheritdoc />
    public UnitType UnitType => UnitType.Dimensionless;

    /// <inheritdoc />
    public string Legend => legend;

    /// <inheritdoc />
    public string GetValue(Summary summary, BenchmarkCase benchmarkCase) => GetValue(summary, benchmarkCase, summary.Style);

    /// <inheritdoc />
    public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style)
    {
        var report = summary[benchmarkCase];
        if (report is null)
        {
            return "NA";
        }

        var values = LabMetric.Parse(report.ExecuteResults.SelectMany(r => r.StandardOutput), metricName);
        return Aggregate(values, aggregate);
    }

    /// <summary>Combines reported values; "-" when the benchmark reported none.</summary>
    public static string Aggregate(IReadOnlyList<string> values, LabMetricAggregate aggregate)
    {
        if (values.Count == 0)
        {
            return "-";
        }

        if (aggregate == LabMetricAggregate.Last)
        {
            return values[^1];
        }

        var numbers = values
            .Select(v => double.TryParse(v, NumberStyles.Float, CultureInfo.InvariantCulture, out double d) ? d : double.NaN)
            .Where(d => !double.IsNaN(d))
            .ToList();
        if (numbers.Count == 0)
        {
            return "-";
        }

        double result = aggregate == LabMetricAggregate.Min ? numbers.Min() : numbers.Max();
        return result.ToString("0.##", CultureInfo.InvariantCulture);
    }

    /// <inheritdoc />
    public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;

    /// <inheritdoc />
    public bool IsAvailable(Summary summary) => true;

    /// <inheritdoc />
    public override string ToString() => ColumnName;
}
