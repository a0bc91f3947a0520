using MeasurementLab;

namespace HardwareCounters.Prediction;

/// <summary>The <c>predict</c> mode and the banner printed before a benchmark run.</summary>
internal static class PredictCommand
{
    public const string Name = "predict";

    public const string Usage = """
        Usage: dotnet run -c Release -- predict [--sizes N1,N2,...] [--sysfs DIR]

        Reads this machine's cache sizes and prints, for each N, where SumSequential's working set (long[], 8N bytes)
        and SumRandom's (long[] + int[], 12N bytes) should live, and between which sizes the Random/Sequential
        ratio should jump. The benchmark run prints the same prediction first and checks it at the end.

          --sizes LIST   comma-separated element counts (default: the post's 1000000,8000000,64000000)
          --sysfs DIR    read caches from DIR instead of /sys/devices/system/cpu (a copy from another machine)
        """;

    /// <summary>Largest N accepted by --sizes (12N bytes must stay meaningful; arrays are limited to 2^31 elements).</summary>
    public const int MaxN = int.MaxValue / 2;

    public static SubCommand Command { get; } = new(Name, "print where each size should land in the caches and where the ratio should jump", Run, Usage);

    public static int Run(string[] args)
    {
        var options = new OptionReader(args);
        string? sizesText = options.String("--sizes");
        string sysfs = options.String("--sysfs") ?? CacheTopology.SysfsCpuRoot;
        options.EnsureAllConsumed();
        var sizes = sizesText is null ? AccessPatterns.Sizes : ParseSizes(sizesText);
        if (!Directory.Exists(sysfs))
        {
            throw new UsageException($"--sysfs: directory '{sysfs}' does not exist.");
        }

        Console.Out.Write(Text(CacheTopology.Read(sysfs), sizes));
        return 0;
    }

    /// <summary>The banner text.</summary>
    public static string Text(CacheTopology caches, IEnumerable<int> sizes) =>
        "# AccessPatterns: prediction made before the run\n\n" + CachePredictor.Describe(CachePredictor.Predict(caches, sizes));

    /// <summary>Parses "1000000,8_000_000".</summary>
    public static IReadOnlyList<int> ParseSizes(string text)
    {
        var parts = text.Split(',', StringSplitOptions.TrimEntries);
        if (parts.Length == 0 || parts.Any(p => p.Length == 0))
        {
            throw new UsageException($"--sizes needs comma-separated element counts such as 1000000,8000000; got '{text}'.");
        }

        return parts.Select(p => (int)OptionReader.ParseInteger("--sizes", p, 1, MaxN)).ToList();
    }

    /// <summary>True when the arguments will run benchmarks (not a mode, not --list/--help/--info/--version).</summary>
    public static bool WillRunBenchmarks(string[] args, IEnumerable<SubCommand> modes) =>
        !(args.Length > 0 && modes.Any(m => m.Name == args[0])) &&
        !args.Any(a => a is "--list" or "--help" or "-h" or "-?" or "--version" or "--info" || a.StartsWith("--list=", StringComparison.Ordinal));
}
