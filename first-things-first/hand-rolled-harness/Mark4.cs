using static System.FormattableString;

namespace HandRolledHarness;

/// <summary>Section 3.5: the same runs as Mark3, summarised as mean and standard deviation.</summary>
public sealed class Mark4(TimeProvider clock, TextWriter output, int count = NoteParameters.Count, int repeats = NoteParameters.Repeats)
{
    public double Run()
    {
        double dummy = 0.0;
        var times = new RunningStatistics();
        for (int j = 0; j < repeats; j++)
        {
            times.Add(Mark2.TimeMultiply(clock, count, ref dummy));
        }

        output.WriteLine(Invariant($"{MarkLine.Ns(times.Mean)} ns +/- {times.StandardDeviation,6:F3}"));
        return dummy;
    }
}
