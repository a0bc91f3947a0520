using System.Diagnostics;
using System.Globalization;
using System.Text;
using MeasurementLab;
using StorageEngine;
using StorageEngine.IO;

namespace WhyBenchmarksLie;

/// <summary>Settings of a latency run.</summary>
/// <param name="Backends">Backends to run.</param>
/// <param name="ThreadCounts">Thread counts to run (each must divide <see cref="Scenario.N"/>).</param>
/// <param name="WarmupBatches">Batches run before recording (JIT, table growth, page cache).</param>
/// <param name="Batches">Recorded batches of N inserts each.</param>
/// <param name="FlushEvery">0: one FlushWAL per batch after all threads finish (the post's Realistic). K &gt; 0: each thread flushes after every K of its inserts (group commit across threads).</param>
/// <param name="OutputDirectory">Where to write .hgrm distributions and the summary, or null.</param>
public sealed record LatencySettings(
    IReadOnlyList<Backend> Backends,
    IReadOnlyList<int> ThreadCounts,
    int WarmupBatches,
    int Batches,
    int FlushEvery,
    string? OutputDirectory);

/// <summary>What one backend × thread count measured.</summary>
/// <param name="Backend">Backend.</param>
/// <param name="Threads">Threads.</param>
/// <param name="Inserts">Recorded inserts.</param>
/// <param name="Elapsed">Wall time of the recorded batches, flushes included.</param>
/// <param name="Insert">Time inside Insert, per insert.</param>
/// <param name="Commit">From the start of Insert to the end of the FlushWAL that made it durable.</param>
/// <param name="FileSystem">Filesystem of the WAL.</param>
public sealed record LatencyResult(Backend Backend, int Threads, long Inserts, TimeSpan Elapsed,
    LatencyRecorder Insert, LatencyRecorder Commit, string FileSystem)
{
    /// <summary>Throughput λ in inserts per second.</summary>
    public double Throughput => Inserts / Elapsed.TotalSeconds;

    /// <summary>Little's law L = λ × W with W the mean commit latency: inserts accepted but not yet durable, on average.</summary>
    public double InFlightUntilDurable => Throughput * Commit.Mean.TotalSeconds;

    /// <summary>Little's law with W the mean time inside Insert: threads inside Insert, on average.</summary>
    public double InFlightInsideInsert => Throughput * Insert.Mean.TotalSeconds;
}

/// <summary>
/// "Throughput without latency is half the story": the Realistic workload (random keys, Row.Generate rows, WAL,
/// group commit) run outside BenchmarkDotNet, recording every insert's latency and its commit latency with
/// HdrHistogram, then Little's law. The clock reads (two Stopwatch timestamps per insert) add tens of ns to
/// each insert; the throughput here is therefore a little lower than the benchmark's.
/// </summary>
public static class RealisticLatency
{
    /// <summary>Usage text of the "latency" mode.</summary>
    public const string Usage = """
        Usage: dotnet run -c Release -- latency [options]

        Runs the Realistic workload (N = 500,000 random-key inserts of Row.Generate rows per batch, WAL on a real
        filesystem, group commit) and records, with HdrHistogram, each insert's latency and its commit latency
        (Insert start -> end of the FlushWAL that made it durable). Prints p50/p99/p99.9/max and Little's law.

        Options:
          --backend lock|striped|both   backends to run (default: both)
          --threads LIST                comma-separated thread counts dividing 500,000 (default: 1,4,16,32)
          --batches N                   recorded batches per combination, 1..1000 (default: 10)
          --warmup N                    unrecorded warmup batches, 0..100 (default: 2)
          --flush-every K               0 = one FlushWAL per batch after all threads finish, as in the post;
                                        K > 0 = each thread calls FlushWAL after every K of its inserts (default: 0)
          --output DIR                  also write each distribution as .hgrm and a summary.md into DIR
          -h, --help                    this text
        """;

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

        string threadList = options.String("--threads", string.Join(",", Scenario.ThreadCounts))!;
        var threads = new List<int>();
        foreach (string part in threadList.Split(',', StringSplitOptions.TrimEntries))
        {
            int count = (int)OptionReader.ParseInteger("--threads entry", part, 1, 1024);
            if (Scenario.N % count != 0)
            {
                throw new UsageException($"--threads entry {count} does not divide N = {Scenario.N:N0}; every thread must do the same number of inserts.");
            }

            threads.Add(count);
        }

