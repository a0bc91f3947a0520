using System.Globalization;
using System.Text;

namespace MeasurementLab.Caches;

/// <summary>
/// The shared <c>caches</c> mode of post 2 and post 5: sysfs, CPUID and the latency sweep side by side, the
/// disagreements flagged, and which source the lab uses. Markdown by default, the JSON with --json;
/// --write DIR keeps caches.md, caches.json and the curve (cache-sweep.csv) for the run folder and its chart.
/// </summary>
public static class CachesCommand
{
    /// <summary>The sub-command's name.</summary>
    public const string Name = "caches";

    /// <summary>File names --write uses (the lab report reads them).</summary>
    public const string MarkdownFile = "caches.md";

    /// <summary>The sources as JSON.</summary>
    public const string JsonFile = "caches.json";

    /// <summary>The sweep's curve.</summary>
    public const string CurveFile = "cache-sweep.csv";

    /// <summary>The curve's header.</summary>
    public const string CurveHeader = "bytes,ns_per_load,min_ns,max_ns";

    /// <summary>Exit code when Ctrl-C stopped the sweep.</summary>
    public const int InterruptedExitCode = 130;

    /// <summary>The --help text.</summary>
    public static readonly string Usage = $$"""
        Usage: dotnet run -c Release -- caches [--json] [--write DIR] [--caches FILE] [--sysfs DIR] [--sweep MODE] [--max-mib N]

        This machine's caches from every source side by side: sysfs, CPUID (leaf 4 / 0x8000001D, or AMD's
        0x80000005/6) and a pointer-chasing latency sweep (a random single-cycle permutation of 64-byte lines, pages
        touched first, one pinned thread, 4 KiB to 4x the largest claimed cache or 1 GiB in steps of 2^(1/4)), whose
        steps give the measured L1d/L2/L3 and each level's latency. Sizes more than 2x apart are flagged; the
        prediction and E4 use sysfs when it agrees with the measurement, else the measurement.

          --json             print {"sources": {"sysfs", "cpuid", "measured"}, "used"} instead of the table
          --write DIR        also write {{MarkdownFile}}, {{JsonFile}} and {{CurveFile}} (the curve) into DIR (must exist)
        {{CacheSourceOptions.Help}}
        """;

    /// <summary>The sub-command for a program's entry point.</summary>
    public static SubCommand Command { get; } = new(Name,
        "caches from sysfs, CPUID and a latency sweep side by side, and the one the lab uses",
        args => Run(args, Console.Out, Console.Error), Usage);

    /// <summary>Runs the mode; Ctrl-C stops the sweep between two sizes (exit 130).</summary>
    public static int Run(string[] args, TextWriter output, TextWriter error)
    {
        ArgumentNullException.ThrowIfNull(output);
        ArgumentNullException.ThrowIfNull(error);
        var reader = new OptionReader(args);
        bool json = reader.Flag("--json");
        string? write = reader.String("--write");
        var options = CacheSourceOptions.Read(reader);
        reader.EnsureAllConsumed();
        if (write is not null && !Directory.Exists(write))
        {
            throw new UsageException($"Option --write: directory '{write}' does not exist.");
        }

        using var cancel = new CancellationTokenSource();
        ConsoleCancelEventHandler stop = (_, e) =>
        {
            e.Cancel = true; // let the sweep stop between two sizes and the process exit normally
            cancel.Cancel();
        };
        Console.CancelKeyPress += stop;
        try
        {
            if (options.File is null && options.Settings is not null)
            {
                error.WriteLine($"caches: measuring the latency sweep ({options.Sweep}); Ctrl-C stops it");
            }

            var (sources, sweep) = options.Resolve(null, cancel.Token);
            string markdown = Markdown(sources, sweep);
            output.Write(json ? CacheSourcesJson.Write(sources) + Environment.NewLine : markdown);
            if (write is not null)
            {
                File.WriteAllText(Path.Combine(write, MarkdownFile), markdown);
                File.WriteAllText(Path.Combine(write, JsonFile), CacheSourcesJson.Write(sources) + "\n");
                if (sweep is not null)
                {
                    File.WriteAllText(Path.Combine(write, CurveFile), Curve(sweep));
                }
            }

            return 0;
        }
        catch (OperationCanceledException)
        {
            error.WriteLine("caches: interrupted; nothing written");
            return InterruptedExitCode;
        }
        finally
        {
            Console.CancelKeyPress -= stop;
        }
    }

