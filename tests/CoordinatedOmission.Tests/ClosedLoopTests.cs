using MeasurementLab;

namespace CoordinatedOmission.Tests;

public class ClosedLoopTests(PostRunFixture post) : IClassFixture<PostRunFixture>
{
    private static readonly long Work = PostRunFixture.Ticks(1);
    private static readonly long Pause = PostRunFixture.Ticks(200);

    [Fact]
    public void Sends_exactly_rate_times_duration_requests_of_which_exactly_27_hit_a_pause()
    {
        var closed = post.Closed.Measured;

        closed.Requests.Should().Be(13_500);
        closed.Latency.Count.Should().Be(13_500);
        closed.Pauses.Should().Be(27);
        closed.Trace!.Timings.Count(t => t.Paused).Should().Be(27);
        closed.Trace.Timings.Select((t, i) => (t, i)).Where(x => x.t.Paused).Select(x => x.i)
            .Should().Equal(Enumerable.Range(1, 27).Select(k => (k * 500) - 1), "every 500th request pauses");
    }

    [Fact]
    public void Measures_from_the_actual_start_so_it_sees_only_1_ms_and_the_27_pauses()
    {
        var timings = post.Closed.Measured.Trace!.Timings;

        timings.Where(t => !t.Paused).Should().OnlyContain(t => t.Latency == Work);
        timings.Where(t => t.Paused).Should().OnlyContain(t => t.Latency == Pause);
        timings.Should().OnlyContain(t => t.Intended == t.Sent, "a closed loop has no schedule: it intends to send when it sends");
        timings.Zip(timings.Skip(1)).Should().OnlyContain(p => p.Second.Sent == p.First.Completed, "the next request leaves when the previous answer is back");
    }

    [Fact]
    public void Reports_the_posts_closed_loop_buckets_and_a_clean_p99()
    {
        var latency = post.Closed.Measured.Latency;

        SimulationReport.BucketCounts(latency).Should().Equal(13_473, 0, 0, 0, 0, 27);
        latency.ValueAt(99).TotalMilliseconds.Should().BeApproximately(1.0, 0.001);
        latency.ValueAt(99.9).TotalMilliseconds.Should().BeApproximately(200.0, 0.2);
    }

    [Fact]
    public void Each_pause_omits_pause_times_rate_requests()
    {
        var settings = PostRunFixture.PostSettings;
        var omitted = PauseAnalysis.OmittedPerPause(post.Closed.Measured.Trace!, settings.RatePerSecond, VirtualClock.TicksPerSecond);

        omitted.Should().HaveCount(27).And.OnlyContain(o => o == 90);
        omitted.Should().OnlyContain(o => o == (long)settings.PauseMilliseconds * settings.RatePerSecond / 1000);
    }

    [Fact]
    public void The_corrected_histogram_is_the_closed_loop_data_with_the_expected_interval_correction_by_definition()
    {
        long interval = post.Closed.ExpectedIntervalTicks;
        interval.Should().Be(VirtualClock.TicksPerSecond / 450);
        var byDefinition = new LatencyRecorder(PostRunFixture.PostSettings.HighestTrackable, VirtualClock.TicksPerSecond);
        var synthesized = new List<long>();
        foreach (var t in post.Closed.Measured.Trace!.Timings)
        {
            byDefinition.Record(t.Latency);
            for (long missing = t.Latency - interval; t.Latency > interval && missing >= interval; missing -= interval)
            {
                byDefinition.Record(missing);
                synthesized.Add(missing);
            }
        }

        var corrected = post.Closed.Corrected;
        synthesized.Should().HaveCount(27 * 89);
        corrected.Count.Should().Be(13_500 + (27 * 89));
        post.Closed.Synthesized.Should().Be(27 * 89);
        for (double p = 0; p <= 100; p += 0.5)
        {
            corrected.ValueAtTicks(p).Should().Be(byDefinition.ValueAtTicks(p), "percentile {0}", p);
        }

        // Every synthesized value v − k·interval is present (27 times, once per pause).
        foreach (long value in synthesized.Distinct())
        {
            var at = corrected.ToTimeSpan(value);
            var window = TimeSpan.FromTicks(Math.Max(1, at.Ticks / 500));  // 0.2%: wider than the histogram's 0.1% resolution, narrower than the gaps
            corrected.CountBetween(at - window, at + window).Should().BeGreaterThanOrEqualTo(27, "value {0} ticks", value);
        }
    }

    [Theory]
    [InlineData(300, 5, 100, 70)]
    [InlineData(450, 3, 7, 20)]
    [InlineData(100, 2, 1, 0)]
    public void Other_settings_follow_the_same_rules(int rate, int duration, int pauseEvery, int pauseMs)
    {
        var settings = new SimulationSettings { Virtual = true, Clients = ClientKinds.Closed, RatePerSecond = rate, DurationSeconds = duration, PauseEvery = pauseEvery, PauseMilliseconds = pauseMs };

        var closed = SimulationRun.Run(settings, TextWriter.Null).Closed!;

        long total = (long)rate * duration;
        closed.Measured.Requests.Should().Be(total);
        closed.Measured.Latency.Count.Should().Be(total);
        closed.Measured.Pauses.Should().Be(total / pauseEvery);
        PauseAnalysis.OmittedPerPause(closed.Measured.Trace!, rate, VirtualClock.TicksPerSecond)
            .Should().OnlyContain(o => o == (long)pauseMs * rate / 1000);
        closed.Measured.Trace!.Timings.Should().OnlyContain(t => t.Latency == (t.Paused ? PostRunFixture.Ticks(pauseMs) : Work));
    }
}
