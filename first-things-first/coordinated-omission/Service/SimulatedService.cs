namespace CoordinatedOmission;

/// <summary>
/// The system under test of the post: about 1 ms of work per request, and every <c>pauseEvery</c>-th request a pause
/// instead (200 ms by default), standing in for a GC, a compaction or any periodic maintenance. Create a fresh one per
/// client so every client sees the pauses at the same request numbers.
/// </summary>
/// <remarks>Safe to call from several workers at once: the request count is atomic, and a pause stalls only the
/// worker that draws it (as a long request or a shard's compaction would), so more workers can hide it.</remarks>
internal sealed class SimulatedService
{
    private readonly IServiceTime _time;
    private readonly int _pauseEvery;
    private long _processed;
    private long _pauses;

    public SimulatedService(IServiceTime time, int pauseEvery)
    {
        ArgumentNullException.ThrowIfNull(time);
        ArgumentOutOfRangeException.ThrowIfLessThan(pauseEvery, 1);
        _time = time;
        _pauseEvery = pauseEvery;
    }

    /// <summary>Requests processed (or being processed) so far.</summary>
    public long Processed => Interlocked.Read(ref _processed);

    /// <summary>Requests that hit a pause so far.</summary>
    public long Pauses => Interlocked.Read(ref _pauses);

    /// <summary>Serves one request; returns true when this request hit the pause.</summary>
    public bool Process()
    {
        long number = Interlocked.Increment(ref _processed);
        if (number % _pauseEvery == 0)
        {
            Interlocked.Increment(ref _pauses);
            _time.Pause();
            return true;
        }

        _time.Work();
        return false;
    }
}
