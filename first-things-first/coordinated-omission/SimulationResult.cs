using MeasurementLab;

namespace CoordinatedOmission;

/// <summary>One run: the settings, what the service was calibrated to, and each client's measurement.</summary>
internal sealed record SimulationResult(
    SimulationSettings Settings,
    string ClockDescription,
    long TicksPerSecond,
    SpinCalibrationResult? Calibration,
    ClosedLoopResult? Closed,
    ClientResult? Open,
    ClientResult? Concurrent,
    DateTimeOffset StartedUtc)
{
    /// <summary>The latency columns of the report, in display order.</summary>
    public IReadOnlyList<(string Name, LatencyRecorder Latency)> Columns =>
        new (string, LatencyRecorder?)[]
        {
            (ClosedLoopClient.Name, Closed?.Measured.Latency),
            (ClosedLoopResult.CorrectedName, Closed?.Corrected),
            (OpenLoopClient.Name, Open?.Latency),
            (ConcurrentOpenLoopClient.Name, Concurrent?.Latency),
        }
        .Where(c => c.Item2 is not null)
        .Select(c => (c.Item1, c.Item2!))
        .ToList();

    /// <summary>The clients that ran, in display order.</summary>
    public IReadOnlyList<ClientResult> Clients =>
        new[] { Closed?.Measured, Open, Concurrent }.OfType<ClientResult>().ToList();
}
