using System.Globalization;
using System.Text;
using MeasurementLab;

namespace WhyBenchmarksLie.Latency;

/// <summary>The printed table (also summary.md) and the .hgrm distributions of a latency run.</summary>
public static class LatencyReport
{
    /// <summary>The summary's file name in the output directory.</summary>
    public const string SummaryFile = "summary.md";

    /// <summary>The results as a markdown report.</summary>
    public static string Format(IReadOnlyList<LatencyResult> results, LatencySettings settings)
    {
        ArgumentNullException.ThrowIfNull(results);
        ArgumentNullException.ThrowIfNull(settings);
        var inv = CultureInfo.InvariantCulture;
        string flushing = settings.FlushEvery == 0
            ? "one FlushWAL per batch"
            : string.Create(inv, $"FlushWAL every {settings.FlushEvery:N0} inserts per thread");
        var table = new MarkdownTable("Backend", "Threads", "Ops/s", "Insert p50", "p99", "p99.9", "max", "Commit p50", "p99", "p99.9", "max", "L until durable", "L inside Insert");
        foreach (var r in results)
        {
            table.Row(
                r.Backend.ToString(),
                r.Threads.ToString(inv),
                ThroughputColumn.Format(r.Throughput),
                Duration(r.Insert, 50), Duration(r.Insert, 99), Duration(r.Insert, 99.9), Duration(r.Insert, 100),
                Duration(r.Commit, 50), Duration(r.Commit, 99), Duration(r.Commit, 99.9), Duration(r.Commit, 100),
                r.InFlightUntilDurable.ToString("N0", inv),
                r.InFlightInsideInsert.ToString("0.0", inv));
        }

        var text = new StringBuilder();
        text.AppendLine(inv, $"Realistic workload latency ({settings.Batches} batches of {Scenario.N:N0} inserts, {flushing})");
        text.AppendLine();
        text.Append(table);
        text.AppendLine();
        text.AppendLine("L = λ × W (Little's law), λ = Ops/s. \"Until durable\": W = mean commit latency, i.e. inserts accepted but not yet");
        text.AppendLine("durable on average. \"Inside Insert\": W = mean insert latency, i.e. threads busy inside Insert on average.");
        text.AppendLine("Insert latency includes two clock reads; commit latency is what a client waiting for durability would see.");
        return text.ToString();
    }

    /// <summary>A percentile of a recorder in its own unit; 100 means the maximum.</summary>
    public static string Duration(LatencyRecorder recorder, double percentile)
    {
        ArgumentNullException.ThrowIfNull(recorder);
        long ticks = percentile >= 100 ? recorder.MaxTicks : recorder.ValueAtTicks(percentile);
        return DurationFormat.Format(ticks * 1e9 / recorder.TicksPerSecond);
    }

    /// <summary>Writes summary.md and two .hgrm files per result (insert and commit, values in ms) into <paramref name="directory"/>.</summary>
    public static void WriteFiles(string directory, IReadOnlyList<LatencyResult> results, string report)
    {
        ArgumentNullException.ThrowIfNull(results);
        File.WriteAllText(Path.Combine(directory, SummaryFile), report);
        foreach (var r in results)
        {
            WriteHgrm(Path.Combine(directory, $"{r.Backend}-{r.Threads}t-insert.hgrm"), r.Insert);
            WriteHgrm(Path.Combine(directory, $"{r.Backend}-{r.Threads}t-commit.hgrm"), r.Commit);
        }
    }

    private static void WriteHgrm(string path, LatencyRecorder recorder)
    {
        using var writer = new StreamWriter(path);
        recorder.WritePercentileDistribution(writer);
    }
}
