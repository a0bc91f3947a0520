namespace CoordinatedOmission;

/// <summary>
/// What queueing theory predicts for one pause of a serial service (work S per request, pause P, one request every
/// I = 1/rate), in exact integer tick arithmetic. The virtual clock must reproduce these numbers exactly; the real
/// clock approximately.
/// </summary>
internal static class BacklogTheory
{
    /// <summary>Requests due during a pause, which a closed loop never sends: floor(P × rate) (the post: 200 ms × 450/s = 90).</summary>
    public static long OmittedPerPause(long pauseTicks, int ratePerSecond, long ticksPerSecond) =>
        (long)((Int128)pauseTicks * ratePerSecond / ticksPerSecond);

    /// <summary>
    /// Requests queued when a pause ends: the schedule points strictly inside it, ceil(P × rate) − 1 (the post: 89,
    /// because the 90th is due at the very instant the pause ends and does not wait).
    /// </summary>
    public static long QueuedAtPauseEnd(long pauseTicks, int ratePerSecond, long ticksPerSecond)
    {
        if (pauseTicks <= 0)
        {
            return 0;
        }

        Int128 scaled = (Int128)pauseTicks * ratePerSecond;
        return (long)((scaled + ticksPerSecond - 1) / ticksPerSecond) - 1;
    }

    /// <summary>
    /// Requests after a pause that an open loop sees delayed: the j-th follower starts at P + (j−1)·S after the paused
    /// request started instead of j·I, so it waits while P − S − j·(I − S) &gt; 0, i.e. for j &lt; (P − S)/(I − S)
    /// (the post: about 160). Null when I ≤ S: the service never catches up.
    /// </summary>
    public static long? DelayedAfterPause(long pauseTicks, long workTicks, int ratePerSecond, long ticksPerSecond)
    {
        // Scale everything by rate so the interval I = ticksPerSecond / rate becomes an integer.
        Int128 interval = ticksPerSecond;
        Int128 work = (Int128)workTicks * ratePerSecond;
        Int128 pause = (Int128)pauseTicks * ratePerSecond;
        if (interval <= work)
        {
            return null;
        }

        if (pause <= work)
        {
            return 0;
        }

        Int128 numerator = pause - work;
        Int128 denominator = interval - work;
        Int128 ceiling = (numerator + denominator - 1) / denominator;
        return (long)(ceiling - 1);
    }

    /// <summary>
    /// Values HdrHistogram's expected-interval correction adds for one recorded value v: v − k·I for k = 1, 2, … while
    /// at least I, i.e. floor(v / I) − 1 (the post's 200 ms stall at 2.22 ms: 89).
    /// </summary>
    public static long SynthesizedFor(long valueTicks, long expectedIntervalTicks) =>
        valueTicks <= expectedIntervalTicks ? 0 : (valueTicks / expectedIntervalTicks) - 1;
}
