using System.Globalization;

namespace LinuxPerf;

/// <summary>One event's total over every monitored thread.</summary>
/// <param name="Status">Counted, or why not.</param>
/// <param name="Value">The count scaled for multiplexing (raw × enabled / running, summed over threads).</param>
/// <param name="RawValue">The unscaled count summed over threads.</param>
/// <param name="RunningFraction">Smallest running/enabled ratio over the threads that ran (1 = never multiplexed).</param>
/// <param name="Reason">Why it was not counted; null when counted.</param>
public sealed record CounterReading(PerfEvent Event, CounterStatus Status, double Value, ulong RawValue, double RunningFraction, string? Reason)
{
    /// <summary>True when the value means something.</summary>
    public bool IsCounted => Status == CounterStatus.Counted;

    /// <summary>True when perf had to time-share a hardware counter and the value is an estimate.</summary>
    public bool IsScaled => IsCounted && RunningFraction < 0.999;

    /// <inheritdoc />
    public override string ToString() => IsCounted
        ? string.Create(CultureInfo.InvariantCulture, $"{Event.Name}={Value:0}{(IsScaled ? $" (scaled, ran {RunningFraction * 100:0}% of the time)" : "")}")
        : $"{Event.Name}: {Reason}";
}

/// <summary>Every event of a session at one moment.</summary>
public sealed class CounterSnapshot
{
    private readonly Dictionary<string, CounterReading> _byName;

    /// <summary>Wraps readings (one per event).</summary>
    public CounterSnapshot(IEnumerable<CounterReading> readings)
    {
        ArgumentNullException.ThrowIfNull(readings);
        Readings = readings.ToList();
        _byName = Readings.ToDictionary(r => r.Event.Name, StringComparer.Ordinal);
    }

    /// <summary>In the order the events were requested.</summary>
    public IReadOnlyList<CounterReading> Readings { get; }

    /// <summary>The reading of an event by perf name, or null when it was not requested.</summary>
    public CounterReading? this[string eventName] => _byName.GetValueOrDefault(eventName);

    /// <summary>The scaled value of a counted event.</summary>
    public bool TryGetValue(PerfEvent perfEvent, out double value)
    {
        ArgumentNullException.ThrowIfNull(perfEvent);
        if (_byName.TryGetValue(perfEvent.Name, out var r) && r.IsCounted)
        {
            value = r.Value;
            return true;
        }

        value = 0;
        return false;
    }

    /// <summary>True when at least one PMU event was counted.</summary>
    public bool HasHardwareCounts => Readings.Any(r => r.Event.NeedsPmu && r.IsCounted);

    /// <inheritdoc />
    public override string ToString() => string.Join("; ", Readings);
}

/// <summary>The ratios the post reads from perf stat, computed from a snapshot (null when an input was not counted).</summary>
/// <param name="Ipc">Instructions per cycle.</param>
/// <param name="L1MissPercent">L1-dcache-load-misses / L1-dcache-loads × 100.</param>
/// <param name="LlcMissPercent">LLC-load-misses / LLC-loads × 100.</param>
/// <param name="CacheMissPercent">cache-misses / cache-references × 100.</param>
/// <param name="BranchMissPercent">branch-misses / branch-instructions × 100.</param>
public sealed record DerivedMetrics(double? Ipc, double? L1MissPercent, double? LlcMissPercent, double? CacheMissPercent, double? BranchMissPercent)
{
    /// <summary>Computes every ratio whose two events were counted and whose denominator is positive.</summary>
    public static DerivedMetrics From(CounterSnapshot snapshot)
    {
        ArgumentNullException.ThrowIfNull(snapshot);
        return new DerivedMetrics(
            Ratio(snapshot, PerfEvents.Instructions, PerfEvents.Cycles, 1),
            Ratio(snapshot, PerfEvents.L1DcacheLoadMisses, PerfEvents.L1DcacheLoads, 100),
            Ratio(snapshot, PerfEvents.LlcLoadMisses, PerfEvents.LlcLoads, 100),
            Ratio(snapshot, PerfEvents.CacheMisses, PerfEvents.CacheReferences, 100),
            Ratio(snapshot, PerfEvents.BranchMisses, PerfEvents.BranchInstructions, 100));
    }

    private static double? Ratio(CounterSnapshot s, PerfEvent numerator, PerfEvent denominator, double scale) =>
        s.TryGetValue(numerator, out double n) && s.TryGetValue(denominator, out double d) && d > 0 ? n / d * scale : null;
}
