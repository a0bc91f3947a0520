namespace LabStatistics.Tests;

/// <summary>Paths of the committed reports (see Fixtures/README.md for how each was produced).</summary>
public static class Fixtures
{
    public static string Root => Path.Combine(AppContext.BaseDirectory, "Fixtures");

    public static string Quick(string benchmarkClass) =>
        Path.Combine(Root, "quick-5-iterations", $"StatisticsThatMatter.{benchmarkClass}-report-full-annotated.json");

    public static string QuickPlainMicroVsMacro =>
        Path.Combine(Root, "quick-5-iterations", "StatisticsThatMatter.MicroVsMacro-report-full.json");

    public static string SmokeNoisyComparison =>
        Path.Combine(Root, "smoke", "StatisticsThatMatter.NoisyComparison-report-full-annotated.json");

    public static string BriefLike => Path.Combine(Root, "brief-like.json");

    public static string Malformed(string name) => Path.Combine(Root, "malformed", name);
}
