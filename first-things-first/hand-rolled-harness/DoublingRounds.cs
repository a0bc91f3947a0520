namespace HandRolledHarness;

/// <summary>
/// The loop Mark5 introduced and Mark6 to Mark8Setup keep: double the count each round (2, 4, 8, ...), time
/// <c>repeats</c> loops of <c>count</c> calls, and stop once the round's last loop took at least the minimum time or
/// the count reached <see cref="NoteParameters.CountCap"/>. The call is a struct type argument so the JIT compiles one
/// loop per kind of call: Mark5's direct multiply stays inlinable, Mark6's delegate stays a delegate call.
/// </summary>
internal static class DoublingRounds
{
    /// <summary>The note's do-while condition.</summary>
    public static bool Continue(double lastLoopSeconds, int count, double minSeconds) =>
        lastLoopSeconds < minSeconds && count < NoteParameters.CountCap;

    /// <summary>Runs the rounds, reporting each one; returns the last.</summary>
    public static MarkResult Run<TCall>(TimeProvider clock, TCall call, int repeats, double minSeconds, Action<MarkResult> onRound)
        where TCall : struct, ITimedCall
    {
        int count = 1;
        long totalCount = 0;
        double dummy = 0.0, runningTime;
        MarkResult round;
        do
        {
            count *= 2;
            var times = new RunningStatistics();
            runningTime = 0.0;
            for (int j = 0; j < repeats; j++)
            {
                var t = new Timer(clock);
                for (int i = 0; i < count; i++)
                {
                    call.BeforeCall(t);
                    dummy += call.Call(i);
                }

                runningTime = t.Check();
                times.Add(runningTime * 1e9 / count);
                totalCount += count;
            }

            round = new MarkResult(times.Mean, times.StandardDeviation, count, dummy / totalCount);
            onRound(round);
        }
        while (Continue(runningTime, count, minSeconds));

        return round;
    }
}

/// <summary>One call of the timed loop, and what happens before it with the timer running.</summary>
internal interface ITimedCall
{
    void BeforeCall(Timer timer);

    double Call(int i);
}
