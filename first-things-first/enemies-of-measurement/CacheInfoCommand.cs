using MeasurementLab.Caches;
using MeasurementLab;

namespace EnemiesOfMeasurement;

/// <summary>
/// The <c>cache-info</c> mode: this machine's caches and where each E4 table size should land. The same report is
/// printed before any run that includes E4, so the table it explains comes with it.
/// </summary>
public static class CacheInfoCommand
{
    /// <summary>The sub-command's name.</summary>
    public const string Name = "cache-info";

    public static readonly string Usage = $$"""
        Usage: dotnet run -c Release -- cache-info [--caches FILE] [--sysfs DIR] [--sweep MODE] [--max-mib N]

        Prints L1d/L2/L3 of this machine from the best source (sysfs when it agrees with a latency sweep, else the
        sweep; 'caches' shows every source) and, for each E4 TableSize, the estimated working set of a random lookup
        (bucket array + dictionary nodes) and of the whole table (plus rows and payloads), with the cache level each
        should land in.

        {{CacheSourceOptions.Help}}
        """;

    private static readonly string E4Name = typeof(E4_CacheState).FullName + "." + nameof(E4_CacheState.LookupRandom);

    /// <summary>The sub-command for the program's entry point.</summary>
    public static SubCommand Command { get; } = new(Name,
        "print L1/L2/L3 of this machine and where each E4 TableSize's working set lands",
        args => Run(args, Console.Out, Console.Error), Usage);

    /// <summary>Reads the caches and prints the report; a machine without sysfs cache information is a warning, not an error.</summary>
    public static int Run(string[] args, TextWriter output, TextWriter error)
    {
        ArgumentNullException.ThrowIfNull(output);
        ArgumentNullException.ThrowIfNull(error);
        var reader = new OptionReader(args);
        var options = CacheSourceOptions.Read(reader);
        reader.EnsureAllConsumed();
        var (sources, _) = options.Resolve();
        if (sources.Sysfs is null && options.File is null)
        {
            error.WriteLine($"warning: no cache information under {options.SysfsRoot}/cpu0/cache; using {sources.Used ?? "no source"}.");
        }

        output.WriteLine(Report(sources.Best));
        return 0;
    }

    /// <summary>E4's report: the machine's caches and, per TableSize, the estimated working set and its level.</summary>
    public static string Report(CacheTopology caches)
    {
        ArgumentNullException.ThrowIfNull(caches);
        var lines = new List<string>
        {
            $"// E4_CacheState on this machine: {caches} (from {caches.Source}; {caches.LastLevelInstances} last-level cache instance(s))",
        };
        foreach (int size in new[] { E4_CacheState.SmallTable, E4_CacheState.LargeTable })
        {
            lines.Add("//   " + new WorkingSetEstimate(size).Describe(caches));
        }

        lines.Add("//   (estimates from object layouts; LookupRandom touches only the lookup path, see README)");
        return string.Join(Environment.NewLine, lines);
    }

    /// <summary>The report, when the command line is about to run E4; otherwise nothing.</summary>
    public static string? BannerIfE4Runs(BenchmarkArguments arguments) => BannerIfE4Runs(arguments, CacheSources.ForThisRun);

    /// <summary>The report from the given sources (only read when E4 runs: a sweep takes seconds).</summary>
    public static string? BannerIfE4Runs(BenchmarkArguments arguments, Func<CacheSources> sources)
    {
        ArgumentNullException.ThrowIfNull(arguments);
        ArgumentNullException.ThrowIfNull(sources);
        return arguments.WillRun(E4Name) ? Report(sources().Best) : null;
    }
}
