namespace HandRolledHarness;

/// <summary>Section 3.4: repeat Mark2's loop and print every time, to see the variation between runs.</summary>
public sealed class Mark3(TimeProvider clock, TextWriter output, int count = NoteParameters.Count, int repeats = NoteParameters.Repeats)
{
    public double Run()
    {
        double dummy = 0.0;
        for (int j = 0; j < repeats; j++)
        {
            double time = Mark2.TimeMultiply(clock, count, ref dummy);
            output.WriteLine($"{MarkLine.Ns(time)} ns");
        }

        return dummy;
    }
}
