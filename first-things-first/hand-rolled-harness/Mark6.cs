namespace HandRolledHarness;

/// <summary>Section 4.1: Mark5 for any function from int to double, named in the output, still printing every round.</summary>
public sealed class Mark6(TimeProvider clock, TextWriter output, int repeats = NoteParameters.Repeats, double minSeconds = NoteParameters.MinSeconds)
{
    public double Run(string name, Func<int, double> function) =>
        DoublingRounds.Run(clock, new FunctionCall(function), repeats, minSeconds,
            r => output.WriteLine(MarkLine.Format(name, "", r))).Dummy;
}
