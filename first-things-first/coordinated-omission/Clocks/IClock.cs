namespace CoordinatedOmission;

/// <summary>
/// The time source of a simulation run. The clients and the service are written against this interface only,
/// so the very same code runs on the real clock (<see cref="RealClock"/>: Stopwatch, spinning, real threads) and on the
/// deterministic <see cref="VirtualClock"/> the tests use, where a 1 ms request takes exactly 1 ms.
/// </summary>
internal interface IClock
{
    /// <summary>Ticks per second of <see cref="Now"/>.</summary>
    long Frequency { get; }

    /// <summary>The current timestamp in ticks.</summary>
    long Now { get; }

    /// <summary>Returns at (real clock: as soon as possible after) <paramref name="timestamp"/>; at once if it has passed.</summary>
    void WaitUntil(long timestamp);

    /// <summary>Runs each body on its own thread and returns when all have finished; rethrows the first failure.</summary>
    void RunConcurrently(IReadOnlyList<ConcurrentBody> bodies);

    /// <summary>A FIFO queue whose <see cref="IWorkQueue{T}.TryTake"/> blocks while it is empty, in this clock's notion of waiting.</summary>
    IWorkQueue<T> CreateQueue<T>();
}

/// <summary>Helpers shared by both clocks.</summary>
internal static class ClockExtensions
{
    /// <summary>Ticks in <paramref name="value"/> on this clock (rounded to the nearest tick).</summary>
    public static long ToTicks(this IClock clock, TimeSpan value) =>
        (long)Math.Round(value.Ticks * (double)clock.Frequency / TimeSpan.TicksPerSecond);

    /// <summary>A tick count of this clock as a <see cref="TimeSpan"/>.</summary>
    public static TimeSpan ToTimeSpan(this IClock clock, long ticks) =>
        TimeSpan.FromTicks((long)Math.Round(ticks * (double)TimeSpan.TicksPerSecond / clock.Frequency));
}
