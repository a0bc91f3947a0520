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
public class HarnessConfig : ManualConfig
{
    public const int IterationMilliseconds = 100;
    public const int WarmupCount = 3;
    public const int IterationCount = 10;

    public HarnessConfig() : this(Job.Default)
    {
    }

    protected HarnessConfig(Job baseJob)
    {
        AddJob(baseJob
            .WithIterationTime(TimeInterval.FromMilliseconds(IterationMilliseconds))
            .WithWarmupCount(WarmupCount)
            .WithIterationCount(IterationCount));
        AddDiagnoser(MemoryDiagnoser.Default);
        AddExporter(JsonExporter.Full);
    }
}

/// <summary>
/// <see cref="HarnessConfig"/> with the tiered JIT off, for benchmarks that need <c>[IterationSetup]</c>. That forces
/// one invocation per iteration, and a JIT trace of such a job (<c>DOTNET_JitDisasmSummary</c>) shows that its
/// process ends before the tiered JIT promotes any method: BenchmarkDotNet timed the sorts as instrumented tier-0 and
/// on-stack-replacement code, 1.4–3× slower than the optimized code Mark8's long sweep times. With
/// <c>DOTNET_TieredCompilation=0</c> every method is compiled fully optimized at its first call. That is not the
/// tier-1 code with dynamic PGO a long-running program ends with, and the summary table says so in its job column.
/// </summary>
public sealed class FullyOptimizedHarnessConfig : HarnessConfig
{
    public const string TieredCompilationVariable = "DOTNET_TieredCompilation";

    public FullyOptimizedHarnessConfig()
        : base(Job.Default.WithEnvironmentVariable(TieredCompilationVariable, "0").WithId("FullOpts"))
    {
    }
}
