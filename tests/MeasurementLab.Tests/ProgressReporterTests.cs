namespace MeasurementLab.Tests;

public class ProgressReporterTests
{
    [Fact]
    public void The_time_left_is_extrapolated_from_the_work_done_so_far()
    {
        var clock = new ManualClock();
        var lines = new StringWriter();
        var progress = new ProgressReporter(lines, "latency", totalWork: 80, time: clock);

        clock.Advance(TimeSpan.FromSeconds(30));
        progress.Report(20, "Lock, 4 threads, batch 8/10");

        lines.ToString().Should().Be("[latency] Lock, 4 threads, batch 8/10: 25% after 30 s, about 1 min 30 s left\n");
        progress.Remaining(20).Should().Be(TimeSpan.FromSeconds(90));
    }

    [Fact]
    public void Before_any_work_the_callers_estimate_counts_down()
    {
        var clock = new ManualClock();
        var progress = new ProgressReporter(TextWriter.Null, "simulation", totalWork: 60, estimate: TimeSpan.FromMinutes(1), time: clock);

        clock.Advance(TimeSpan.FromSeconds(15));

        progress.Remaining(0).Should().Be(TimeSpan.FromSeconds(45));
        new ProgressReporter(TextWriter.Null, "x", 1, time: clock).Remaining(0).Should().BeNull("no work and no estimate: nothing to say");
    }

    [Fact]
    public void Restart_leaves_a_preparation_out_of_the_estimate()
    {
        var clock = new ManualClock();
        var progress = new ProgressReporter(TextWriter.Null, "simulation", totalWork: 10, time: clock);

        clock.Advance(TimeSpan.FromSeconds(60)); // calibrating
        progress.Restart();
        clock.Advance(TimeSpan.FromSeconds(5));

        progress.Remaining(5).Should().Be(TimeSpan.FromSeconds(5));
    }

    [Fact]
    public void Lines_are_throttled_unless_forced()
    {
        var clock = new ManualClock();
        var lines = new StringWriter();
        var progress = new ProgressReporter(lines, "t", totalWork: 10, time: clock, interval: TimeSpan.FromSeconds(5));

        progress.Report(1, "a");
        clock.Advance(TimeSpan.FromSeconds(1));
        progress.Report(2, "b");
        progress.Report(3, "c", force: true);
        clock.Advance(TimeSpan.FromSeconds(5));
        progress.Report(4, "d");
        progress.Announce("stage");
        progress.Finish("done");

        lines.ToString().Split('\n', StringSplitOptions.RemoveEmptyEntries).Select(l => l.Split(':')[0])
            .Should().Equal("[t] a", "[t] c", "[t] d", "[t] stage", "[t] done in 6 s");
    }

    [Theory]
    [InlineData(0, "0 s")]
    [InlineData(42.4, "42 s")]
    [InlineData(185, "3 min 05 s")]
    [InlineData(3720, "1 h 02 min")]
    public void Rough_durations_read_like_a_clock(double seconds, string expected) =>
        DurationFormat.Rough(TimeSpan.FromSeconds(seconds)).Should().Be(expected);
}
