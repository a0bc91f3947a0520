using System.Globalization;
using MeasurementLab;

namespace HardwareCounters.Standalone;

/// <summary>
/// The <c>perf-sequential</c> and <c>perf-random</c> modes: usage and arguments. The loop itself is <see cref="StandaloneRunner"/>.
/// </summary>
public static class StandaloneCommand
{
    /// <summary>Default time budget of the measured loop.</summary>
    public const double DefaultSeconds = 5;

    /// <summary>Longest accepted budget.</summary>
    public const double MaxSeconds = 3600;

    /// <summary>Largest N: 2^28 elements is 2 GiB of long[] plus 1 GiB of int[].</summary>
    public const int MaxN = 1 << 28;

    /// <summary>Most passes --passes accepts.</summary>
    public const long MaxPasses = 100_000_000;

    /// <summary>perf-sequential.</summary>
    public static SubCommand SequentialCommand { get; } = Command(AccessMode.Sequential);

    /// <summary>perf-random.</summary>
    public static SubCommand RandomCommand { get; } = Command(AccessMode.Random);

    /// <summary>Name of the mode's sub-command.</summary>
    public static string CommandName(AccessMode mode) => mode == AccessMode.Sequential ? "perf-sequential" : "perf-random";

    public static string Usage(AccessMode mode) => $"""
        Usage: dotnet run -c Release -- {CommandName(mode)} N [--seconds S | --passes P] [--perf-ctl FIFO --perf-ack FIFO]

        Runs AccessPatterns.{(mode == AccessMode.Sequential ? "SumSequential" : "SumRandom")} over N elements (seed {LabSeed.Value}) without BenchmarkDotNet,
        for perf stat / perf record (see Scripts/perf-stat.sh and Scripts/flame-graph.sh).

          N                 elements, 1 to {MaxN} (underscores allowed: 8_000_000)
          --seconds S       time budget of the measured loop (default {DefaultSeconds}; sequential fits many more passes than random)
          --passes P        run exactly P passes instead (1 to {MaxPasses})
          --perf-ctl FIFO   perf stat's --control FIFO: counting is enabled only around the measured loop
          --perf-ack FIFO   perf stat's acknowledgement FIFO (required with --perf-ctl)

        Prints one 'result ...' line: mode, n, passes, seconds, ns_per_element, sum (the same for both modes).
        """;

    /// <summary>Parses and validates the arguments (UsageException with the reason on bad input).</summary>
    public static StandaloneOptions Parse(AccessMode mode, string[] args)
    {
        var reader = new OptionReader(args);
        string? secondsText = reader.String("--seconds");
        string? passesText = reader.String("--passes");
        string? control = reader.String("--perf-ctl");
        string? ack = reader.String("--perf-ack");
        reader.EnsureAllConsumed(maxPositionals: 1);
        var positionals = reader.Positionals;
        if (positionals.Count == 0)
        {
            throw new UsageException($"N is required: the number of elements, 1 to {MaxN}, e.g. {CommandName(mode)} 8000000.");
        }

        int n = (int)OptionReader.ParseInteger("N", positionals[0], 1, MaxN);
        if (secondsText is not null && passesText is not null)
        {
            throw new UsageException("Give either --seconds or --passes, not both.");
        }

        double seconds = DefaultSeconds;
        if (secondsText is not null)
        {
            if (!double.TryParse(secondsText, NumberStyles.Float, CultureInfo.InvariantCulture, out seconds) || !double.IsFinite(seconds) || seconds <= 0 || seconds > MaxSeconds)
            {
                throw new UsageException($"--seconds must be a number greater than 0 and at most {MaxSeconds}; got '{secondsText}'.");
            }
        }

        long? passes = passesText is null ? null : OptionReader.ParseInteger("--passes", passesText, 1, MaxPasses);
        if ((control is null) != (ack is null))
        {
            throw new UsageException("--perf-ctl and --perf-ack go together (perf stat --control fd:CTL,ACK).");
        }

        return new StandaloneOptions(mode, n, seconds, passes, control, ack);
    }

    private static SubCommand Command(AccessMode mode) => new(
        CommandName(mode),
        $"standalone {mode.ToString().ToLowerInvariant()} loop for perf stat / perf record (no BenchmarkDotNet)",
        args => StandaloneRunner.Execute(Parse(mode, args), Console.Out),
        Usage(mode));
}
