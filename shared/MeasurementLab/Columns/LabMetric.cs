using System.Globalization;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace MeasurementLab.Columns;

/// <summary>
/// A side channel from the benchmark process to the summary: the benchmark prints a tagged line
/// (<see cref="Report(string,string)"/>), BenchmarkDotNet keeps the child's standard output in the report, and a
/// <see cref="LabMetricColumn"/> in the host reads it back. BenchmarkDotNet 0.15 has no in-process diagnoser
/// channel, and the benchmark is the only one who knows things such as how many threads really worked.
/// </summary>
public static class LabMetric
{
    /// <summary>Tag that starts every metric line.</summary>
    public const string Tag = "#lab-metric ";

    /// <summary>Prints <c>#lab-metric name=value</c> to standard output.</summary>
    public static void Report(string name, string value)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(name);
        if (name.Contains('=', StringComparison.Ordinal) || value.Contains('\n', StringComparison.Ordinal))
        {
            throw new ArgumentException("A metric name cannot contain '=' and a value cannot span lines.", nameof(name));
        }

        Console.Out.WriteLine(Tag + name + "=" + value);
        Console.Out.Flush();
    }

    /// <summary>Reports a number (invariant culture).</summary>
    public static void Report(string name, double value) =>
        Report(name, value.ToString("R", CultureInfo.InvariantCulture));

    /// <summary>All values reported under <paramref name="name"/> in these output lines, in order.</summary>
    public static IReadOnlyList<string> Parse(IEnumerable<string> lines, string name)
    {
        string prefix = Tag + name + "=";
        return lines.Where(l => l.StartsWith(prefix, StringComparison.Ordinal)).Select(l => l[prefix.Length..].TrimEnd()).ToList();
    }
}

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
