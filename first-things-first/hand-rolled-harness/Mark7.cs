namespace HandRolledHarness;

/// <summary>Section 4.2: Mark6 printing only the final round, one line per function.</summary>
public sealed class Mark7(TimeProvider clock, TextWriter output, int repeats = NoteParameters.Repeats, double minSeconds = NoteParameters.MinSeconds)
{
    public MarkResult Run(string name, Func<int, double> function)
    {
        var last = DoublingRounds.Run(clock, new FunctionCall(function), repeats, minSeconds, _ => { });
        output.WriteLine(MarkLine.Format(name, "", last));
        return last;
    }
}
