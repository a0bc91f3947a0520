namespace HandRolledHarness.Tests;

public class TimerTests
{
    [Fact]
    public void Check_gives_the_seconds_since_the_timer_was_made()
    {
        var clock = new FakeClock();
        var timer = new Timer(clock);
        clock.Advance(1_500_000_000);

        timer.Check().Should().Be(1.5);
    }

    [Fact]
    public void Time_between_pause_and_play_is_left_out()
    {
        var clock = new FakeClock();
        var timer = new Timer(clock);
        clock.Advance(100);
        timer.Pause();
        clock.Advance(1_000_000);
        timer.Play();
        clock.Advance(20);
        timer.Pause();
        clock.Advance(5_000);
        timer.Play();
        clock.Advance(3);

        timer.Check().Should().Be(123e-9);
    }
}
