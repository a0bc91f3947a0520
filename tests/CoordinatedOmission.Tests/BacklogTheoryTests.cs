namespace CoordinatedOmission.Tests;

public class BacklogTheoryTests
{
    private static long Ms(double ms) => PostRunFixture.Ticks(ms);

    [Fact]
    public void The_posts_numbers_come_out_of_the_formulas()
    {
        const long f = VirtualClock.TicksPerSecond;

        BacklogTheory.OmittedPerPause(Ms(200), 450, f).Should().Be(90, "200 ms × 450/s");
        BacklogTheory.QueuedAtPauseEnd(Ms(200), 450, f).Should().Be(89, "the 90th is due the instant the pause ends");
        BacklogTheory.QueuedAtPauseEnd(Ms(70), 333, f).Should().Be(23, "70 ms × 333/s = 23.3");
        BacklogTheory.QueuedAtPauseEnd(0, 450, f).Should().Be(0);
        BacklogTheory.DelayedAfterPause(Ms(200), Ms(1), 450, f).Should().Be(162, "(200 − 1) / (2.222 − 1) = 162.8");
        BacklogTheory.SynthesizedFor(Ms(200), f / 450).Should().Be(89, "200 / 2.222 = 90.0001, minus the recorded value itself");
    }

    [Fact]
    public void A_service_slower_than_the_interval_never_catches_up()
    {
        BacklogTheory.DelayedAfterPause(Ms(200), Ms(3), 450, VirtualClock.TicksPerSecond).Should().BeNull();
    }

    [Fact]
    public void A_pause_no_longer_than_the_work_delays_nobody()
    {
        BacklogTheory.DelayedAfterPause(Ms(1), Ms(1), 450, VirtualClock.TicksPerSecond).Should().Be(0);
        BacklogTheory.DelayedAfterPause(0, Ms(1), 450, VirtualClock.TicksPerSecond).Should().Be(0);
    }

    [Theory]
    [InlineData(100, 100, 0)]
    [InlineData(199, 100, 0)]
    [InlineData(200, 100, 1)]
    [InlineData(1000, 100, 9)]
    public void Synthesized_count_is_one_per_whole_interval_below_the_value(long value, long interval, long expected)
    {
        BacklogTheory.SynthesizedFor(value, interval).Should().Be(expected);
    }
}
