using MeasurementLab;

namespace CoordinatedOmission;

/// <summary>One client's latencies over one pause cycle, or over consecutive cycles pooled for a high percentile.</summary>
/// <param name="Window">The first cycle's number, from 1 (cycle w starts at the request the w-th pause hits).</param>
/// <param name="Windows">How many consecutive cycles the row pools: 1, or more for a percentile one cycle is too short for.</param>
/// <param name="FirstRequest">The first request's index (the request that hit the first cycle's pause).</param>
/// <param name="Requests">Requests in the row (the corrected client's histogram also holds its synthesized values).</param>
/// <param name="Percentiles">HdrHistogram's value at each of <see cref="PauseWindows.Percentiles"/>, in ticks; null where
/// this row is not the one for that percentile (the cycles are too short for it, or short enough without pooling).</param>
/// <param name="MaxTicks">The largest latency of the row.</param>
/// <param name="ElapsedTicks">From the first request's intended start to the last one's response: the row's requests
/// over it are its rate (the closed loop's throughput, cycle by cycle).</param>
internal sealed record WindowRow(int Window, int Windows, long FirstRequest, long Requests, IReadOnlyList<long?> Percentiles, long MaxTicks, long ElapsedTicks);

/// <summary>
/// A client's latencies cut into the service's pause cycles, so the report can judge a percentile across them instead of
/// on the run's one value. The service pauses at every <c>pauseEvery</c>-th request, whichever client sends it, so cycle w
/// is the same requests in every client: from the one the w-th pause hits (index w × pauseEvery − 1) for pauseEvery
/// requests. A cycle starts at its pause because what the pause does (the open loop's queue behind it) lands in the
/// requests after it; every cycle then holds one pause and the same load. The requests before the first pause and a
/// last cycle the run cuts short are left out.
/// </summary>
internal static class PauseWindows
{
    /// <summary>The percentiles of each row: windows.csv's column and HdrHistogram's percentile.</summary>
    public static readonly IReadOnlyList<(string Column, double Percent)> Percentiles =
        [("p50_ms", 50), ("p90_ms", 90), ("p99_ms", 99), ("p999_ms", 99.9)];

    /// <summary>
    /// The fewest requests a percentile needs: 1/(1 − q), so at least one request lies above it. Fewer, and it is the
    /// max: p99.9 of a 500-request cycle is its 500th value of 500.
    /// </summary>
    public static int RequestsNeeded(double percent) => (int)Math.Round(100 / (100 - percent));

    /// <summary>How many consecutive cycles of <paramref name="pauseEvery"/> requests hold the requests a percentile needs.</summary>
    public static int Span(double percent, int pauseEvery) => (RequestsNeeded(percent) + pauseEvery - 1) / pauseEvery;

    /// <summary>
    /// The rows of one client: one per complete cycle (with the percentiles a cycle is long enough for), then, for each
    /// larger span a percentile needs, one per group of that many consecutive cycles (with those percentiles). Every
    /// row has its max. With <paramref name="expectedIntervalTicks"/>, each latency is recorded with HdrHistogram's
    /// correction (the corrected column), as the whole run's corrected histogram was.
    /// </summary>
    public static IReadOnlyList<WindowRow> Of(RequestTrace trace, int pauseEvery, Func<LatencyRecorder> newRecorder, long? expectedIntervalTicks = null)
    {
        ArgumentNullException.ThrowIfNull(trace);
        ArgumentNullException.ThrowIfNull(newRecorder);
        ArgumentOutOfRangeException.ThrowIfLessThan(pauseEvery, 1);
        var timings = trace.Timings;
        int cycles = (int)Math.Max(0, (timings.Count + 1L - pauseEvery) / pauseEvery);
        var recorder = newRecorder(); // reset for each row: one histogram at a time, whatever the run's length
        var rows = new List<WindowRow>();
        foreach (int span in Percentiles.Select(p => Span(p.Percent, pauseEvery)).Distinct().Order())
        {
            for (int first = 1; first + span - 1 <= cycles; first += span)
            {
                long from = ((long)first * pauseEvery) - 1;
                long count = (long)span * pauseEvery;
                recorder.Reset();
                for (long i = from; i < from + count; i++)
                {
                    long latency = timings[(int)i].Latency;
                    if (expectedIntervalTicks is long interval)
                    {
                        recorder.RecordWithExpectedInterval(latency, interval);
                    }
                    else
                    {
                        recorder.Record(latency);
                    }
                }

                var values = Percentiles.Select(p => Span(p.Percent, pauseEvery) == span ? recorder.ValueAtTicks(p.Percent) : (long?)null).ToList();
                long elapsed = timings[(int)(from + count - 1)].Completed - timings[(int)from].Intended;
                rows.Add(new WindowRow(first, span, from, count, values, recorder.MaxTicks, elapsed));
            }
        }

        return rows;
    }
}
