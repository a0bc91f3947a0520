namespace HandRolledHarness;

/// <summary>Section 3.3: add every result into a dummy that is returned, so the calls are live code.</summary>
public sealed class Mark2(TimeProvider clock, TextWriter output, int count = NoteParameters.Count)
{
    public double Run()
    {
        double dummy = 0.0;
        double time = TimeMultiply(clock, count, ref dummy);
        output.WriteLine($"{MarkLine.Ns(time)} ns");
        return dummy;
    }

    /// <summary>One timed loop of <paramref name="count"/> calls, in ns per call: the unit Mark3 and Mark4 repeat.</summary>
    internal static double TimeMultiply(TimeProvider clock, int count, ref double dummy)
    {
        var t = new Timer(clock);
        for (int i = 0; i < count; i++)
        {
            dummy += NoteFunctions.Multiply(i);
        }

        return t.Check() * 1e9 / count;
    }
}
