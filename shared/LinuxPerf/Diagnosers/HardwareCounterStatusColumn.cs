using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace LinuxPerf.Diagnosers;

/// <summary>
/// The "HW counters" column: "counted", or why the PMU columns are absent ("&lt;not supported&gt; (no PMU)",
/// "not permitted (perf_event_paranoid=3)"), so a table read without the console log still says it.
/// </summary>
public sealed class HardwareCounterStatusColumn : IColumn
{
    public static HardwareCounterStatusColumn Instance { get; } = new();

    private HardwareCounterStatusColumn()
    {
    }

    /// <inheritdoc />
    public string Id => "LinuxPerf.Status";

    /// <inheritdoc />
    public string ColumnName => "HW counters";

    /// <inheritdoc />
    public bool AlwaysShow => true;

    /// <inheritdoc />
    public ColumnCategory Category => ColumnCategory.Metric;

    /// <inheritdoc />
    public int PriorityInCategory => -1;

    /// <inheritdoc />
    public bool IsNumeric => false;

    /// <inheritdoc />
    public UnitType UnitType => UnitType.Dimensionless;

    /// <inheritdoc />
    public string Legend => "Linux perf_event_open counters for the measured iterations: counted, or why the PMU columns (IPC, miss %) are missing";

    /// <inheritdoc />
    public string GetValue(Summary summary, BenchmarkCase benchmarkCase) => GetValue(summary, benchmarkCase, summary.Style);

    /// <inheritdoc />
    public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style)
    {
        ArgumentNullException.ThrowIfNull(benchmarkCase);
        if (!OperatingSystem.IsLinux())
        {
            return "n/a (Linux only)";
        }

        var diagnoser = benchmarkCase.Config.GetDiagnosers().OfType<LinuxPerfDiagnoser>().FirstOrDefault();
        return diagnoser?.GetRun(benchmarkCase)?.Describe() ?? "-";
    }

    /// <inheritdoc />
    public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;

    /// <inheritdoc />
    public bool IsAvailable(Summary summary) => true;

    /// <inheritdoc />
    public override string ToString() => ColumnName;
}
