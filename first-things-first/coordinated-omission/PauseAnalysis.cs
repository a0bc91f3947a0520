namespace CoordinatedOmission;

/// <summary>What one pause did to an open-loop client's requests.</summary>
/// <param name="PausedIndex">The request that hit the pause.</param>
/// <param name="Backlog">Requests due while the paused one was being served that were still waiting when it completed: the queue at the pause's end.</param>
/// <param name="Delayed">Requests after the pause that started later than intended, counted until the first that did not: the catch-up.</param>
internal readonly record struct PauseEffect(long PausedIndex, int Backlog, int Delayed);

/// <summary>The worst latency one pause caused: the largest among the request that hit it and those up to the next pause.</summary>
/// <param name="Pause">The pause's number, from 1, in request order.</param>
/// <param name="PausedIndex">The request that hit it.</param>
/// <param name="WorstTicks">The largest latency of its window, in clock ticks.</param>
internal readonly record struct PauseWorst(int Pause, long PausedIndex, long WorstTicks);

/// <summary>Counts the mechanism of the post in a client's <see cref="RequestTrace"/>: omissions, backlog, catch-up.</summary>
internal static class PauseAnalysis
{
    /// <summary>
    /// Closed loop: for each request that hit a pause, how many requests a client holding the target rate would have
    /// sent while this one waited for the answer (floor of wait × rate). The closed loop sent none of them.
    /// </summary>
    public static IReadOnlyList<long> OmittedPerPause(RequestTrace trace, int ratePerSecond, long ticksPerSecond)
    {
        ArgumentNullException.ThrowIfNull(trace);
        return trace.Timings
            .Where(t => t.Paused)
            .Select(t => (long)((Int128)(t.Completed - t.Sent) * ratePerSecond / ticksPerSecond))
            .ToList();
    }

    /// <summary>
    /// For each pause, the worst latency of its window: the request that hit it and every request up to the next one
    /// that did (the last window runs to the end). Every client's service pauses at the same request numbers, so the
    /// windows pair up between clients: the run's max is one of them, and the others say whether it was typical.
    /// </summary>
    public static IReadOnlyList<PauseWorst> WorstPerPause(RequestTrace trace)
    {
        ArgumentNullException.ThrowIfNull(trace);
        var timings = trace.Timings;
        var worst = new List<PauseWorst>();
        for (int p = 0; p < timings.Count; p++)
        {
            if (!timings[p].Paused)
            {
                continue;
            }

            long max = timings[p].Latency;
            for (int j = p + 1; j < timings.Count && !timings[j].Paused; j++)
            {
                max = Math.Max(max, timings[j].Latency);
            }

            worst.Add(new PauseWorst(worst.Count + 1, p, max));
        }

        return worst;
    }

    /// <summary>
    /// Open loop: for each request that hit a pause, the backlog it left and how many later requests had to wait more
    /// than <paramref name="waitToleranceTicks"/> before being served.
    /// </summary>
    public static IReadOnlyList<PauseEffect> OpenLoopEffects(RequestTrace trace, long waitToleranceTicks)
    {
        ArgumentNullException.ThrowIfNull(trace);
        var timings = trace.Timings;
        var effects = new List<PauseEffect>();
        for (int p = 0; p < timings.Count; p++)
        {
            if (!timings[p].Paused)
            {
                continue;
            }

            long pauseEnd = timings[p].Completed;
            int backlog = 0;
            for (int j = p + 1; j < timings.Count && timings[j].Intended < pauseEnd; j++)
            {
                if (timings[j].Started >= pauseEnd)
                {
                    backlog++;
                }
            }

            int delayed = 0;
            for (int j = p + 1; j < timings.Count && !timings[j].Paused && timings[j].Wait > waitToleranceTicks; j++)
            {
                delayed++;
            }

            effects.Add(new PauseEffect(p, backlog, delayed));
        }

        return effects;
    }
}
