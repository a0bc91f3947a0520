using System.Globalization;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace MeasurementLab;

/// <summary>
/// Operations per second derived from the mean time per operation (so with <c>OperationsPerInvoke</c> it is the
/// throughput the posts quote in M ops/s or K ops/s), and optionally its 99.9% confidence interval.
/// </summary>
public sealed class ThroughputColumn : IColumn
{
    private readonly bool _interval;

    private ThroughputColumn(bool interval) => _interval = interval;

    /// <summary>Mean throughput: 1 s / Mean.</summary>
    public static IColumn Mean { get; } = new ThroughputColumn(interval: false);

    /// <summary>Throughput range from BenchmarkDotNet's 99.9% CI of the mean (upper time bound → lower throughput).</summary>
    public static IColumn ConfidenceInterval { get; } = new ThroughputColumn(interval: true);

    /// <inheritdoc />
    public string Id => _interval ? "Lab.Throughput.CI" : "Lab.Throughput";

    /// <inheritdoc />
    public string ColumnName => _interval ? "Ops/s CI99.9%" : "Ops/s";

    /// <inheritdoc />
    public bool AlwaysShow => true;

    /// <inheritdoc />
    public ColumnCategory Category => ColumnCategory.Statistics;

    /// <inheritdoc />
    public int PriorityInCategory => 10;

    /// <inheritdoc />
    public bool IsNumeric => !_interval;

    /// <inheritdoc />
    public UnitType UnitType => UnitType.Dimensionless;

    /// <inheritdoc />
    public string Legend => _interval
        ? "Throughput range implied by the 99.9% confidence interval of the mean"
        : "Operations per second: 1 s / Mean (per operation, so OperationsPerInvoke is taken into account)";

    /// <inheritdoc />
    public string GetValue(Summary summary, BenchmarkCase benchmarkCase) => GetValue(summary, benchmarkCase, summary.Style);

    /// <inheritdoc />
    public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style)
    {
        var stats = summary[benchmarkCase]?.ResultStatistics;
        if (stats is null || stats.N == 0 || stats.Mean <= 0)
        {
            return "NA";
        }

        if (!_interval)
        {
            return Format(OpsPerSecond(stats.Mean));
        }

        var ci = stats.ConfidenceInterval;
        if (stats.N < 2 || double.IsNaN(ci.Upper))
        {
            return "NA"; // one measurement has no interval
        }

        double slow = OpsPerSecond(ci.Upper);
        double fast = ci.Lower > 0 ? OpsPerSecond(ci.Lower) : double.PositiveInfinity;
        return $"[{Format(slow)}; {(double.IsPositiveInfinity(fast) ? "∞" : Format(fast))}]";
    }

    /// <inheritdoc />
    public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;

    /// <inheritdoc />
    public bool IsAvailable(Summary summary) => true;

    /// <summary>Operations per second for a time per operation in nanoseconds.</summary>
    public static double OpsPerSecond(double nanosecondsPerOperation) =>
        nanosecondsPerOperation <= 0 ? double.PositiveInfinity : 1e9 / nanosecondsPerOperation;

    /// <summary>Formats a rate as the posts do: 27.2M, 125K, 950.</summary>
    public static string Format(double opsPerSecond) => opsPerSecond switch
    {
        double.PositiveInfinity => "∞",
        >= 1e9 => (opsPerSecond / 1e9).ToString("0.00", CultureInfo.InvariantCulture) + "G",
        >= 1e6 => (opsPerSecond / 1e6).ToString("0.0#", CultureInfo.InvariantCulture) + "M",
        >= 1e3 => (opsPerSecond / 1e3).ToString("0.#", CultureInfo.InvariantCulture) + "K",
        _ => opsPerSecond.ToString("0.#", CultureInfo.InvariantCulture),
    };

    /// <inheritdoc />
    public override string ToString() => ColumnName;
}
