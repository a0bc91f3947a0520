namespace CoordinatedOmission.Tests;

public class ConcurrentOpenLoopTests(PostRunFixture post) : IClassFixture<PostRunFixture>
{
    private static readonly long Work = PostRunFixture.Ticks(1);

    [Fact]
    public void With_one_worker_it_measures_exactly_what_the_serial_open_loop_measures()
    {
        var concurrent = post.Concurrent.Trace!.Timings;
        var serial = post.Open.Trace!.Timings;
        long concurrentOrigin = concurrent[0].Intended;
        long serialOrigin = serial[0].Intended;

        post.Concurrent.Requests.Should().Be(13_500);
        post.Concurrent.Pauses.Should().Be(27);
        concurrent.Select(t => (t.Intended - concurrentOrigin, t.Latency, t.Paused))
            .Should().Equal(serial.Select(t => (t.Intended - serialOrigin, t.Latency, t.Paused)));
        post.Concurrent.Latency.Count.Should().Be(13_500);
    }

    [Fact]
    public void Its_dispatcher_never_sends_late_so_the_queueing_is_the_services()
    {
        var timings = post.Concurrent.Trace!.Timings;

        post.Concurrent.SendLateness!.Count.Should().Be(13_500);
        post.Concurrent.SendLateness.MaxTicks.Should().Be(0);
        timings.Should().OnlyContain(t => t.Sent == t.Intended);
        timings.Count(t => t.Started > t.Sent).Should().Be(26 * 162, "the catch-up waits in the service's queue");
    }

    [Fact]
    public void A_second_worker_absorbs_the_pause_so_only_the_paused_requests_are_slow()
    {
        var settings = PostRunFixture.PostSettings with { Clients = ClientKinds.Concurrent, Workers = 2 };

        var run = SimulationRun.Run(settings, TextWriter.Null).Concurrent!;

        run.Requests.Should().Be(13_500);
        run.Latency.Count.Should().Be(13_500);
        run.Pauses.Should().Be(27);
        run.Trace!.Timings.Where(t => !t.Paused).Should().OnlyContain(t => t.Latency == Work && t.Started == t.Intended);
        run.Trace.Timings.Where(t => t.Paused).Should().OnlyContain(t => t.Latency == PostRunFixture.Ticks(200));
        run.Latency.ValueAt(99).TotalMilliseconds.Should().BeApproximately(1.0, 0.001);
        PauseAnalysis.OpenLoopEffects(run.Trace, waitToleranceTicks: 0).Should().OnlyContain(e => e.Backlog == 0 && e.Delayed == 0);
    }

    [Fact]
    public void Every_request_is_served_once_and_after_it_was_sent()
    {
        var timings = post.Concurrent.Trace!.Timings;

        timings.Should().OnlyContain(t => t.Intended <= t.Sent && t.Sent <= t.Started && t.Started < t.Completed);
        timings.Zip(timings.Skip(1)).Should().OnlyContain(p => p.Second.Started >= p.First.Completed, "one worker serves one request at a time, in order");
    }
}