        int batches = (int)options.Integer("--batches", 10, 1, 1000);
        int warmup = (int)options.Integer("--warmup", 2, 0, 100);
        int flushEvery = (int)options.Integer("--flush-every", 0, 0, Scenario.N);
        string? output = options.String("--output");
        options.EnsureAllConsumed();
        return new LatencySettings(backends, threads, warmup, batches, flushEvery, output);
    }

    /// <summary>The "latency" sub-command.</summary>
    public static int Run(string[] args)
    {
        var settings = Parse(args);
        if (settings.OutputDirectory is { } dir)
        {
            Directory.CreateDirectory(dir);
        }

        var keys = Scenario.UniformKeys();
        var rows = Scenario.RowsFor(keys);
        var results = new List<LatencyResult>();
        Console.WriteLine($"Realistic latency: N = {Scenario.N:N0} inserts per batch, {settings.WarmupBatches} warmup + {settings.Batches} recorded batches, " +
            (settings.FlushEvery == 0 ? "one FlushWAL per batch (the post's group commit)" : $"each thread flushes every {settings.FlushEvery:N0} inserts"));
        foreach (var backend in settings.Backends)
        {
            foreach (int threads in settings.ThreadCounts)
            {
                var result = Measure(backend, threads, keys, rows, settings);
                results.Add(result);
                Console.WriteLine($"  done: {backend}, {threads} threads, WAL on {result.FileSystem}");
            }
        }

        string report = Format(results, settings);
        Console.WriteLine();
        Console.WriteLine(report);
        if (settings.OutputDirectory is { } output)
        {
            File.WriteAllText(Path.Combine(output, "summary.md"), report);
            foreach (var r in results)
            {
                WriteHgrm(Path.Combine(output, $"{r.Backend}-{r.Threads}t-insert.hgrm"), r.Insert);
                WriteHgrm(Path.Combine(output, $"{r.Backend}-{r.Threads}t-commit.hgrm"), r.Commit);
            }

            Console.WriteLine($"Distributions (.hgrm, milliseconds) and summary.md written to {Path.GetFullPath(output)}");
        }

        return 0;
    }

    /// <summary>Runs one backend × thread count.</summary>
    public static LatencyResult Measure(Backend backend, int threads, int[] keys, Row[] rows, LatencySettings settings)
    {
        ArgumentNullException.ThrowIfNull(keys);
        ArgumentNullException.ThrowIfNull(rows);
        ArgumentNullException.ThrowIfNull(settings);
        int perThread = keys.Length / threads;
        using var run = RunDirectory.Create("why-benchmarks-lie-latency");
        using var table = Scenario.CreateTable(backend, run.Path);
        using var gang = new WorkerGang(threads, "latency");
        var insert = Enumerable.Range(0, threads).Select(_ => new LatencyRecorder()).ToArray();
        var commit = Enumerable.Range(0, threads).Select(_ => new LatencyRecorder()).ToArray();
        var started = new long[keys.Length];
        long elapsedTicks = 0;

        for (int batch = 0; batch < settings.WarmupBatches + settings.Batches; batch++)
        {
            bool record = batch >= settings.WarmupBatches;
            long batchStart = Stopwatch.GetTimestamp();
            gang.Run(t =>
            {
                var insertRecorder = insert[t];
                var commitRecorder = commit[t];
                int start = t * perThread;
                int end = start + perThread;
                int pendingFrom = start;
                for (int i = start; i < end; i++)
                {
                    long before = Stopwatch.GetTimestamp();
                    table.Insert(keys[i], rows[i]);
                    long after = Stopwatch.GetTimestamp();
                    started[i] = before;
                    if (record)
                    {
                        insertRecorder.Record(after - before);
                    }

                    if (settings.FlushEvery > 0 && (i - start + 1) % settings.FlushEvery == 0)
                    {
                        FlushAndRecord(table, started, pendingFrom, i + 1, record ? commitRecorder : null);
                        pendingFrom = i + 1;
                    }
                }

                if (settings.FlushEvery > 0 && pendingFrom < end)
                {
                    FlushAndRecord(table, started, pendingFrom, end, record ? commitRecorder : null);
                }
            });

            if (settings.FlushEvery == 0)
            {
                FlushAndRecord(table, started, 0, keys.Length, record ? commit[0] : null);
            }

            if (record)
            {
                elapsedTicks += Stopwatch.GetTimestamp() - batchStart;
            }
        }

        var insertAll = new LatencyRecorder();
        var commitAll = new LatencyRecorder();
        foreach (var r in insert)
        {
            insertAll.Add(r);
        }

        foreach (var r in commit)
        {
            commitAll.Add(r);
        }

        return new LatencyResult(backend, threads, (long)settings.Batches * keys.Length,
            TimeSpan.FromSeconds(elapsedTicks / (double)Stopwatch.Frequency), insertAll, commitAll, table.Wal!.FileSystemType);
    }

    /// <summary>Formats the results as a markdown report.</summary>
    public static string Format(IReadOnlyList<LatencyResult> results, LatencySettings settings)
    {
        ArgumentNullException.ThrowIfNull(results);
        ArgumentNullException.ThrowIfNull(settings);
        var sb = new StringBuilder();
        var inv = CultureInfo.InvariantCulture;
        string flushing = settings.FlushEvery == 0
            ? "one FlushWAL per batch"
            : string.Create(inv, $"FlushWAL every {settings.FlushEvery:N0} inserts per thread");
        sb.AppendLine(inv, $"Realistic workload latency ({settings.Batches} batches of {Scenario.N:N0} inserts, {flushing})");
        sb.AppendLine();
        sb.AppendLine("| Backend | Threads | Ops/s | Insert p50 | p99 | p99.9 | max | Commit p50 | p99 | p99.9 | max | L until durable | L inside Insert |");
        sb.AppendLine("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        foreach (var r in results)
        {
            sb.AppendLine(inv,
                $"| {r.Backend} | {r.Threads} | {MeasurementLab.ThroughputColumn.Format(r.Throughput)} " +
                $"| {Duration(r.Insert, 50)} | {Duration(r.Insert, 99)} | {Duration(r.Insert, 99.9)} | {Duration(r.Insert, 100)} " +
                $"| {Duration(r.Commit, 50)} | {Duration(r.Commit, 99)} | {Duration(r.Commit, 99.9)} | {Duration(r.Commit, 100)} " +
                $"| {r.InFlightUntilDurable:N0} | {r.InFlightInsideInsert:0.0} |");
        }

        sb.AppendLine();
        sb.AppendLine("L = λ × W (Little's law), λ = Ops/s. \"Until durable\": W = mean commit latency, i.e. inserts accepted but not yet");
        sb.AppendLine("durable on average. \"Inside Insert\": W = mean insert latency, i.e. threads busy inside Insert on average.");
        sb.AppendLine("Insert latency includes two clock reads; commit latency is what a client waiting for durability would see.");
        return sb.ToString();
    }

    /// <summary>A percentile of a recorder as a readable duration (ns, µs, ms or s); 100 means the maximum.</summary>
    public static string Duration(LatencyRecorder recorder, double percentile)
    {
        ArgumentNullException.ThrowIfNull(recorder);
        long ticks = percentile >= 100 ? recorder.MaxTicks : recorder.ValueAtTicks(percentile);
        double ns = ticks * 1e9 / recorder.TicksPerSecond;
        var inv = CultureInfo.InvariantCulture;
        return ns switch
        {
            < 1e3 => ns.ToString("0", inv) + " ns",
            < 1e6 => (ns / 1e3).ToString("0.0#", inv) + " µs",
            < 1e9 => (ns / 1e6).ToString("0.0#", inv) + " ms",
            _ => (ns / 1e9).ToString("0.0#", inv) + " s",
        };
    }

    private static void FlushAndRecord(ITable<int, Row> table, long[] started, int from, int to, LatencyRecorder? commit)
    {
        table.FlushWAL();
        long durable = Stopwatch.GetTimestamp();
        if (commit is null)
        {
            return;
        }

        for (int i = from; i < to; i++)
        {
            commit.Record(durable - started[i]);
        }
    }

    private static void WriteHgrm(string path, LatencyRecorder recorder)
    {
        using var writer = new StreamWriter(path);
        recorder.WritePercentileDistribution(writer);
    }
}
