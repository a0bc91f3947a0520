using BenchmarkDotNet.Configs;
using EnemiesOfMeasurement.Defense;
using EnemiesOfMeasurement.Reporting;
using MeasurementLab;

namespace EnemiesOfMeasurement.CommandLine;

/// <summary>
/// The post's program: BenchmarkDotNet for the six enemies (defences down), plus two modes:
/// <c>defended</c> (the same six under <see cref="EnemyDefenseConfig"/>, results in their own folder) and
/// <c>cache-info</c> (this machine's caches and where each E4 table size lands).
/// </summary>
public static class EnemiesProgram
{
    /// <summary>Where the defended run writes its artifacts unless --artifacts says otherwise.</summary>
    public const string DefendedArtifactsPath = "BenchmarkDotNet.Artifacts/defended";

    /// <summary>Sub-command that runs the enemies under <see cref="EnemyDefenseConfig"/>.</summary>
    public const string DefendedCommand = "defended";

    /// <summary>Sub-command that prints E4's cache report.</summary>
    public const string CacheInfoCommand = "cache-info";

    private static readonly string E4FilterName = typeof(E4_CacheState).FullName + "." + nameof(E4_CacheState.LookupRandom);

    /// <summary>Entry point; returns the exit code (0 ok, 1 benchmark failure, 2 usage).</summary>
    public static int Run(string[] args)
    {
        ArgumentNullException.ThrowIfNull(args);
        var defended = new SubCommand(
            DefendedCommand,
            "the six enemies under EnemyDefenseConfig (the post's reference defences)",
            RunDefended,
            DefendedUsage);
        var cacheInfo = new SubCommand(
            CacheInfoCommand,
            "print L1/L2/L3 of this machine and where each E4 TableSize's working set lands",
            CacheInfo,
            CacheInfoUsage);

        if (args.Length == 0 || args[0] is not (DefendedCommand or CacheInfoCommand))
        {
            PrintCacheReportIfE4Runs(args);
        }

        return LabEntryPoint.Run(args, typeof(EnemiesProgram).Assembly, config: null, defended, cacheInfo);
    }

    /// <summary>E4's report: the machine's caches and, per TableSize, the estimated working set and its level.</summary>
    public static string CacheReport(CacheTopology caches)
    {
        ArgumentNullException.ThrowIfNull(caches);
        var lines = new List<string>
        {
            $"// E4_CacheState on this machine: {caches} ({caches.LastLevelInstances} last-level cache instance(s))",
        };
        foreach (int size in new[] { E4_CacheState.SmallTable, E4_CacheState.LargeTable })
        {
            lines.Add("//   " + new WorkingSetEstimate(size).Describe(caches));
        }

        lines.Add("//   (estimates from object layouts; LookupRandom touches only the lookup path, see README)");
        return string.Join(Environment.NewLine, lines);
    }

    private static void PrintCacheReportIfE4Runs(string[] args)
    {
        if (BenchmarkSelection.WillRun(args, E4FilterName))
        {
            Console.Out.WriteLine(CacheReport(CacheTopology.Read()));
        }
    }

    private static int RunDefended(string[] args)
    {
        PrintCacheReportIfE4Runs(args);
        var defense = new EnemyDefenseConfig();
        Console.Out.WriteLine($"// defended run: EnemyDefenseConfig, affinity CPUs {DefenseAffinity.Describe(defense.Affinity.ToInt64())}");
        IConfig config = ManualConfig.Union(DefaultConfig.Instance, defense);
        if (!args.Any(a => a == "--artifacts" || a.StartsWith("--artifacts=", StringComparison.Ordinal)))
        {
            config = config.WithArtifactsPath(Path.GetFullPath(DefendedArtifactsPath));
        }

        return LabEntryPoint.Run(args, typeof(EnemiesProgram).Assembly, config);
    }

    private static int CacheInfo(string[] args)
    {
        var reader = new OptionReader(args);
        string? root = reader.String("--sysfs", CacheTopology.SysfsCpuRoot);
        reader.EnsureAllConsumed();
        var caches = CacheTopology.Read(root!);
        if (!caches.IsKnown)
        {
            Console.Error.WriteLine($"warning: no cache information under {root}/cpu0/cache; levels are unknown.");
        }

        Console.Out.WriteLine(CacheReport(caches));
        return 0;
    }

    private const string DefendedUsage = """
        Usage: dotnet run -c Release -- defended [BenchmarkDotNet options]

        Runs the enemies (all six unless --filter narrows them) under EnemyDefenseConfig: warmup 3, server GC,
        GcForce, 15-100 iterations, affinity to the lowest two CPUs this process may use, MemoryDiagnoser,
        DisassemblyDiagnoser (depth 3) and a StdDev column. Results go to BenchmarkDotNet.Artifacts/defended/results
        (unless --artifacts DIR is given), so they sit next to the defenceless run in BenchmarkDotNet.Artifacts/results.

        Examples:
          dotnet run -c Release -- defended
          dotnet run -c Release -- defended --filter '*E2*'
        """;

    private const string CacheInfoUsage = """
        Usage: dotnet run -c Release -- cache-info [--sysfs DIR]

        Prints L1d/L2/L3 of CPU 0 (from sysfs) and, for each E4 TableSize, the estimated working set of a random
        lookup (bucket array + dictionary nodes) and of the whole table (plus rows and payloads), with the cache
        level each should land in.

          --sysfs DIR   CPU directory to read (default /sys/devices/system/cpu)
        """;
}
