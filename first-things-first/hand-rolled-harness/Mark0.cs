namespace HandRolledHarness;

/// <summary>
/// Section 3.1, useless: time a single call. The number is mostly just-in-time compilation of multiply and of
/// the timer itself, and it is below what the clock can resolve anyway.
/// </summary>
public sealed class Mark0(TimeProvider clock, TextWriter output)
{
    public double Run()
    {
        var t = new Timer(clock);
        double dummy = NoteFunctions.Multiply(NoteParameters.Mark0Argument);
        double time = t.Check() * 1e9;
        output.WriteLine($"{MarkLine.Ns(time)} ns");
        return dummy;
    }
}
