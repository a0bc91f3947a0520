using MeasurementLab;

namespace CoordinatedOmission;

/// <summary>
/// A truly concurrent open-loop client (what wrk2 or Gatling do): a dispatcher thread sends each request at its
/// intended time whether or not earlier ones have returned, into a <see cref="QueuedService"/> with a real queue and a
/// fixed number of workers. Latency = completion − intended start. The dispatcher never waits for a response, so its
/// own send lateness (actual − intended departure) stays near zero through a pause: the instrument does not coordinate.
/// </summary>
internal sealed class ConcurrentOpenLoopClient(IClock clock, LoadProfile load, int workers)
{
    public const string Name = "Concurrent";

    /// <summary>The schedule starts this long after the threads are created, so thread start-up is not charged to the first requests.</summary>
    public static readonly TimeSpan StartLead = TimeSpan.FromMilliseconds(20);

    public int Workers { get; } = workers >= 1 ? workers : throw new ArgumentOutOfRangeException(nameof(workers), workers, "At least one worker.");

    public ClientResult Run(SimulatedService service)
    {
        ArgumentNullException.ThrowIfNull(service);
        long total = load.TotalRequests;
        var trace = RequestTrace.ForRun(total);
        var lateness = load.NewRecorder(clock);  // written by the dispatcher thread only
        var perWorker = Enumerable.Range(0, Workers).Select(_ => load.NewRecorder(clock)).ToArray();  // one per worker thread

        var server = new QueuedService(clock, service, Workers, (worker, request, started, completed, paused) =>
        {
            perWorker[worker].Record(completed - request.Intended);
            trace?.Set(request.Index, new RequestTiming(request.Intended, request.Sent, started, completed, paused));
        });

        var schedule = load.Schedule(clock, clock.Now + clock.ToTicks(StartLead));
        void Dispatch()
        {
            try
            {
                for (long i = 0; i < total; i++)
                {
                    long intended = schedule.IntendedStart(i);
                    clock.WaitUntil(intended);
                    long sent = clock.Now;
                    lateness.Record(sent - intended);
                    server.Submit(new QueuedRequest(i, intended, sent));
                }
            }
            finally
            {
                server.CompleteAdding();
            }
        }

        clock.RunConcurrently([new ConcurrentBody("open-loop-dispatcher", Dispatch), .. server.Workers]);
        long finished = clock.Now;

        var latency = load.NewRecorder(clock);
        foreach (var recorder in perWorker)
        {
            latency.Add(recorder);
        }

        return new ClientResult(Name, latency, lateness, total, service.Pauses, clock.ToTimeSpan(finished - schedule.Origin), trace);
    }
}
