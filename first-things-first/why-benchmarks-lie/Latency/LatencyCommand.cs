using MeasurementLab;
using StorageEngine;

namespace WhyBenchmarksLie.Latency;

/// <summary>
/// The <c>latency</c> mode, "throughput without latency is half the story": the Realistic workload with every insert's
/// latency and its commit latency in HdrHistogram, then Little's law. The table goes to standard output, progress to
/// standard error.
/// </summary>
public static class LatencyCommand
{
    /// <summary>The sub-command's name.</summary>
    public const string Name = "latency";

    /// <summary>Default recorded batches per combination.</summary>
    public const int DefaultBatches = 10;

    /// <summary>Default warmup batches per combination.</summary>
    public const int DefaultWarmupBatches = 2;

    public static readonly string Usage = $"""
        Usage: dotnet run -c Release -- latency [options]

        Runs the Realistic workload (N = {Scenario.N:N0} random-key inserts of Row.Generate rows per batch, WAL on a real
        filesystem, group commit) and records, with HdrHistogram, each insert's latency and its commit latency
        (Insert start -> end of the FlushWAL that made it durable). Prints p50/p99/p99.9/max and Little's law;
        progress goes to standard error.

        Options:
          --backend lock|striped|both   backends to run (default: both)
          --threads LIST                comma-separated thread counts dividing {Scenario.N:N0} (default: {string.Join(",", Scenario.PostThreadCounts)})
          --batches N                   recorded batches per combination, 1..1000 (default: {DefaultBatches})
          --warmup N                    unrecorded warmup batches, 0..100 (default: {DefaultWarmupBatches})
          --flush-every K               0 = one FlushWAL per batch after all threads finish, as in the post;
                                        K > 0 = each thread calls FlushWAL after every K of its inserts (default: 0)
          --output DIR                  also write each distribution as .hgrm and a summary.md into DIR
                                        (created if missing; checked before the run)
          -h, --help                    this text
        """;

    /// <summary>The sub-command for the program's entry point.</summary>
    public static SubCommand Command { get; } = new(Name,
        "Realistic workload with per-insert and commit latency (HdrHistogram) and Little's law",
        args => Run(args, Console.Out, Console.Error), Usage);

    /// <summary>Parses the mode's arguments.</summary>
    /// <exception cref="UsageException">An argument is invalid.</exception>
    public static LatencySettings Parse(string[] args)
    {
        var options = new OptionReader(args);
        string backend = options.String("--backend", "both")!;
        Backend[] backends = backend switch
        {
            "lock" => [Backend.Lock],
            "striped" => [Backend.Striped],
            "both" => [Backend.Lock, Backend.Striped],
            _ => throw new UsageException($"Option --backend must be lock, striped or both; got '{backend}'."),
        };

        var threads = options.IntegerList("--threads", Scenario.PostThreadCounts, 1, 1024, t => Scenario.OpsPerThread(t));
        int batches = (int)options.Integer("--batches", DefaultBatches, 1, 1000);
        int warmup = (int)options.Integer("--warmup", DefaultWarmupBatches, 0, 100);
        int flushEvery = (int)options.Integer("--flush-every", 0, 0, Scenario.N);
        string? output = options.String("--output");
        options.EnsureAllConsumed();
        return new LatencySettings(backends, threads, warmup, batches, flushEvery, output);
    }

    /// <summary>Parses, checks the output directory, then runs the post's workload.</summary>
    public static int Run(string[] args, TextWriter output, TextWriter progress)
    {
        var settings = Parse(args);
        string? directory = settings.OutputDirectory is { } requested ? OutputDirectory.Prepare(requested, "--output") : null;
        var keys = Scenario.UniformKeys();
        return Execute(settings with { OutputDirectory = directory }, keys, Scenario.RowsFor(keys), output, progress);
    }

    /// <summary>Measures every combination on the given workload, prints the report, writes the files; progress on <paramref name="progress"/>.</summary>
    public static int Execute(LatencySettings settings, int[] keys, Row[] rows, TextWriter output, TextWriter progress)
    {
        ArgumentNullException.ThrowIfNull(settings);
        ArgumentNullException.ThrowIfNull(output);
        ArgumentNullException.ThrowIfNull(progress);
        var reporter = new ProgressReporter(progress, Name, settings.TotalBatches);
        reporter.Announce(FormattableString.Invariant(
            $"{settings.Combinations.Count} combinations x ({settings.WarmupBatches} warmup + {settings.Batches} recorded) batches of {keys.Length:N0} inserts, ") +
            (settings.FlushEvery == 0 ? "one FlushWAL per batch (the post's group commit)" : FormattableString.Invariant($"each thread flushes every {settings.FlushEvery:N0} inserts")));
        var results = new List<LatencyResult>();
        int batchesDone = 0;
        foreach (var (backend, threads) in settings.Combinations)
        {
            reporter.Announce($"{backend}, {threads} threads");
            int batch = 0;
            var result = LatencyRun.Measure(backend, threads, keys, rows, settings, () =>
            {
                batchesDone++;
                batch++;
                reporter.Report(batchesDone, $"{backend}, {threads} threads, batch {batch}/{settings.WarmupBatches + settings.Batches}");
            });
            results.Add(result);
            reporter.Report(batchesDone, $"{backend}, {threads} threads done, WAL on {result.FileSystem}", force: true);
        }

        string report = LatencyReport.Format(results, settings);
        output.Write(report);
        if (settings.OutputDirectory is { } directory)
        {
            LatencyReport.WriteFiles(directory, results, report);
            reporter.Announce($"distributions (.hgrm, milliseconds) and {LatencyReport.SummaryFile} written to {directory}");
        }

        reporter.Finish("done");
        return 0;
    }
}
