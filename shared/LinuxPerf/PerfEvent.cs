namespace LinuxPerf;

/// <summary>The <c>perf_event_attr.type</c> values this library uses.</summary>
public enum PerfEventType : uint
{
    /// <summary>Generalized hardware events (cycles, instructions…): need a PMU.</summary>
    Hardware = 0,

    /// <summary>Kernel software events (task-clock, page faults…): available without a PMU.</summary>
    Software = 1,

    /// <summary>Generalized cache events (L1-dcache-loads…): need a PMU.</summary>
    HardwareCache = 3,

    /// <summary>A raw, model-specific PMU event.</summary>
    Raw = 4,
}

/// <summary>One countable event, named as <c>perf list</c> names it.</summary>
/// <param name="Name">perf's name, e.g. "cycles", "L1-dcache-load-misses", "task-clock".</param>
/// <param name="Type">perf_event_attr.type.</param>
/// <param name="Config">perf_event_attr.config.</param>
public sealed record PerfEvent(string Name, PerfEventType Type, ulong Config)
{
    /// <summary>True for events that need a hardware PMU (virtual machines often have none).</summary>
    public bool NeedsPmu => Type is PerfEventType.Hardware or PerfEventType.HardwareCache or PerfEventType.Raw;

    /// <inheritdoc />
    public override string ToString() => Name;
}

/// <summary>
/// Events that are scheduled onto the PMU together, so a ratio of two of them (instructions / cycles, misses /
/// loads) is computed from the same time slices even when perf has to multiplex counters.
/// </summary>
public sealed class PerfEventGroup
{
    /// <summary>A group; the first event is the leader.</summary>
    public PerfEventGroup(params PerfEvent[] events)
    {
        ArgumentNullException.ThrowIfNull(events);
        if (events.Length == 0)
        {
            throw new ArgumentException("A group needs at least one event.", nameof(events));
        }

        Events = events;
    }

    /// <summary>Leader first.</summary>
    public IReadOnlyList<PerfEvent> Events { get; }

    /// <inheritdoc />
    public override string ToString() => "{" + string.Join(",", Events) + "}";
}

/// <summary>The events of <c>perf stat</c>'s default hardware set, the post's cache events and the software events.</summary>
public static class PerfEvents
{
    // PERF_COUNT_HW_*
    private const ulong HwCpuCycles = 0, HwInstructions = 1, HwCacheReferences = 2, HwCacheMisses = 3,
        HwBranchInstructions = 4, HwBranchMisses = 5;

    // PERF_COUNT_SW_*
    private const ulong SwCpuClock = 0, SwTaskClock = 1, SwPageFaults = 2, SwContextSwitches = 3, SwCpuMigrations = 4;

    // PERF_COUNT_HW_CACHE_{L1D,LL}, _OP_READ, _RESULT_{ACCESS,MISS}: config = cache | op << 8 | result << 16.
    private const ulong CacheL1D = 0, CacheLl = 2, OpRead = 0, ResultAccess = 0, ResultMiss = 1;

    /// <summary>CPU cycles (PMU).</summary>
    public static PerfEvent Cycles { get; } = new("cycles", PerfEventType.Hardware, HwCpuCycles);

    /// <summary>Instructions retired (PMU).</summary>
    public static PerfEvent Instructions { get; } = new("instructions", PerfEventType.Hardware, HwInstructions);

    /// <summary>Cache references; which cache is model specific (often the LLC).</summary>
    public static PerfEvent CacheReferences { get; } = new("cache-references", PerfEventType.Hardware, HwCacheReferences);

    /// <summary>Cache misses, the counterpart of <see cref="CacheReferences"/>.</summary>
    public static PerfEvent CacheMisses { get; } = new("cache-misses", PerfEventType.Hardware, HwCacheMisses);

    /// <summary>Branch instructions retired.</summary>
    public static PerfEvent BranchInstructions { get; } = new("branch-instructions", PerfEventType.Hardware, HwBranchInstructions);

    /// <summary>Mispredicted branches.</summary>
    public static PerfEvent BranchMisses { get; } = new("branch-misses", PerfEventType.Hardware, HwBranchMisses);

    /// <summary>L1 data cache loads.</summary>
    public static PerfEvent L1DcacheLoads { get; } = Cache("L1-dcache-loads", CacheL1D, ResultAccess);

    /// <summary>L1 data cache load misses.</summary>
    public static PerfEvent L1DcacheLoadMisses { get; } = Cache("L1-dcache-load-misses", CacheL1D, ResultMiss);

    /// <summary>Last-level cache loads.</summary>
    public static PerfEvent LlcLoads { get; } = Cache("LLC-loads", CacheLl, ResultAccess);

    /// <summary>Last-level cache load misses (loads that went to DRAM).</summary>
    public static PerfEvent LlcLoadMisses { get; } = Cache("LLC-load-misses", CacheLl, ResultMiss);

    /// <summary>CPU time of the monitored tasks, in nanoseconds (software).</summary>
    public static PerfEvent TaskClock { get; } = new("task-clock", PerfEventType.Software, SwTaskClock);

    /// <summary>CPU-clock timer (software; what <c>perf record</c> samples on when there is no PMU).</summary>
    public static PerfEvent CpuClock { get; } = new("cpu-clock", PerfEventType.Software, SwCpuClock);

    /// <summary>Context switches (software).</summary>
    public static PerfEvent ContextSwitches { get; } = new("context-switches", PerfEventType.Software, SwContextSwitches);

    /// <summary>Moves of a task to another CPU (software).</summary>
    public static PerfEvent CpuMigrations { get; } = new("cpu-migrations", PerfEventType.Software, SwCpuMigrations);

    /// <summary>Page faults, minor and major (software).</summary>
    public static PerfEvent PageFaults { get; } = new("page-faults", PerfEventType.Software, SwPageFaults);

    /// <summary>The hardware events of the post's <c>perf stat</c> command, paired so each ratio shares its time slices.</summary>
    public static IReadOnlyList<PerfEventGroup> HardwareGroups { get; } =
    [
        new(Cycles, Instructions),
        new(CacheReferences, CacheMisses),
        new(BranchInstructions, BranchMisses),
        new(L1DcacheLoads, L1DcacheLoadMisses),
        new(LlcLoads, LlcLoadMisses),
    ];

    /// <summary>The software events, which work without a PMU (one group each: they never multiplex).</summary>
    public static IReadOnlyList<PerfEventGroup> SoftwareGroups { get; } =
    [
        new(TaskClock),
        new(ContextSwitches),
        new(CpuMigrations),
        new(PageFaults),
    ];

    /// <summary>Hardware then software groups: what the BenchmarkDotNet diagnoser opens.</summary>
    public static IReadOnlyList<PerfEventGroup> Default { get; } = [.. HardwareGroups, .. SoftwareGroups];

    private static PerfEvent Cache(string name, ulong cache, ulong result) =>
        new(name, PerfEventType.HardwareCache, cache | (OpRead << 8) | (result << 16));
}
