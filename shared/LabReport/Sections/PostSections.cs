using CoordinatedOmission.Claims;
using EnemiesOfMeasurement.Claims;
using HandRolledHarness.Claims;
using HardwareCounters.Claims;
using StatisticsThatMatter.Claims;
using StorageEngine.Benchmarks.Claims;
using WhyBenchmarksLie.Claims;

namespace LabReport.Sections;

/// <summary>
/// Every section of the report, in the order of the series (the prologue, then the engine: post 1 stands on it). A
/// post's section lives in its own folder (first-things-first/&lt;post&gt;/Claims/), beside its claims.json.
/// </summary>
public static class PostSections
{
    /// <summary>The sections; a new post is one more entry.</summary>
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
