namespace CoordinatedOmission;

/// <summary>What happened to one request, in clock ticks.</summary>
/// <param name="Intended">When the client meant to send it (closed loop: when it did send it).</param>
/// <param name="Sent">When it left the client.</param>
/// <param name="Started">When the service began to serve it (after any queueing).</param>
/// <param name="Completed">When its response was back.</param>
/// <param name="Paused">Whether it was the request that hit the service's pause.</param>
internal readonly record struct RequestTiming(long Intended, long Sent, long Started, long Completed, bool Paused)
{
    /// <summary>Latency from the intended start: what a user who clicked at <see cref="Intended"/> waited.</summary>
    public long Latency => Completed - Intended;

    /// <summary>How late the client itself was: actual minus intended departure.</summary>
    public long SendLateness => Sent - Intended;

    /// <summary>Time between the intended start and the start of service: queueing anywhere, client or service.</summary>
    public long Wait => Started - Intended;
}

/// <summary>
/// Per-request timings of one client run, kept beside the histogram so the mechanism (pauses hit, requests omitted,
/// backlog) can be counted exactly. Preallocated; each request's slot is written once, by whichever thread finished it.
/// </summary>
internal sealed class RequestTrace
{
    /// <summary>Runs longer than this keep no trace (40 bytes a request: 40 MB here).</summary>
    public const long MaxRequests = 1_000_000;

    private readonly RequestTiming[] _timings;

    public RequestTrace(long requests)
    {
        ArgumentOutOfRangeException.ThrowIfGreaterThan(requests, MaxRequests);
        _timings = new RequestTiming[requests];
    }

    public IReadOnlyList<RequestTiming> Timings => _timings;

    public void Set(long index, RequestTiming timing) => _timings[index] = timing;

    /// <summary>A trace when the run is small enough to keep one, otherwise null.</summary>
    public static RequestTrace? ForRun(long requests) => requests <= MaxRequests ? new RequestTrace(requests) : null;
}
