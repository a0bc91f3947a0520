using BenchmarkDotNet.Configs;
using MeasurementLab;

namespace EnemiesOfMeasurement;

/// <summary>
/// The <c>defended</c> mode: the same six enemies under <see cref="EnemyDefenseConfig"/>, their results in a folder of
/// their own so they sit next to the defenceless run instead of overwriting it.
/// </summary>
public static class DefendedCommand
{
    /// <summary>The sub-command's name.</summary>
    public const string Name = "defended";

    /// <summary>Where the defended run writes its artifacts unless --artifacts says otherwise.</summary>
    public const string ArtifactsPath = "BenchmarkDotNet.Artifacts/defended";

    public const string Usage = """
        Usage: dotnet run -c Release -- defended [BenchmarkDotNet options]

        Runs the enemies (all six unless --filter narrows them) under EnemyDefenseConfig: warmup 3, server GC,
        GcForce, 15-100 iterations, affinity to the lowest two CPUs this process may use, MemoryDiagnoser,
        DisassemblyDiagnoser (depth 3) and a StdDev column. Results go to BenchmarkDotNet.Artifacts/defended/results
        (unless --artifacts DIR is given), so they sit next to the defenceless run in BenchmarkDotNet.Artifacts/results.

        Examples:
          dotnet run -c Release -- defended
          dotnet run -c Release -- defended --filter '*E2*'
        """;

    /// <summary>The sub-command for the program's entry point.</summary>
    public static SubCommand Command { get; } = new(Name,
        "the six enemies under EnemyDefenseConfig (the post's reference defences)", Run, Usage);

    /// <summary>Checks the arguments as any benchmark run, then runs the enemies with the defences up.</summary>
    public static int Run(string[] args)
    {
        ArgumentNullException.ThrowIfNull(args);
        var defense = new EnemyDefenseConfig();
        IConfig config = ManualConfig.Union(DefaultConfig.Instance, defense);
        if (!args.Any(a => a == "--artifacts" || a.StartsWith("--artifacts=", StringComparison.Ordinal)))
        {
            config = config.WithArtifactsPath(Path.GetFullPath(ArtifactsPath));
        }

        string affinity = $"// defended run: EnemyDefenseConfig, affinity CPUs {DefenseAffinity.Describe(defense.Affinity.ToInt64())}";
        var program = new LabProgram(typeof(DefendedCommand).Assembly, [])
        {
            Config = config,
            Banner = arguments => CacheInfoCommand.BannerIfE4Runs(arguments) is { } caches ? caches + Environment.NewLine + affinity : affinity,
        };
        return LabEntryPoint.RunBenchmarks(args, program, Console.Out, Console.Error);
    }
}
