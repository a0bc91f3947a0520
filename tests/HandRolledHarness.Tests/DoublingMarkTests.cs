using static HandRolledHarness.Tests.EarlyMarkTests;

namespace HandRolledHarness.Tests;

public class DoublingMarkTests
{
    private const long Ms = 1_000_000;

    [Fact]
    public void Mark5_doubles_the_count_until_the_last_loop_of_a_round_takes_the_minimum_time()
    {
        // Rounds of 2 loops; 250 ms minimum. Round 3's first loop is long enough but its last is not, so it goes on.
        var clock = new FakeClock().ScriptLoops(100 * Ms, 100 * Ms, 200 * Ms, 200 * Ms, 300 * Ms, 100 * Ms, 100 * Ms, 250 * Ms);
        var output = new StringWriter();

        new Mark5(clock, output, repeats: 2, minSeconds: 0.25).Run();

        var counts = Lines(output).Select(l => int.Parse(l.Split(' ', StringSplitOptions.RemoveEmptyEntries)[^1], System.Globalization.CultureInfo.InvariantCulture));
        counts.Should().Equal(2, 4, 8, 16);
        clock.ScriptedReadsLeft.Should().Be(0, "each round timed exactly two loops");
        Lines(output)[0].Should().Be("50000000.00 ns +/-     0.00          2");
    }

    [Fact]
    public void The_count_stops_doubling_at_the_cap_before_it_can_overflow()
    {
        NoteParameters.CountCap.Should().Be(int.MaxValue / 2);
        var counts = new List<int>();
        int count = 1;
        do
        {
            count *= 2;
            counts.Add(count);
        }
        while (DoublingRounds.Continue(lastLoopSeconds: 0.0, count, minSeconds: 0.25));

        counts[^1].Should().Be(1 << 30);
        counts.Should().OnlyContain(c => c > 0);
        DoublingRounds.Continue(0.0, NoteParameters.CountCap - 1, 0.25).Should().BeTrue();
        DoublingRounds.Continue(0.0, NoteParameters.CountCap, 0.25).Should().BeFalse();
    }

    [Fact]
    public void Mark6_prints_every_round_and_Mark7_only_the_last()
    {
        long[] loops = [10, 10, 20, 20, 30, 30];
        var output6 = new StringWriter();
        var output7 = new StringWriter();

        new Mark6(new FakeClock().ScriptLoops(loops), output6, repeats: 2, minSeconds: 30e-9).Run("f", i => i);
        var result = new Mark7(new FakeClock().ScriptLoops(loops), output7, repeats: 2, minSeconds: 30e-9).Run("f", i => i);

        Lines(output6).Should().HaveCount(3);
        Lines(output7).Should().Equal(Lines(output6)[^1]);
        result.Count.Should().Be(8);
        Lines(output7)[0].Should().Be(MarkLine.Format("f", "", result));
    }

    [Fact]
    public void Mark8_reports_mean_and_standard_deviation_of_the_last_round()
    {
        // One round of count 2 and three loops of 20, 40, 60 ns: per call 10, 20, 30 ns; mean 20, sdev 10.
        var output = new StringWriter();
        var result = new Mark8(new FakeClock().ScriptLoops(20, 40, 60), output, repeats: 3, minSeconds: 50e-9).Run("f", " 100", i => 1.0);

        result.Count.Should().Be(2);
        result.Mean.Should().BeApproximately(20.0, 1e-9);
        result.StandardDeviation.Should().BeApproximately(10.0, 1e-9);
        result.Dummy.Should().Be(1.0);
        Lines(output).Should().Equal("f".PadRight(25) + " " + " 100" + "20.00".PadLeft(16) + " " + "10.00".PadLeft(10) + " " + "2".PadLeft(10));
    }

    [Fact]
    public void Mark8_times_repeats_loops_per_round()
    {
        // Four loops a round; round 1's last loop (1 ns) is under the 100 ns minimum, round 2's (100 ns) is not.
        var clock = new FakeClock().ScriptLoops(1, 1, 1, 1, 1, 1, 1, 100);
        int called = 0;

        var result = new Mark8(clock, new StringWriter(), repeats: 4, minSeconds: 100e-9).Run("f", "", i => ++called);

        result.Count.Should().Be(4);
        called.Should().Be((4 * 2) + (4 * 4));
        clock.ScriptedReadsLeft.Should().Be(0);
    }

    [Fact]
    public void Mark8_minimum_time_is_judged_on_the_last_loop_of_a_round()
    {
        var clock = new FakeClock().ScriptLoops(150, 1, 1, 100);

        var result = new Mark8(clock, new StringWriter(), repeats: 2, minSeconds: 100e-9).Run("f", "", i => i);

        result.Count.Should().Be(4, "round 1's first loop was long enough but its last was not");
    }

    [Fact]
    public void Mark8_minimum_time_is_a_parameter()
    {
        long[] loops = [10, 10, 20, 20, 40, 40];

        var shortRun = new Mark8(new FakeClock().ScriptLoops(loops), new StringWriter(), repeats: 2, minSeconds: 20e-9).Run("f", "", i => i);
        var longRun = new Mark8(new FakeClock().ScriptLoops(loops), new StringWriter(), repeats: 2, minSeconds: 40e-9).Run("f", "", i => i);

        shortRun.Count.Should().Be(4);
        longRun.Count.Should().Be(8);
    }

    [Fact]
    public void Mark8Setup_leaves_the_setup_time_out_exactly()
    {
        var clock = new FakeClock();
        var benchmarkable = new ClockedBenchmarkable(clock, setupNanoseconds: 1_000_000, callNanoseconds: 7);

        var result = new Mark8Setup(clock, new StringWriter(), repeats: 3, minSeconds: 50e-9).Run("sort", "", benchmarkable);

        result.Mean.Should().Be(7.0);
        result.StandardDeviation.Should().Be(0.0);
        benchmarkable.Setups.Should().Be(benchmarkable.Calls, "the setup runs before every call");
        benchmarkable.Calls.Should().Be(3 * (2 + 4 + 8));
    }

    [Fact]
    public void The_sweep_stops_each_function_at_its_own_largest_size_and_at_max_size()
    {
        var clock = new FakeClock { AdvanceEveryRead = 1_000 };
        NoteFunction[] functions =
        [
            new SortFunction("small", System.Array.Sort, MaxSize: 200),
            new SortFunction("large", System.Array.Sort, MaxSize: 1_600),
            new SearchFunction("search", BinarySearchDesigns.SameItem, MaxSize: 6_553_600),
        ];

        var rows = SizeSweepRunner.Run(functions, maxSize: 800,
            new Mark8(clock, TextWriter.Null, repeats: 2, minSeconds: 1e-6), new Mark8Setup(clock, TextWriter.Null, repeats: 2, minSeconds: 1e-6)).ToList();

        rows.Select(r => $"{r.Function}@{r.Size}").Should().Equal(
            "search@100", "search@200", "search@400", "search@800",
            "small@100", "large@100", "small@200", "large@200", "large@400", "large@800");
        rows.Should().OnlyContain(r => r.Group == (r.Function == "search" ? "binary_search" : "sort"));
    }

    private sealed class ClockedBenchmarkable(FakeClock clock, long setupNanoseconds, long callNanoseconds) : Benchmarkable
    {
        public int Setups { get; private set; }

        public int Calls { get; private set; }

        public override void Setup()
        {
            Setups++;
            clock.Advance(setupNanoseconds);
        }

        public override double Call(int i)
        {
            Calls++;
            clock.Advance(callNanoseconds);
            return 0.0;
        }
    }
}
