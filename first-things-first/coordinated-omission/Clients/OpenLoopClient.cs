namespace CoordinatedOmission;

/// <summary>
/// The post's open-loop client: a fixed schedule of one request every 1/rate s, latency = end − <em>intended</em>
/// start. It is single-threaded, as in the post: during a pause it cannot send either, but it remembers when each
/// request should have left, charges the wait to that request, and catches up (sends back to back) afterwards.
/// </summary>
internal sealed class OpenLoopClient(IClock clock, LoadProfile load)
{
    public const string Name = "Open-loop";

    public ClientResult Run(SimulatedService service)
    {
        ArgumentNullException.ThrowIfNull(service);
        long total = load.TotalRequests;
        var latency = load.NewRecorder(clock);
        var lateness = load.NewRecorder(clock);
        var trace = RequestTrace.ForRun(total);
        var schedule = load.Schedule(clock, clock.Now);

        for (long i = 0; i < total; i++)
        {
            long intended = schedule.IntendedStart(i);
            clock.WaitUntil(intended);  // returns at once when behind schedule: catching up
            long sent = clock.Now;
            bool paused = service.Process();
            long end = clock.Now;

            latency.Record(end - intended);  // intended, not actual: the user started waiting at `intended`
            lateness.Record(sent - intended);
            trace?.Set(i, new RequestTiming(intended, sent, sent, end, paused));
        }

        return new ClientResult(Name, latency, lateness, total, service.Pauses, clock.ToTimeSpan(clock.Now - schedule.Origin), trace);
    }
}
