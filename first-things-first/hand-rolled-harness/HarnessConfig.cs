using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Exporters.Json;
using BenchmarkDotNet.Jobs;
using Perfolizer.Horology;

namespace HandRolledHarness;

/// <summary>
/// The BenchmarkDotNet side of the comparison: short iterations and a fixed iteration count so the full profile of
/// 26 cases fits in minutes (run-all's quick and smoke arguments change these counts), allocations, and the
/// full JSON report the <c>compare</c> mode reads.
/// </summary>
public sealed class HarnessConfig : ManualConfig
{
    public const int IterationMilliseconds = 100;
    public const int WarmupCount = 3;
    public const int IterationCount = 10;

    public HarnessConfig()
    {
        AddJob(Job.Default
            .WithIterationTime(TimeInterval.FromMilliseconds(IterationMilliseconds))
            .WithWarmupCount(WarmupCount)
            .WithIterationCount(IterationCount));
        AddDiagnoser(MemoryDiagnoser.Default);
        AddExporter(JsonExporter.Full);
    }
}
