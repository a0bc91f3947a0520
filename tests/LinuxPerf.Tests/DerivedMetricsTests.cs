using BenchmarkDotNet.Reports;
using LinuxPerf.Diagnosers;

namespace LinuxPerf.Tests;

public class DerivedMetricsTests
{
    [Fact]
    public void Ratios_come_from_the_scaled_counts()
    {
        var snapshot = Snapshot(
            Counted(PerfEvents.Cycles, 1000), Counted(PerfEvents.Instructions, 1540),
            Counted(PerfEvents.L1DcacheLoads, 400), Counted(PerfEvents.L1DcacheLoadMisses, 100),
            Counted(PerfEvents.LlcLoads, 50), Counted(PerfEvents.LlcLoadMisses, 10),
            Counted(PerfEvents.CacheReferences, 80), Counted(PerfEvents.CacheMisses, 20),
            Counted(PerfEvents.BranchInstructions, 200), Counted(PerfEvents.BranchMisses, 2));

        var derived = DerivedMetrics.From(snapshot);

        derived.Ipc.Should().BeApproximately(1.54, 1e-9);
        derived.L1MissPercent.Should().BeApproximately(25, 1e-9);
        derived.LlcMissPercent.Should().BeApproximately(20, 1e-9);
        derived.CacheMissPercent.Should().BeApproximately(25, 1e-9);
        derived.BranchMissPercent.Should().BeApproximately(1, 1e-9);
    }

    [Fact]
    public void A_ratio_with_an_uncounted_input_or_a_zero_denominator_is_absent()
    {
        var snapshot = Snapshot(
            NotSupported(PerfEvents.Cycles), Counted(PerfEvents.Instructions, 10),
            Counted(PerfEvents.BranchInstructions, 0), Counted(PerfEvents.BranchMisses, 0));

        var derived = DerivedMetrics.From(snapshot);

        derived.Ipc.Should().BeNull();
        derived.BranchMissPercent.Should().BeNull();
        derived.L1MissPercent.Should().BeNull("L1 events were not requested");
    }

    [Fact]
    public void Without_a_PMU_only_the_software_metrics_are_reported_per_operation()
    {
        var run = new CounterRun(Snapshot(
            NotSupported(PerfEvents.Cycles), NotSupported(PerfEvents.Instructions),
            Counted(PerfEvents.TaskClock, 4_000_000), Counted(PerfEvents.ContextSwitches, 8),
            Counted(PerfEvents.CpuMigrations, 2), Counted(PerfEvents.PageFaults, 40)), "process 1", false, 2, null);

        var metrics = run.ToMetrics(operations: 4).ToDictionary(m => m.Descriptor.DisplayName, m => m.Value);

        metrics.Should().BeEquivalentTo(new Dictionary<string, double>
        {
            ["Task-clock/op"] = 1_000_000,
            ["Ctx switches/op"] = 2,
            ["Migrations/op"] = 0.5,
            ["Page faults/op"] = 10,
        });
        run.Describe().Should().Be("<not supported> (no PMU)");
    }

    [Fact]
    public void With_a_PMU_the_hardware_ratios_become_columns()
    {
        var run = new CounterRun(Snapshot(Counted(PerfEvents.Cycles, 100), Counted(PerfEvents.Instructions, 42),
            Counted(PerfEvents.TaskClock, 10)), "process 1", false, 2, null);

        run.ToMetrics(1).Should().Contain(m => m.Descriptor.DisplayName == "IPC" && Math.Abs(m.Value - 0.42) < 1e-9);
        run.Describe().Should().Be("counted");
    }

    [Fact]
    public void No_operations_means_no_metrics() =>
        new CounterRun(Snapshot(Counted(PerfEvents.TaskClock, 10)), "p", false, 2, null).ToMetrics(0).Should().BeEmpty();

    [Fact]
    public void The_status_cell_says_multiplexed_partial_refused_and_failed()
    {
        var multiplexed = new CounterSnapshot([
            new CounterReading(PerfEvents.Cycles, CounterStatus.Counted, 100, 50, 0.5, null),
            NotSupported(PerfEvents.LlcLoads)]);
        new CounterRun(multiplexed, "p", UserSpaceOnly: true, 2, null).Describe()
            .Should().Be("counted, multiplexed: ≥50% on a counter, 1 of 2 not supported, user space only");

        var refused = Snapshot(new CounterReading(PerfEvents.Cycles, CounterStatus.NotPermitted, 0, 0, 0, "no"), Counted(PerfEvents.TaskClock, 1));
        new CounterRun(refused, "p", false, 3, null).Describe().Should().Be("not permitted (perf_event_paranoid=3)");

        new CounterRun(null, "p", false, 2, "boom").Describe().Should().Be("failed: boom");
        new CounterRun(Snapshot(Counted(PerfEvents.TaskClock, 1)), "p", false, 2, null).Describe().Should().Be("software events only");
    }

    [Fact]
    public void Every_metric_has_a_unique_id_a_name_and_a_legend()
    {
        var run = new CounterRun(Snapshot(
            Counted(PerfEvents.Cycles, 1), Counted(PerfEvents.Instructions, 1), Counted(PerfEvents.L1DcacheLoads, 1), Counted(PerfEvents.L1DcacheLoadMisses, 1),
            Counted(PerfEvents.LlcLoads, 1), Counted(PerfEvents.LlcLoadMisses, 1), Counted(PerfEvents.CacheReferences, 1), Counted(PerfEvents.CacheMisses, 1),
            Counted(PerfEvents.BranchInstructions, 1), Counted(PerfEvents.BranchMisses, 1), Counted(PerfEvents.TaskClock, 1),
            Counted(PerfEvents.ContextSwitches, 1), Counted(PerfEvents.CpuMigrations, 1), Counted(PerfEvents.PageFaults, 1)), "p", false, 2, null);

        List<Metric> metrics = run.ToMetrics(1).ToList();

        metrics.Should().HaveCount(9);
        metrics.Select(m => m.Descriptor.Id).Should().OnlyHaveUniqueItems();
        metrics.Should().AllSatisfy(m =>
        {
            m.Descriptor.DisplayName.Should().NotBeNullOrWhiteSpace();
            m.Descriptor.Legend.Should().NotBeNullOrWhiteSpace();
        });
    }

    internal static CounterReading Counted(PerfEvent e, double value) => new(e, CounterStatus.Counted, value, (ulong)value, 1, null);

    internal static CounterReading NotSupported(PerfEvent e) =>
        new(e, CounterStatus.NotSupported, 0, 0, 0, PerfErrors.Classify(2, e, 2).Reason);

    private static CounterSnapshot Snapshot(params CounterReading[] readings) => new(readings);
}
