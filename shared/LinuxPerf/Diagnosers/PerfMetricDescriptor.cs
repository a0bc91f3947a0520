using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Reports;

namespace LinuxPerf.Diagnosers;

/// <summary>One summary column of the Linux counters diagnoser.</summary>
internal sealed class PerfMetricDescriptor(string id, string displayName, string legend, string numberFormat,
    UnitType unitType, string unit, bool theGreaterTheBetter, int priority) : IMetricDescriptor
{
    public string Id { get; } = "LinuxPerf." + id;

    public string DisplayName { get; } = displayName;

    public string Legend { get; } = legend;

    public string NumberFormat { get; } = numberFormat;

    public UnitType UnitType { get; } = unitType;

    public string Unit { get; } = unit;

    public bool TheGreaterTheBetter { get; } = theGreaterTheBetter;

    public int PriorityInCategory { get; } = priority;

    public bool GetIsAvailable(Metric metric) => true;

    public override string ToString() => DisplayName;
}

/// <summary>The columns, in the order they appear.</summary>
internal static class PerfMetrics
{
    public static readonly PerfMetricDescriptor Ipc = new("IPC", "IPC",
        "Instructions per cycle during the measured iterations (instructions / cycles; needs a PMU)",
        "0.00", UnitType.Dimensionless, "", theGreaterTheBetter: true, priority: 0);

    public static readonly PerfMetricDescriptor L1Miss = new("L1MissPercent", "L1 miss %",
        "L1-dcache-load-misses / L1-dcache-loads, measured iterations only (needs a PMU)",
        "0.00", UnitType.Dimensionless, "%", theGreaterTheBetter: false, priority: 1);

    public static readonly PerfMetricDescriptor LlcMiss = new("LlcMissPercent", "LLC miss %",
        "LLC-load-misses / LLC-loads: last-level loads that went to DRAM, measured iterations only (needs a PMU)",
        "0.00", UnitType.Dimensionless, "%", theGreaterTheBetter: false, priority: 2);

    public static readonly PerfMetricDescriptor CacheMiss = new("CacheMissPercent", "Cache miss %",
        "cache-misses / cache-references (which cache is CPU-specific, usually the LLC), measured iterations only (needs a PMU)",
        "0.00", UnitType.Dimensionless, "%", theGreaterTheBetter: false, priority: 3);

    public static readonly PerfMetricDescriptor BranchMiss = new("BranchMissPercent", "Branch miss %",
        "branch-misses / branch-instructions, measured iterations only (needs a PMU)",
        "0.00", UnitType.Dimensionless, "%", theGreaterTheBetter: false, priority: 4);

    public static readonly PerfMetricDescriptor TaskClock = new("TaskClockPerOp", "Task-clock/op",
        "CPU time of all the benchmark process's threads per operation (perf task-clock, software event)",
        "N0", UnitType.Time, "ns", theGreaterTheBetter: false, priority: 5);

    public static readonly PerfMetricDescriptor ContextSwitches = new("ContextSwitchesPerOp", "Ctx switches/op",
        "Context switches per operation, all threads of the benchmark process (software event)",
        "0.####", UnitType.Dimensionless, "", theGreaterTheBetter: false, priority: 6);

    public static readonly PerfMetricDescriptor CpuMigrations = new("CpuMigrationsPerOp", "Migrations/op",
        "CPU migrations per operation, all threads of the benchmark process (software event)",
        "0.####", UnitType.Dimensionless, "", theGreaterTheBetter: false, priority: 7);

    public static readonly PerfMetricDescriptor PageFaults = new("PageFaultsPerOp", "Page faults/op",
        "Page faults per operation, all threads of the benchmark process (software event)",
        "0.####", UnitType.Dimensionless, "", theGreaterTheBetter: false, priority: 8);
}
