using MeasurementLab.Caches;
using MeasurementLab;

namespace HardwareCounters.Prediction;

/// <summary>The <c>predict</c> mode and the banner printed before a benchmark run.</summary>
internal static class PredictCommand
{
    public const string Name = "predict";

    public static readonly string Usage = $$"""
        Usage: dotnet run -c Release -- predict [--sizes N1,N2,...] [--caches FILE] [--sysfs DIR] [--sweep MODE] [--max-mib N]

        Reads this machine's cache sizes from the best source (sysfs when it agrees with a latency sweep, else the
        sweep; 'caches' shows every source) and prints, for each N, where SumSequential's working set (long[], 8N
        bytes) and SumRandom's (long[] + int[], 12N bytes) should live, and between which sizes the
        Random/Sequential ratio should jump. The benchmark run prints the same prediction first and checks it at the end.

          --sizes LIST       comma-separated element counts (default: the post's 1000000,8000000,64000000)
        {{CacheSourceOptions.Help}}
        """;

    /// <summary>Largest N accepted by --sizes (12N bytes must stay meaningful; arrays are limited to 2^31 elements).</summary>
    public const int MaxN = int.MaxValue / 2;

    public static SubCommand Command { get; } = new(Name, "print where each size should land in the caches and where the ratio should jump", args => Run(args, Console.Out), Usage);

    public static int Run(string[] args, TextWriter output)
    {
        ArgumentNullException.ThrowIfNull(output);
        var options = new OptionReader(args);
        var sizes = options.IntegerList("--sizes", AccessPatterns.Sizes, 1, MaxN);
        var sources = CacheSourceOptions.Read(options);
        options.EnsureAllConsumed();
        output.Write(Text(sources.Resolve().Sources.Best, sizes));
        return 0;
    }

    /// <summary>The prediction, printed before a benchmark run so it is on record before any number exists.</summary>
    public static string? Banner(BenchmarkArguments arguments) => Banner(arguments, CacheSources.ForThisRun);

    /// <summary>The banner from the given sources (read only when AccessPatterns runs: a sweep takes seconds).</summary>
    public static string? Banner(BenchmarkArguments arguments, Func<CacheSources> sources)
    {
        ArgumentNullException.ThrowIfNull(arguments);
        ArgumentNullException.ThrowIfNull(sources);
        return arguments.WillRun(typeof(AccessPatterns).FullName + "." + nameof(AccessPatterns.SumRandom))
            ? Text(sources().Best, AccessPatterns.Sizes)
            : null;
    }

    public static string Text(CacheTopology caches, IEnumerable<int> sizes) =>
        "# AccessPatterns: prediction made before the run\n\n" + CachePredictor.Describe(CachePredictor.Predict(caches, sizes));
}
