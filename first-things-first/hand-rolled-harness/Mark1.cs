namespace HandRolledHarness;

/// <summary>
/// Section 3.2: time many calls and divide. The result of multiply is never used, so once the loop is optimised
/// (on-stack replacement moves it out of tier-0 within the first run) the JIT may drop the work and time an empty loop.
/// </summary>
public sealed class Mark1(TimeProvider clock, TextWriter output, int count = NoteParameters.Mark1Count)
{
    public void Run()
    {
        var t = new Timer(clock);
        for (int i = 0; i < count; i++)
        {
            // The lie this step exists to show: nothing reads the result, so nothing forces the call to happen.
            double dummy = NoteFunctions.Multiply(i);
        }

        double time = t.Check() * 1e9 / count;
        output.WriteLine($"{MarkLine.Ns(time)} ns");
    }
}
