namespace HandRolledHarness;

/// <summary>
/// Section 5: Mark8 for a <see cref="Benchmarkable"/>, pausing the timer around its setup before each call.
/// Pause and play read the clock twice per call, so it suits calls of at least about 100 ns.
/// </summary>
public sealed class Mark8Setup(TimeProvider clock, TextWriter output, int repeats = NoteParameters.Repeats, double minSeconds = NoteParameters.MinSeconds)
{
    public MarkResult Run(string name, string info, Benchmarkable benchmarkable)
    {
        var last = DoublingRounds.Run(clock, new SetupCall(benchmarkable), repeats, minSeconds, _ => { });
        output.WriteLine(MarkLine.Format(name, info, last));
        return last;
    }
}