    /// <summary>The report: the sources table, how the sweep ran, and its plateaus.</summary>
    public static string Markdown(CacheSources sources, SweepResult? sweep)
    {
        ArgumentNullException.ThrowIfNull(sources);
        var text = new StringBuilder("# Caches: every source side by side\n\n");
        text.Append(CacheSourcesTable.Markdown(sources));
        if (sweep is not null)
        {
            text.AppendLine();
            text.AppendLine(string.Create(CultureInfo.InvariantCulture,
                $"Sweep: {sweep.Mode}, {sweep.Repeats} repeat(s), {sweep.Points.Count} working sets from {CacheTopology.FormatBytes(sweep.Points[0].Bytes)} to {CacheTopology.FormatBytes(sweep.Points[^1].Bytes)}, " +
                $"{(sweep.PinnedCpu is { } cpu ? $"pinned to CPU {cpu}" : "not pinned (no affinity on this platform)")}, 4 KiB pages. A step climbs at least 1.5x within half a doubling (1.8x within a doubling where no sharper step is), twice as steeply as the curve's median slope; a level's size is the last working set of its step still below the geometric mean of the step's two ends."));
        }

        if (sources.Measured is { Plateaus.Count: > 0 } measured)
        {
            text.AppendLine();
            var table = new MarkdownTable("plateau", "working sets", "median latency");
            for (int i = 0; i < measured.Plateaus.Count; i++)
            {
                var p = measured.Plateaus[i];
                string name = i == measured.Plateaus.Count - 1 ? "DRAM (last)" : i < CacheSizes.LevelNames.Count ? CacheSizes.LevelNames[i] : $"step {i + 1} (past L3: TLB reach?)";
                table.Row(name, $"{CacheTopology.FormatBytes(p.FromBytes)} - {CacheTopology.FormatBytes(p.ToBytes)}", p.Nanoseconds.ToString("0.0 'ns'", CultureInfo.InvariantCulture));
            }

            text.Append(table);
        }
        else if (sources.Measured is not null && !sources.Measured.Detected)
        {
            text.AppendLine();
            text.AppendLine("The curve shows no clear steps: the measured sizes are not detected (nothing guessed).");
        }

        return text.ToString();
    }

    /// <summary>Reads a curve written by <see cref="Curve"/> (to detect the levels of a recorded sweep again).</summary>
    /// <exception cref="FormatException">Not a cache-sweep.csv.</exception>
    public static IReadOnlyList<SweepPoint> ReadCurve(string csv)
    {
        ArgumentNullException.ThrowIfNull(csv);
        var lines = csv.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        if (lines.Length == 0 || lines[0] != CurveHeader)
        {
            throw new FormatException($"A cache sweep curve starts with the header '{CurveHeader}'.");
        }

        return [.. lines.Skip(1).Select(line => line.Split(',')).Select(f => f.Length == 4
            ? new SweepPoint(long.Parse(f[0], CultureInfo.InvariantCulture), Parse(f[1]), Parse(f[2]), Parse(f[3]))
            : throw new FormatException($"Expected 4 fields per line of a cache sweep curve; got '{string.Join(',', f)}'."))];

        static double Parse(string s) => double.Parse(s, NumberStyles.Float, CultureInfo.InvariantCulture);
    }

    /// <summary>The curve as CSV: working set in bytes, median ns per load, fastest and slowest sample.</summary>
    public static string Curve(SweepResult sweep)
    {
        ArgumentNullException.ThrowIfNull(sweep);
        var text = new StringBuilder(CurveHeader).Append('\n');
        foreach (var p in sweep.Points)
        {
            text.Append(string.Create(CultureInfo.InvariantCulture, $"{p.Bytes},{p.Nanoseconds:0.###},{p.MinNanoseconds:0.###},{p.MaxNanoseconds:0.###}\n"));
        }

        return text.ToString();
    }
}
