namespace CoordinatedOmission.Tests;

/// <summary>
/// The real clock, end to end, in a run of about a second per client: counts and structure only. How fast anything
/// was is for the program's report, never for a test.
/// </summary>
public class RealClockSmokeTests
{
    [Fact]
    public void A_short_real_run_of_every_client_sends_and_records_every_request()
    {
        var settings = new SimulationSettings { RatePerSecond = 200, DurationSeconds = 1, PauseEvery = 50, PauseMilliseconds = 5, Clients = ClientKinds.All, Workers = 2 };

        var result = SimulationRun.Run(settings, TextWriter.Null);

        result.Calibration.Should().NotBeNull();
        result.Calibration!.Iterations.Should().BePositive();
        result.Clients.Should().HaveCount(3);
        foreach (var client in result.Clients)
        {
            client.Requests.Should().Be(200, client.Name);
            client.Latency.Count.Should().Be(200, client.Name);
            client.Pauses.Should().Be(4, client.Name);
            client.Trace!.Timings.Should().OnlyContain(t => t.Intended <= t.Sent && t.Sent <= t.Started && t.Started <= t.Completed, client.Name);
            client.Trace.Timings.Count(t => t.Paused).Should().Be(4, client.Name);
        }

        result.Open!.SendLateness!.Count.Should().Be(200);
        result.Concurrent!.SendLateness!.Count.Should().Be(200);
        result.Closed!.Corrected.Count.Should().BeGreaterThanOrEqualTo(200);
        SimulationReport.Render(result).Should().Contain("- Clock: real");
    }

    [Fact]
    public void The_real_clock_waits_at_least_until_the_target()
    {
        var clock = new RealClock();
        long target = clock.Now + clock.ToTicks(TimeSpan.FromMilliseconds(3));

        clock.WaitUntil(target);

        clock.Now.Should().BeGreaterThanOrEqualTo(target);
    }

    [Fact]
    public void The_real_queue_hands_every_item_to_one_consumer_and_stops_when_complete()
    {
        var clock = new RealClock();
        var queue = clock.CreateQueue<int>();
        var taken = new List<int>[2] { [], [] };

        clock.RunConcurrently(
        [
            new ConcurrentBody("producer", () =>
            {
                for (int i = 0; i < 1_000; i++)
                {
                    queue.Add(i);
                }

                queue.CompleteAdding();
            }),
            new ConcurrentBody("consumer-0", () => { while (queue.TryTake(out int item)) { taken[0].Add(item); } }),
            new ConcurrentBody("consumer-1", () => { while (queue.TryTake(out int item)) { taken[1].Add(item); } }),
        ]);

        taken.SelectMany(t => t).Order().Should().Equal(Enumerable.Range(0, 1_000));
    }
}
