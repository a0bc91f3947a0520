namespace LabReport.Sections;

/// <summary>Every section of the report, in the order of the series (the prologue, then the engine: post 1 stands on it).</summary>
public static class PostSections
{
    /// <summary>The sections; a new post (the cache sweep) is one more entry.</summary>
    public static IReadOnlyList<IPostSection> All { get; } =
    [
        new HandRolledHarnessSection(),
        new EngineSection(),
        new WhyBenchmarksLieSection(),
        new EnemiesSection(),
        new CoordinatedOmissionSection(),
        new StatisticsSection(),
        new HardwareCountersSection(),
        new CacheSweepSection(),
    ];
}
