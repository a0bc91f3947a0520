using System.Diagnostics;
using System.Globalization;
using MeasurementLab;

namespace HardwareCounters.Standalone;

/// <summary>
/// The post's standalone runner: the same data and the same methods as the benchmark, without BenchmarkDotNet, so
/// <c>perf stat</c> and <c>perf record</c> see the hot loop and not a harness. Builds the data, warms the JIT up on a
/// small array (so the loop runs fully optimized), touches the real array once, then loops for a time budget.
/// Sequential therefore runs many more passes than random in the same time.
/// </summary>
public static class StandaloneRunner
{
    /// <summary>Elements of the array the JIT warm-up loops over (small, so warm-up costs milliseconds).</summary>
    public const int WarmupN = 4096;

    /// <summary>How long the warm-up calls the methods: past the tiering delay, so the loop is promoted to tier 1.</summary>
    public static readonly TimeSpan WarmupDuration = TimeSpan.FromMilliseconds(500);

    /// <summary>Runs the loop and prints the result line; returns the exit code.</summary>
    public static int Execute(StandaloneOptions options, TextWriter output)
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(output);
        string name = StandaloneCommand.CommandName(options.Mode);
        output.WriteLine(Invariant($"# {name} N={options.N} pid={Environment.ProcessId}"));

        var build = Stopwatch.StartNew();
        var bench = Build(options.Mode, options.N, LabSeed.Value);
        output.WriteLine(Invariant($"data: built in {build.Elapsed.TotalMilliseconds:0} ms (seed {LabSeed.Value})"));

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
        var small = Build(mode, WarmupN, LabSeed.Value);
        var timer = Stopwatch.StartNew();
        long sink = 0;
        while (timer.Elapsed < WarmupDuration)
        {
            sink += Pass(small, mode);
        }

        GC.KeepAlive(sink);
    }

    private static string Invariant(FormattableString s) => s.ToString(CultureInfo.InvariantCulture);
}
