using static System.FormattableString;

namespace HandRolledHarness;

/// <summary>
/// Section 3.6: choose the count automatically. Start at 2 and double until one timed loop takes at least
/// the minimum time (0.25 s), printing every round, so the mean can be seen settling as the count grows.
/// </summary>
public sealed class Mark5(TimeProvider clock, TextWriter output, int repeats = NoteParameters.Repeats, double minSeconds = NoteParameters.MinSeconds)
{
    public double Run() =>
        DoublingRounds.Run(clock, new MultiplyCall(), repeats, minSeconds,
            r => output.WriteLine(Invariant($"{MarkLine.Ns(r.Mean)} ns +/- {r.StandardDeviation,8:F2} {r.Count,10}"))).Dummy;
}
