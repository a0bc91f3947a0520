using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Jobs;

namespace EnemiesOfMeasurement;

/// <summary>
/// The post's reference defences, opt-in: the enemy classes deliberately do not use it (their defences are down so
/// the enemies show). Run the six under it with <c>dotnet run -c Release -- defended</c>, or put
/// <c>[Config(typeof(EnemyDefenseConfig))]</c> on a class of your own.
/// It can only answer enemies 1-3 (the process); 4-6 are data design, no setting reshuffles your data.
/// </summary>
public sealed class EnemyDefenseConfig : ManualConfig
{
    /// <summary>E1: fixed warmup so tiered code reaches Tier-1 before measurement.</summary>
    public const int WarmupCount = 3;

    /// <summary>E3: at least this many measured iterations to average out scheduler noise.</summary>
    public const int MinIterationCount = 15;

    /// <summary>E3: room for BenchmarkDotNet to keep iterating while the noise is high.</summary>
    public const int MaxIterationCount = 100;

    /// <summary>E1/E6: how deep the disassembler follows calls.</summary>
    public const int DisassemblyMaxDepth = 3;

    /// <summary>Id of the job, shown in the summary's Job column.</summary>
    public const string JobId = "Defended";

    /// <summary>The defences with the affinity mask of this machine (<see cref="DefenseAffinity.ForThisMachine"/>).</summary>
    public EnemyDefenseConfig()
        : this(DefenseAffinity.ForThisMachine())
    {
    }

    /// <summary>The defences with an explicit CPU mask.</summary>
    public EnemyDefenseConfig(IntPtr affinity)
    {
        Affinity = affinity;
        AddJob(Job.Default
            .WithWarmupCount(WarmupCount)              // E1: Tier-1 code before measurement
            .WithGcServer(true)                        // E2: server GC, fewer and larger collections
            .WithGcForce(true)                         // E2: a full collection between iterations, not inside them
            .WithMinIterationCount(MinIterationCount)  // E3: average out scheduler noise
            .WithMaxIterationCount(MaxIterationCount)  // E3: let BenchmarkDotNet adapt while noise lasts
            .WithAffinity(affinity)                    // E3: stay on the same CPUs (taskset inside the process)
            .WithId(JobId));

        AddDiagnoser(MemoryDiagnoser.Default);         // E2: allocation pressure next to the time
        AddDiagnoser(new DisassemblyDiagnoser(new DisassemblyDiagnoserConfig(maxDepth: DisassemblyMaxDepth))); // E1, E6
        AddColumn(StatisticColumn.StdDev);             // E3: the noise, visible
    }

    /// <summary>The CPU mask the job pins to.</summary>
    public IntPtr Affinity { get; }
}
