using MeasurementLab;

namespace CoordinatedOmission;

/// <summary>What one client measured.</summary>
/// <param name="Name">Column name in the report ("Closed-loop", "Open-loop", ...).</param>
/// <param name="Latency">The latencies as this client defines them.</param>
/// <param name="SendLateness">Open-loop clients: actual minus intended departure of each request; null for the closed loop, which has no schedule.</param>
/// <param name="Pauses">Requests that hit the service's pause.</param>
/// <param name="Elapsed">From the first send to the last response.</param>
/// <param name="Trace">Per-request timings (null for runs above <see cref="RequestTrace.MaxRequests"/>).</param>
internal sealed record ClientResult(
    string Name,
    LatencyRecorder Latency,
    LatencyRecorder? SendLateness,
    long Requests,
    long Pauses,
    TimeSpan Elapsed,
    RequestTrace? Trace);

/// <summary>The closed loop's measurement and the same data with HdrHistogram's coordinated-omission correction.</summary>
/// <param name="Measured">What the closed loop saw.</param>
/// <param name="Corrected">Each value recorded with the expected interval 1/rate (see <see cref="LatencyRecorder.RecordWithExpectedInterval"/>).</param>
/// <param name="ExpectedIntervalTicks">The interval given to the correction.</param>
internal sealed record ClosedLoopResult(ClientResult Measured, LatencyRecorder Corrected, long ExpectedIntervalTicks)
{
    /// <summary>Report column name of the corrected data.</summary>
    public const string CorrectedName = "Corrected";

    /// <summary>Values the correction added to the measured ones.</summary>
    public long Synthesized => Corrected.Count - Measured.Latency.Count;
}
