using System.Diagnostics;
using System.Globalization;
using MeasurementLab;

namespace HardwareCounters.Standalone;

/// <summary>Which loop the standalone runner spins.</summary>
public enum AccessMode
{
    /// <summary>AccessPatterns.SumSequential.</summary>
    Sequential,

    /// <summary>AccessPatterns.SumRandom.</summary>
    Random,
}

/// <summary>Parsed arguments of perf-sequential / perf-random.</summary>
/// <param name="Mode">Which loop.</param>
/// <param name="N">Elements.</param>
/// <param name="Seconds">Time budget of the measured loop (ignored when <paramref name="Passes"/> is set).</param>
/// <param name="Passes">Exact number of passes, or null for the time budget.</param>
/// <param name="ControlFifo">perf's control FIFO, when perf stat runs with --control.</param>
/// <param name="AckFifo">perf's acknowledgement FIFO.</param>
public sealed record StandaloneOptions(AccessMode Mode, int N, double Seconds, long? Passes, string? ControlFifo, string? AckFifo);

/// <summary>
/// The post's standalone runner: the same data and the same methods as the benchmark, without BenchmarkDotNet, so
/// <c>perf stat</c> and <c>perf record</c> see the hot loop and not a harness. Builds the data, warms the JIT up on a
/// small array (so the loop runs fully optimized), touches the real array once, then loops for a time budget.
/// Sequential therefore runs many more passes than random in the same time.
/// </summary>
public static class StandaloneRunner
{
    /// <summary>Default time budget of the measured loop.</summary>
    public const double DefaultSeconds = 5;

    /// <summary>Longest accepted budget.</summary>
    public const double MaxSeconds = 3600;

    /// <summary>Largest N: 2^28 elements is 2 GiB of long[] plus 1 GiB of int[].</summary>
    public const int MaxN = 1 << 28;

    /// <summary>Most passes --passes accepts.</summary>
    public const long MaxPasses = 100_000_000;

    /// <summary>Elements of the array the JIT warm-up loops over (small, so warm-up costs milliseconds).</summary>
    public const int WarmupN = 4096;

    /// <summary>How long the warm-up calls the methods: past the tiering delay, so the loop is promoted to tier 1.</summary>
    public static readonly TimeSpan WarmupDuration = TimeSpan.FromMilliseconds(500);

    /// <summary>perf-sequential.</summary>
    public static SubCommand SequentialCommand { get; } = Command(AccessMode.Sequential);

    /// <summary>perf-random.</summary>
    public static SubCommand RandomCommand { get; } = Command(AccessMode.Random);

    /// <summary>Name of the mode's sub-command.</summary>
    public static string CommandName(AccessMode mode) => mode == AccessMode.Sequential ? "perf-sequential" : "perf-random";

    /// <summary>Usage text.</summary>
    public static string Usage(AccessMode mode) => $"""
        Usage: dotnet run -c Release -- {CommandName(mode)} N [--seconds S | --passes P] [--perf-ctl FIFO --perf-ack FIFO]

        Runs AccessPatterns.{(mode == AccessMode.Sequential ? "SumSequential" : "SumRandom")} over N elements (seed {AccessData.Seed}) without BenchmarkDotNet,
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

    /// <summary>Runs the loop and prints the result line; returns the exit code.</summary>
    public static int Execute(StandaloneOptions options, TextWriter output)
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(output);
        string name = CommandName(options.Mode);
        output.WriteLine(Invariant($"# {name} N={options.N} pid={Environment.ProcessId}"));

        var build = Stopwatch.StartNew();
        var bench = Build(options.Mode, options.N, AccessData.Seed);
        output.WriteLine(Invariant($"data: built in {build.Elapsed.TotalMilliseconds:0} ms (seed {AccessData.Seed})"));

        WarmUp(options.Mode);
        long expected = Pass(bench, options.Mode); // touches every page once, outside the measured loop

        using var control = options.ControlFifo is null ? null : PerfControl.Open(options.ControlFifo, options.AckFifo!);
        control?.Enable();
        var timer = Stopwatch.StartNew();
        long passes = 0;
        var budget = TimeSpan.FromSeconds(options.Seconds);
        while (options.Passes is { } p ? passes < p : passes == 0 || timer.Elapsed < budget)
        {
            long sum = Pass(bench, options.Mode);
            if (sum != expected)
            {
                throw new InvalidOperationException($"Pass {passes} summed {sum}, expected {expected}.");
            }

            passes++;
        }

        timer.Stop();
        control?.Disable();

        double seconds = timer.Elapsed.TotalSeconds;
        double nsPerElement = seconds * 1e9 / (passes * (double)options.N);
        output.WriteLine(Invariant(
            $"result mode={options.Mode.ToString().ToLowerInvariant()} n={options.N} passes={passes} seconds={seconds:0.000} ns_per_element={nsPerElement:0.000} sum={expected}"));
        return 0;
    }

    /// <summary>The benchmark object with the post's data; the sequential runner skips the shuffle it does not use.</summary>
    internal static AccessPatterns Build(AccessMode mode, int n, int seed)
    {
        var bench = new AccessPatterns();
        if (mode == AccessMode.Sequential)
        {
            bench.UseData(AccessData.CreateValues(n, seed), []);
        }
        else
        {
            var (values, permutation) = AccessData.Create(n, seed);
            bench.UseData(values, permutation);
        }

        return bench;
    }

    // One call of the benchmark method; NoInlining keeps this frame (and the method's) visible in flame graphs.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private static long Pass(AccessPatterns bench, AccessMode mode) => mode == AccessMode.Sequential ? bench.SumSequential() : bench.SumRandom();

    // Tiered compilation promotes a method after ~30 calls once its 100 ms tiering delay has passed; calling it on a
    // small array for half a second gets the measured loop to tier 1 without spending seconds on the big array.
    private static void WarmUp(AccessMode mode)
    {
        var small = Build(mode, WarmupN, AccessData.Seed);
        var timer = Stopwatch.StartNew();
        long sink = 0;
        while (timer.Elapsed < WarmupDuration)
        {
            sink += Pass(small, mode);
        }

        GC.KeepAlive(sink);
    }

    private static SubCommand Command(AccessMode mode) => new(
        CommandName(mode),
        $"standalone {mode.ToString().ToLowerInvariant()} loop for perf stat / perf record (no BenchmarkDotNet)",
        args => Execute(Parse(mode, args), Console.Out),
        Usage(mode));

    private static string Invariant(FormattableString s) => s.ToString(CultureInfo.InvariantCulture);
}
