namespace HandRolledHarness.Tests;

public class EarlyMarkTests
{
    [Fact]
    public void Mark0_prints_the_time_of_its_one_call()
    {
        var output = new StringWriter();
        new Mark0(new FakeClock().ScriptLoops(57), output).Run();

        Lines(output).Should().Equal("  57.00 ns");
    }

    [Fact]
    public void Mark1_divides_the_loop_time_by_the_count()
    {
        var output = new StringWriter();
        new Mark1(new FakeClock().ScriptLoops(2_500), output, count: 1_000).Run();

        Lines(output).Should().Equal("   2.50 ns");
    }

    [Fact]
    public void Mark2_returns_the_sum_of_the_results()
    {
        var output = new StringWriter();
        double dummy = new Mark2(new FakeClock().ScriptLoops(30), output, count: 3).Run();

        dummy.Should().Be(NoteFunctions.Multiply(0) + NoteFunctions.Multiply(1) + NoteFunctions.Multiply(2));
        Lines(output).Should().Equal("  10.00 ns");
    }

    [Fact]
    public void Mark3_prints_one_line_per_repeat()
    {
        var output = new StringWriter();
        new Mark3(new FakeClock().ScriptLoops(10, 20, 30), output, count: 10, repeats: 3).Run();

        Lines(output).Should().Equal("   1.00 ns", "   2.00 ns", "   3.00 ns");
    }

    [Fact]
    public void Mark4_prints_mean_and_standard_deviation_of_the_repeats()
    {
        // Per call 10, 20, 30, 40 ns: mean 25, sdev √((3000 − 25²·4)/3) = √(500/3) = 12.910 ns.
        var output = new StringWriter();
        new Mark4(new FakeClock().ScriptLoops(100, 200, 300, 400), output, count: 10, repeats: 4).Run();

        Lines(output).Should().Equal("  25.00 ns +/- 12.910");
    }

    [Fact]
    public void Running_statistics_follow_the_note_formula()
    {
        var stats = new RunningStatistics();
        foreach (double t in new[] { 2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0 })
        {
            stats.Add(t);
        }

        stats.Mean.Should().Be(5.0);
        stats.StandardDeviation.Should().BeApproximately(Math.Sqrt(32.0 / 7.0), 1e-12);
    }

    [Fact]
    public void Equal_times_give_zero_deviation_not_NaN()
    {
        // Ten times 30.3 ns: Σt² − mean²·n comes out about −4e-12 in doubles, whose square root is NaN.
        var stats = new RunningStatistics();
        for (int i = 0; i < 10; i++)
        {
            stats.Add(30.3);
        }

        stats.StandardDeviation.Should().Be(0.0);
    }

    internal static string[] Lines(StringWriter output) =>
        output.ToString().Split(Environment.NewLine, StringSplitOptions.RemoveEmptyEntries);
}
