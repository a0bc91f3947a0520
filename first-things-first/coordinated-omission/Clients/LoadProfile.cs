using MeasurementLab;

namespace CoordinatedOmission;

/// <summary>The nominal load every client is given: <c>rate × duration</c> requests, one every 1/rate seconds.</summary>
/// <param name="RatePerSecond">Target rate (the post: 450 req/s).</param>
/// <param name="DurationSeconds">Length of the schedule (the post: 30 s).</param>
/// <param name="HighestTrackable">Largest latency the recorders accept.</param>
internal sealed record LoadProfile(int RatePerSecond, int DurationSeconds, TimeSpan HighestTrackable)
{
    /// <summary>Requests each client sends (the post: 13,500).</summary>
    public long TotalRequests => (long)RatePerSecond * DurationSeconds;

    /// <summary>1/rate in ticks of <paramref name="clock"/>, rounded to a whole tick (what HdrHistogram's correction takes).</summary>
    public long ExpectedIntervalTicks(IClock clock) => (long)Math.Round(clock.Frequency / (double)RatePerSecond);

    /// <summary>A recorder in the ticks of <paramref name="clock"/>.</summary>
    public LatencyRecorder NewRecorder(IClock clock) => new(HighestTrackable, clock.Frequency);

    /// <summary>The schedule starting at <paramref name="origin"/>.</summary>
    public RequestSchedule Schedule(IClock clock, long origin) => new(origin, clock.Frequency, RatePerSecond);
}

/// <summary>
/// The open-loop schedule: request i is intended to leave at <c>origin + i/rate</c>, computed from i each time (not by
/// adding a rounded interval), so the schedule does not drift, however long the run.
/// </summary>
internal readonly record struct RequestSchedule(long Origin, long Frequency, int RatePerSecond)
{
    public long IntendedStart(long index) => Origin + (long)((Int128)index * Frequency / RatePerSecond);
}
