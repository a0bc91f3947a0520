namespace CoordinatedOmission;

/// <summary>A request waiting in the <see cref="QueuedService"/>'s queue.</summary>
/// <param name="Index">Position in the client's schedule.</param>
/// <param name="Intended">When the schedule meant it to leave.</param>
/// <param name="Sent">When the dispatcher actually handed it over.</param>
internal readonly record struct QueuedRequest(long Index, long Intended, long Sent);

/// <summary>Called on the worker that served <paramref name="request"/>; one worker never runs two of these at once.</summary>
internal delegate void RequestCompleted(int worker, QueuedRequest request, long started, long completed, bool paused);

/// <summary>
/// The service as a server: a real FIFO queue in front of a fixed number of worker threads, each calling
/// <see cref="SimulatedService.Process"/>. Requests arrive whenever the client sends them; when the workers are busy
/// (a pause), the queue grows. The queueing happens here, in the service, not in the client.
/// </summary>
internal sealed class QueuedService
{
    private readonly IClock _clock;
    private readonly SimulatedService _service;
    private readonly RequestCompleted _completed;
    private readonly IWorkQueue<QueuedRequest> _queue;

    public QueuedService(IClock clock, SimulatedService service, int workers, RequestCompleted completed)
    {
        ArgumentNullException.ThrowIfNull(clock);
        ArgumentNullException.ThrowIfNull(service);
        ArgumentNullException.ThrowIfNull(completed);
        ArgumentOutOfRangeException.ThrowIfLessThan(workers, 1);
        _clock = clock;
        _service = service;
        _completed = completed;
        _queue = clock.CreateQueue<QueuedRequest>();
        Workers = Enumerable.Range(0, workers)
            .Select(w => new ConcurrentBody($"service-worker-{w}", () => Serve(w)))
            .ToList();
    }

    /// <summary>The worker loops, to run next to the client's dispatcher with <see cref="IClock.RunConcurrently"/>.</summary>
    public IReadOnlyList<ConcurrentBody> Workers { get; }

    /// <summary>Enqueues a request and returns at once.</summary>
    public void Submit(QueuedRequest request) => _queue.Add(request);

    /// <summary>No more requests: the workers finish the queue and stop.</summary>
    public void CompleteAdding() => _queue.CompleteAdding();

    private void Serve(int worker)
    {
        while (_queue.TryTake(out var request))
        {
            long started = _clock.Now;
            bool paused = _service.Process();
            _completed(worker, request, started, _clock.Now, paused);
        }
    }
}
