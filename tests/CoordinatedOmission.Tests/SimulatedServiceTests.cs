namespace CoordinatedOmission.Tests;

public class SimulatedServiceTests
{
    [Fact]
    public void Every_nth_request_pauses_instead_of_working()
    {
        var clock = new VirtualClock();
        var service = new SimulatedService(new VirtualServiceTime(clock, TimeSpan.FromMilliseconds(1), TimeSpan.FromMilliseconds(200)), pauseEvery: 3);

        var paused = Enumerable.Range(0, 10).Select(_ => service.Process()).ToList();

        paused.Should().Equal(false, false, true, false, false, true, false, false, true, false);
        service.Processed.Should().Be(10);
        service.Pauses.Should().Be(3);
        clock.Now.Should().Be(PostRunFixture.Ticks((7 * 1) + (3 * 200)));
    }

    [Fact]
    public void Pause_every_1_pauses_every_request()
    {
        var clock = new VirtualClock();
        var service = new SimulatedService(new VirtualServiceTime(clock, TimeSpan.FromMilliseconds(1), TimeSpan.FromMilliseconds(5)), pauseEvery: 1);

        for (int i = 0; i < 4; i++)
        {
            service.Process().Should().BeTrue();
        }

        clock.Now.Should().Be(PostRunFixture.Ticks(20));
    }

    [Fact]
    public void Pause_every_must_be_at_least_one()
    {
        var act = () => new SimulatedService(new VirtualServiceTime(new VirtualClock(), TimeSpan.FromMilliseconds(1), TimeSpan.Zero), pauseEvery: 0);

        act.Should().Throw<ArgumentOutOfRangeException>();
    }

    [Fact]
    public void The_real_service_time_spins_and_sleeps_without_a_clock()
    {
        // Smoke only: a few tiny real requests complete and are counted; nothing about how long they took.
        var service = new SimulatedService(new RealServiceTime(spinIterations: 10, TimeSpan.FromMilliseconds(1)), pauseEvery: 2);

        var paused = Enumerable.Range(0, 4).Select(_ => service.Process()).ToList();

        paused.Should().Equal(false, true, false, true);
    }

    [Fact]
    public void Spin_calibration_returns_a_usable_iteration_count()
    {
        // Structure only (no timing assertion): a short target and few samples keep it quick.
        var result = SpinCalibration.Calibrate(TimeSpan.FromMicroseconds(50), samples: 5);

        result.Iterations.Should().BePositive();
        result.Samples.Should().Be(5);
        result.Target.Should().Be(TimeSpan.FromMicroseconds(50));
        result.Median.Should().BePositive();
    }

    [Fact]
    public void Spin_calibration_rejects_a_non_positive_target()
    {
        var act = () => SpinCalibration.Calibrate(TimeSpan.Zero);

        act.Should().Throw<ArgumentOutOfRangeException>();
    }
}
