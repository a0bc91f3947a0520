namespace HandRolledHarness;

/// <summary>
/// Section 4.3: Mark7 with an info column (the problem size) and the repeat count and minimum time as parameters.
/// </summary>
public sealed class Mark8(TimeProvider clock, TextWriter output, int repeats = NoteParameters.Repeats, double minSeconds = NoteParameters.MinSeconds)
{
    public MarkResult Run(string name, string info, Func<int, double> function)
    {
        var last = DoublingRounds.Run(clock, new FunctionCall(function), repeats, minSeconds, _ => { });
        output.WriteLine(MarkLine.Format(name, info, last));
        return last;
    }
}
