namespace CoordinatedOmission.Tests;

/// <summary>A real-clock run tells a person what runs and how long is left, on the progress writer only.</summary>
public class ProgressTests
{
    [Fact]
    public void The_plan_expects_the_closed_loop_at_service_speed_and_open_loops_on_their_schedule()
    {
        var plan = SimulationRun.Plan(new SimulationSettings { Clients = ClientKinds.All, Workers = 2 });

        // 13,500 requests of (499 × 1 ms + 200 ms) / 500 = 1.398 ms each.
        plan.Select(p => p.Client).Should().Equal("Closed-loop", "Open-loop", "Concurrent");
        plan[0].Seconds.Should().BeApproximately(13_500 * 0.001398, 1e-9);
        plan[1].Seconds.Should().Be(30, "450 req/s for 30 s keeps a 63%-busy service ahead of its schedule");
        plan[2].Seconds.Should().Be(30);
    }

    [Fact]
    public void A_real_run_reports_each_client_and_the_time_left_on_the_progress_writer()
    {
        var settings = new SimulationSettings { RatePerSecond = 200, DurationSeconds = 1, PauseEvery = 50, PauseMilliseconds = 5, Clients = ClientKinds.Closed | ClientKinds.Open };
        using var progress = new StringWriter();

        SimulationRun.Run(settings, progress, progressInterval: TimeSpan.FromMilliseconds(100));

        string text = progress.ToString();
        text.Should().Contain("[coordinated-omission] Closed-loop, Open-loop: 200 requests each")
            .And.Contain("[coordinated-omission] Open-loop: 200 requests, about")
            .And.MatchRegex(@"\[coordinated-omission\] Open-loop: 200/200 requests: 100% after \d+ s, about 0 s left")
            .And.Contain("[coordinated-omission] all clients done in");
    }

    [Fact]
    public void A_virtual_run_has_nothing_to_wait_for_and_prints_no_progress()
    {
        using var progress = new StringWriter();

        SimulationRun.Run(new SimulationSettings { Virtual = true, DurationSeconds = 2 }, progress);

        progress.ToString().Should().BeEmpty();
    }
}
