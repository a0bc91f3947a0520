using System.Globalization;
using BenchmarkDotNet.Reports;

namespace LinuxPerf.Diagnosers;

/// <summary>What the diagnoser collected for one benchmark case: the counts of its measured iterations, or why not.</summary>
/// <param name="Snapshot">Counts at AfterActualRun; null when the counters could not be opened at all.</param>
/// <param name="Target">Which process and threads were monitored.</param>
/// <param name="UserSpaceOnly">True when the kernel allowed user-space counting only.</param>
/// <param name="ParanoidLevel">kernel.perf_event_paranoid at the time.</param>
/// <param name="Failure">Why nothing was collected (exception text), else null.</param>
public sealed record CounterRun(CounterSnapshot? Snapshot, string Target, bool UserSpaceOnly, int? ParanoidLevel, string? Failure)
{
    /// <summary>The per-operation metrics for <paramref name="operations"/> measured operations (none when 0).</summary>
    public IEnumerable<Metric> ToMetrics(long operations)
    {
        if (Snapshot is null || operations <= 0)
        {
            yield break;
        }

        var derived = DerivedMetrics.From(Snapshot);
        if (derived.Ipc is { } ipc)
        {
            yield return new Metric(PerfMetrics.Ipc, ipc);
        }

        if (derived.L1MissPercent is { } l1)
        {
            yield return new Metric(PerfMetrics.L1Miss, l1);
        }

        if (derived.LlcMissPercent is { } llc)
        {
            yield return new Metric(PerfMetrics.LlcMiss, llc);
        }

        if (derived.CacheMissPercent is { } cache)
        {
            yield return new Metric(PerfMetrics.CacheMiss, cache);
        }

        if (derived.BranchMissPercent is { } branch)
        {
            yield return new Metric(PerfMetrics.BranchMiss, branch);
        }

        foreach (var (perfEvent, descriptor) in new[]
                 {
                     (PerfEvents.TaskClock, PerfMetrics.TaskClock),
                     (PerfEvents.ContextSwitches, PerfMetrics.ContextSwitches),
                     (PerfEvents.CpuMigrations, PerfMetrics.CpuMigrations),
                     (PerfEvents.PageFaults, PerfMetrics.PageFaults),
                 })
        {
            if (Snapshot.TryGetValue(perfEvent, out double total))
            {
                yield return new Metric(descriptor, total / operations);
            }
        }
    }

    /// <summary>One cell for the "HW counters" column: counted, or why the PMU columns are missing.</summary>
    public string Describe()
    {
        if (Failure is not null)
        {
            return "failed: " + Failure;
        }

        if (Snapshot is null)
        {
            return "-";
        }

        string scope = UserSpaceOnly ? ", user space only" : "";
        var hardware = Snapshot.Readings.Where(r => r.Event.NeedsPmu).ToList();
        if (hardware.Count == 0)
        {
            return "software events only" + scope;
        }

        var counted = hardware.Where(r => r.IsCounted).ToList();
        if (counted.Count > 0)
        {
            double least = counted.Min(r => r.RunningFraction);
            string multiplexed = least < 0.999
                ? string.Create(CultureInfo.InvariantCulture, $", multiplexed: ≥{least * 100:0}% on a counter")
                : "";
            string partial = counted.Count < hardware.Count ? $", {hardware.Count - counted.Count} of {hardware.Count} not supported" : "";
            return "counted" + multiplexed + partial + scope;
        }

        return hardware[0].Status switch
        {
            CounterStatus.NotSupported => "<not supported> (no PMU)" + scope,
            CounterStatus.NotPermitted => string.Create(CultureInfo.InvariantCulture,
                $"not permitted (perf_event_paranoid={ParanoidLevel?.ToString(CultureInfo.InvariantCulture) ?? "?"})"),
            CounterStatus.NotCounted => "<not counted>" + scope,
            CounterStatus.InvalidConfiguration => "invalid event configuration",
            _ => "unavailable: " + hardware[0].Reason,
        };
    }
}
