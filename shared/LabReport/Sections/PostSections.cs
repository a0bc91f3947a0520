namespace LabReport.Sections;

/// <summary>Every section of the report, in the order of the series (the engine first: post 1 stands on it).</summary>
public static class PostSections
{
    /// <summary>The sections; a new post (the prologue, the cache sweep) is one more entry.</summary>
    public static IReadOnlyList<IPostSection> All { get; } =
    [
        new EngineSection(),
        new WhyBenchmarksLieSection(),
        new EnemiesSection(),
        new CoordinatedOmissionSection(),
        new StatisticsSection(),
        new HardwareCountersSection(),
        new CacheSweepSection(),
    ];
}
