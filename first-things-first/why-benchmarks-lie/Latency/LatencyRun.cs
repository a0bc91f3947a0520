using System.Diagnostics;
using MeasurementLab;
using StorageEngine;
using StorageEngine.IO;

namespace WhyBenchmarksLie.Latency;

/// <summary>
/// The Realistic workload (random keys, Row.Generate rows, WAL, group commit) outside BenchmarkDotNet, recording every
/// insert's latency and its commit latency. The two clock reads per insert add tens of ns to each insert, so the
/// throughput here is a little lower than the benchmark's.
/// </summary>
public static class LatencyRun
{
    /// <summary>Runs one backend × thread count; <paramref name="batchDone"/> is called after every batch, warmups included.</summary>
    public static LatencyResult Measure(Backend backend, int threads, int[] keys, Row[] rows, LatencySettings settings, Action? batchDone = null)
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

            batchDone?.Invoke();
        }

        return new LatencyResult(backend, threads, (long)settings.Batches * keys.Length,
            TimeSpan.FromSeconds(elapsedTicks / (double)Stopwatch.Frequency), Merge(insert), Merge(commit), table.Wal!.FileSystemType);
    }

    private static LatencyRecorder Merge(LatencyRecorder[] perThread)
    {
        var all = new LatencyRecorder();
        foreach (var recorder in perThread)
        {
            all.Add(recorder);
        }

        return all;
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
}
