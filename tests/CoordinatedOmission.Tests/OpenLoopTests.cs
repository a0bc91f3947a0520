namespace CoordinatedOmission.Tests;

public class OpenLoopTests(PostRunFixture post) : IClassFixture<PostRunFixture>
{
    private const int Rate = 450;
    private static readonly long Work = PostRunFixture.Ticks(1);
    private static readonly long Pause = PostRunFixture.Ticks(200);

    [Fact]
    public void Sends_the_whole_schedule_of_13500_requests_of_which_27_hit_a_pause()
    {
        var open = post.Open;

        open.Requests.Should().Be(13_500);
        open.Latency.Count.Should().Be(13_500);
        open.SendLateness!.Count.Should().Be(13_500);
        open.Pauses.Should().Be(27);
    }

    [Fact]
    public void Its_histogram_holds_each_requests_latency_from_the_intended_start()
    {
        foreach (var client in new[] { post.Open, post.Concurrent })
        {
            var fromTrace = new MeasurementLab.LatencyRecorder(PostRunFixture.PostSettings.HighestTrackable, VirtualClock.TicksPerSecond);
            foreach (var t in client.Trace!.Timings)
            {
                fromTrace.Record(t.Completed - t.Intended);
            }

            for (double p = 0; p <= 100; p += 0.5)
            {
                client.Latency.ValueAtTicks(p).Should().Be(fromTrace.ValueAtTicks(p), "{0} at percentile {1}", client.Name, p);
            }
        }
    }

    [Fact]
    public void Requests_are_intended_on_a_fixed_schedule_of_one_every_1_over_rate()
    {
        var timings = post.Open.Trace!.Timings;
        long origin = timings[0].Intended;

        timings.Select((t, i) => t.Intended - origin).Should().Equal(Enumerable.Range(0, 13_500).Select(i => PostRunFixture.ScheduleOffset(i, Rate)));
    }

    [Fact]
    public void After_each_pause_the_backlog_and_the_catch_up_are_what_queueing_predicts()
    {
        var timings = post.Open.Trace!.Timings;
        var pausedAt = Enumerable.Range(0, timings.Count).Where(i => timings[i].Paused).ToList();
        pausedAt.Should().HaveCount(27);

        foreach (int p in pausedAt)
        {
            // The paused request started on time (the previous backlog had cleared), so it took exactly the pause.
            timings[p].Latency.Should().Be(Pause);
            long pauseEnd = timings[p].Completed;
            if (p == timings.Count - 1)
            {
                continue;  // the 27th pause is the last request: nobody behind it
            }

            // Backlog: 200 ms × 450/s = 90 requests fall due during the pause; 89 are queued when it ends (the 90th is
            // due at that very instant), and every one of them is served only after it.
            var due = Enumerable.Range(p + 1, timings.Count - p - 1).TakeWhile(j => timings[j].Intended <= pauseEnd).ToList();
            due.Should().HaveCount(90);
            due.Should().OnlyContain(j => timings[j].Sent >= pauseEnd);
            due.Count(j => timings[j].Intended < pauseEnd).Should().Be(89);

            // Catch-up: the j-th follower starts when the j−1 before it are done, pauseEnd + (j−1)·work, and completes
            // one work later, as long as that start is after its intended time.
            int j = 1;
            for (; p + j < timings.Count && pauseEnd + ((j - 1) * Work) > timings[p + j].Intended; j++)
            {
                var t = timings[p + j];
                t.Sent.Should().Be(pauseEnd + ((j - 1) * Work));
                t.Completed.Should().Be(pauseEnd + (j * Work));
                t.Latency.Should().Be(pauseEnd + (j * Work) - t.Intended);
            }

            (j - 1).Should().Be(162, "(200 − 1) / (2.222 − 1) = 162.8 followers start late");
            timings[p + j].Latency.Should().Be(Work, "once caught up, a request takes exactly the work again");
            timings[p + j].Sent.Should().Be(timings[p + j].Intended);
        }
    }

    [Fact]
    public void The_pause_analysis_counts_the_same_backlog_and_catch_up()
    {
        var effects = PauseAnalysis.OpenLoopEffects(post.Open.Trace!, waitToleranceTicks: 0);

        effects.Should().HaveCount(27);
        effects.Take(26).Should().OnlyContain(e => e.Backlog == 89 && e.Delayed == 162);
        effects[26].Should().Be(new PauseEffect(13_499, 0, 0));
    }

    [Fact]
    public void Buckets_follow_from_the_per_request_latencies()
    {
        var latencies = post.Open.Trace!.Timings.Select(t => t.Latency).ToList();
        var expected = SimulationReport.Buckets
            .Select(b => latencies.LongCount(v => v >= PostRunFixture.Ticks(b.From.TotalMilliseconds)
                && (b.To == TimeSpan.MaxValue || v < PostRunFixture.Ticks(b.To.TotalMilliseconds))))
            .ToArray();

        SimulationReport.BucketCounts(post.Open.Latency).Should().Equal(expected);
        expected.Skip(1).Sum().Should().Be(27 + (26 * 162), "the pauses and their catch-up are all that leaves the 0–2 ms bucket");
    }

    [Fact]
    public void The_open_over_closed_p99_ratio_comes_out_of_the_simulation()
    {
        double closedP99 = post.Closed.Measured.Latency.ValueAtTicks(99);
        double openP99 = post.Open.Latency.ValueAtTicks(99);

        // Not a number we set: the closed loop's p99 is the 1 ms work, the open loop's is deep in the catch-up tail.
        closedP99.Should().BeApproximately(Work, Work * 0.001);
        (openP99 / closedP99).Should().BeGreaterThan(100, "the post's two orders of magnitude");
        post.Open.Latency.ValueAtTicks(50).Should().Be(post.Closed.Measured.Latency.ValueAtTicks(50), "the median is the same for both");
    }

    [Fact]
    public void The_serial_client_sends_late_after_each_pause_and_on_time_otherwise()
    {
        var timings = post.Open.Trace!.Timings;

        timings.Count(t => t.SendLateness > 0).Should().Be(26 * 162);
        post.Open.SendLateness!.ValueAtTicks(50).Should().Be(0);
        post.Open.SendLateness.MaxTicks.Should().BeGreaterThan(PostRunFixture.Ticks(190));
    }
}
