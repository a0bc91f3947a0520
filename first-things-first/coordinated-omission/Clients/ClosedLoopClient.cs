namespace CoordinatedOmission;

/// <summary>
/// Send, wait, measure, repeat: <c>rate × duration</c> requests back to back, latency = end − actual start. No rate
/// limiter: the count only matches the open loop's volume. When the service pauses, this client pauses with it, so the
/// requests that would have waited are never sent and never measured: coordinated omission.
/// </summary>
internal sealed class ClosedLoopClient(IClock clock, LoadProfile load)
{
    public const string Name = "Closed-loop";

    public ClosedLoopResult Run(SimulatedService service)
    {
        ArgumentNullException.ThrowIfNull(service);
        long total = load.TotalRequests;
        var latency = load.NewRecorder(clock);
        var corrected = load.NewRecorder(clock);
        long expectedInterval = load.ExpectedIntervalTicks(clock);
        var trace = RequestTrace.ForRun(total);

        long first = clock.Now;
        for (long i = 0; i < total; i++)
        {
            long start = clock.Now;
            bool paused = service.Process();
            long end = clock.Now;

            long elapsed = end - start;  // from the actual start: the flaw the post is about
            latency.Record(elapsed);

            // HdrHistogram's after-the-fact fix, on the same value: a value longer than 1/rate also records
            // elapsed − k/rate for the requests a constant-rate client would have sent meanwhile.
            corrected.RecordWithExpectedInterval(elapsed, expectedInterval);
            trace?.Set(i, new RequestTiming(start, start, start, end, paused));
        }

        var measured = new ClientResult(Name, latency, null, total, service.Pauses, clock.ToTimeSpan(clock.Now - first), trace);
        return new ClosedLoopResult(measured, corrected, expectedInterval);
    }
}
