using System.Diagnostics;
using System.Globalization;

namespace MeasurementLab.Tests;

public class LatencyRecorderTests
{
    // Microsecond ticks keep the expected values readable; the recorder does not care what a tick is.
    private const long MicrosecondTicks = 1_000_000;

    private static LatencyRecorder Microseconds(double highestSeconds = 60) =>
        new(TimeSpan.FromSeconds(highestSeconds), MicrosecondTicks);

    private static void ShouldBeWithinResolution(TimeSpan actual, TimeSpan expected) =>
        actual.TotalMilliseconds.Should().BeApproximately(expected.TotalMilliseconds, (expected.TotalMilliseconds * 0.001) + 0.0002);

    [Fact]
    public void Defaults_are_stopwatch_ticks_and_sixty_seconds()
    {
        var recorder = new LatencyRecorder();

        recorder.TicksPerSecond.Should().Be(Stopwatch.Frequency);
        recorder.HighestTrackable.Should().Be(TimeSpan.FromSeconds(60));
        recorder.Record(Stopwatch.Frequency / 1000);
        ShouldBeWithinResolution(recorder.ValueAt(50), TimeSpan.FromMilliseconds(1));
    }

    [Fact]
    public void An_empty_recorder_reports_zeros()
    {
        var recorder = Microseconds();

        recorder.Count.Should().Be(0);
        recorder.Max.Should().Be(TimeSpan.Zero);
        recorder.Mean.Should().Be(TimeSpan.Zero);
        recorder.Summarize().Should().Be(new LatencySummary(0, TimeSpan.Zero, TimeSpan.Zero, TimeSpan.Zero, TimeSpan.Zero, TimeSpan.Zero));
    }

    [Fact]
    public void Percentiles_of_a_uniform_series_are_within_three_significant_digits()
    {
        var recorder = Microseconds();
        for (int ms = 1; ms <= 1000; ms++)
        {
            recorder.Record(ms * 1000L);
        }

        recorder.Count.Should().Be(1000);
        ShouldBeWithinResolution(recorder.ValueAt(50), TimeSpan.FromMilliseconds(500));
        ShouldBeWithinResolution(recorder.ValueAt(90), TimeSpan.FromMilliseconds(900));
        ShouldBeWithinResolution(recorder.ValueAt(99), TimeSpan.FromMilliseconds(990));
        ShouldBeWithinResolution(recorder.ValueAt(99.9), TimeSpan.FromMilliseconds(999));
        ShouldBeWithinResolution(recorder.Max, TimeSpan.FromMilliseconds(1000));
        ShouldBeWithinResolution(recorder.Mean, TimeSpan.FromMilliseconds(500.5));
    }

    [Fact]
    public void Summary_holds_the_same_values_as_the_queries()
    {
        var recorder = Microseconds();
        for (int i = 0; i < 999; i++)
        {
            recorder.Record(1_000);
        }

        recorder.Record(200_000);
        var summary = recorder.Summarize();

        summary.Count.Should().Be(1000);
        summary.P50.Should().Be(recorder.ValueAt(50));
        summary.P90.Should().Be(recorder.ValueAt(90));
        summary.P99.Should().Be(recorder.ValueAt(99));
        summary.P999.Should().Be(recorder.ValueAt(99.9));
        summary.Max.Should().Be(recorder.Max);
        ShouldBeWithinResolution(summary.P999, TimeSpan.FromMilliseconds(1));
        ShouldBeWithinResolution(summary.Max, TimeSpan.FromMilliseconds(200));
        summary.Percentiles.Select(p => p.Label).Should().Equal("p50", "p90", "p99", "p99.9", "max");
    }

    [Fact]
    public void Expected_interval_correction_synthesizes_the_values_a_constant_rate_sender_would_have_seen()
    {
        var recorder = Microseconds();

        recorder.RecordWithExpectedInterval(10_000, 3_000);

        // 10 ms with a 3 ms interval: the recorded 10 ms plus 7 ms and 4 ms (1 ms would be below one interval).
        recorder.Count.Should().Be(3);
        recorder.CountBetween(TimeSpan.FromMilliseconds(9.9), TimeSpan.FromMilliseconds(10.1)).Should().Be(1);
        recorder.CountBetween(TimeSpan.FromMilliseconds(6.9), TimeSpan.FromMilliseconds(7.1)).Should().Be(1);
        recorder.CountBetween(TimeSpan.FromMilliseconds(3.9), TimeSpan.FromMilliseconds(4.1)).Should().Be(1);
    }

    [Fact]
    public void Expected_interval_correction_leaves_values_below_the_interval_alone()
    {
        var recorder = Microseconds();

        recorder.RecordWithExpectedInterval(1_000, 2_222);
        recorder.RecordWithExpectedInterval(2_222, 2_222);

        recorder.Count.Should().Be(2);
    }

    [Fact]
    public void Expected_interval_correction_matches_its_definition_for_a_long_stall()
    {
        const long stall = 200_000;
        const long interval = 2_222;
        var corrected = Microseconds();
        var byDefinition = Microseconds();

        corrected.RecordWithExpectedInterval(stall, interval);
        byDefinition.Record(stall);
        for (long missing = stall - interval; missing >= interval; missing -= interval)
        {
            byDefinition.Record(missing);
        }

        corrected.Count.Should().Be(1 + (stall / interval) - 1);
        corrected.Count.Should().Be(byDefinition.Count);
        foreach (double p in new[] { 1.0, 10, 25, 50, 75, 90, 99, 100 })
        {
            corrected.ValueAtTicks(p).Should().Be(byDefinition.ValueAtTicks(p), "percentile {0}", p);
        }
    }

    [Fact]
    public void Expected_interval_must_be_positive()
    {
        var recorder = Microseconds();

        var act = () => recorder.RecordWithExpectedInterval(1_000, 0);

        act.Should().Throw<ArgumentOutOfRangeException>();
    }

    [Fact]
    public void Merging_per_thread_recorders_equals_recording_everything_in_one()
    {
        var first = Microseconds();
        var second = Microseconds();
        var all = Microseconds();
        for (int i = 1; i <= 500; i++)
        {
            first.Record(i * 10L);
            all.Record(i * 10L);
            second.Record(i * 1_000L);
            all.Record(i * 1_000L);
        }

        first.Add(second);

        first.Count.Should().Be(1000);
        first.MaxTicks.Should().Be(all.MaxTicks);
        foreach (double p in new[] { 10.0, 50, 90, 99, 99.9 })
        {
            first.ValueAtTicks(p).Should().Be(all.ValueAtTicks(p));
        }

        second.Count.Should().Be(500, "Add leaves the source untouched");
    }

    [Fact]
    public void A_reset_recorder_is_empty_and_records_again_as_a_fresh_one()
    {
        var reused = Microseconds();
        var fresh = Microseconds();
        reused.Record(5_000_000);
        reused.RecordWithExpectedInterval(3_000, 1_000);

        reused.Reset();

        reused.Count.Should().Be(0);
        reused.MaxTicks.Should().Be(0);
        reused.HighestTrackable.Should().Be(fresh.HighestTrackable);
        foreach (long v in new long[] { 7, 70, 700, 7_000 })
        {
            reused.Record(v);
            fresh.Record(v);
        }

        reused.Summarize().Should().Be(fresh.Summarize());
    }

    [Fact]
    public void Recorders_of_different_clocks_cannot_be_merged()
    {
        var micro = Microseconds();
        var nano = new LatencyRecorder(TimeSpan.FromSeconds(60), 1_000_000_000);

        var act = () => micro.Add(nano);

        act.Should().Throw<ArgumentException>().WithMessage("*ticks/s*");
    }

    [Fact]
    public void A_recorder_with_a_smaller_range_refuses_values_it_cannot_hold()
    {
        var wide = Microseconds(highestSeconds: 10);
        wide.Record(5_000_000);
        var narrow = Microseconds(highestSeconds: 1);

        var act = () => narrow.Add(wide);

        act.Should().Throw<ArgumentException>().WithMessage("*highest trackable*");
    }

    [Theory]
    [InlineData(-1L)]
    [InlineData(1_000_001L)]
    public void Values_outside_the_range_are_rejected_with_the_limit_in_the_message(long ticks)
    {
        var recorder = Microseconds(highestSeconds: 1);

        var act = () => recorder.Record(ticks);

        act.Should().Throw<ArgumentOutOfRangeException>().WithMessage("*highest trackable 1,000.00 ms*");
    }

    [Fact]
    public void The_highest_trackable_value_itself_is_accepted()
    {
        var recorder = Microseconds(highestSeconds: 1);

        recorder.Record(1_000_000);

        ShouldBeWithinResolution(recorder.Max, TimeSpan.FromSeconds(1));
    }

    [Theory]
    [InlineData(-0.1)]
    [InlineData(100.1)]
    [InlineData(double.NaN)]
    public void Percentiles_outside_0_to_100_are_rejected(double percentile)
    {
        var recorder = Microseconds();
        recorder.Record(1);

        var act = () => recorder.ValueAt(percentile);

        act.Should().Throw<ArgumentOutOfRangeException>();
    }

    [Fact]
    public void Count_between_places_each_value_in_one_half_open_bucket()
    {
        var recorder = Microseconds();
        foreach (long v in new long[] { 1_000, 1_999, 2_000, 49_000, 150_000, 200_000, 200_500 })
        {
            recorder.Record(v);
        }

        var edges = new[] { 0.0, 2, 50, 100, 150, 200 }.Select(TimeSpan.FromMilliseconds).Append(TimeSpan.MaxValue).ToArray();
        var counts = edges.Zip(edges.Skip(1), recorder.CountBetween).ToArray();

        counts.Should().Equal(2, 2, 0, 0, 1, 2);
        counts.Sum().Should().Be(recorder.Count);
    }

    [Fact]
    public void Percentile_distribution_is_written_in_hgrm_format_in_milliseconds()
    {
        var recorder = Microseconds();
        for (int i = 0; i < 999; i++)
        {
            recorder.Record(1_000);
        }

        recorder.Record(200_000);
        using var writer = new StringWriter(CultureInfo.InvariantCulture);

        recorder.WritePercentileDistribution(writer);

        string[] lines = writer.ToString().Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        lines[0].Should().MatchRegex(@"^Value\s+Percentile\s+TotalCount\s+1/\(1-Percentile\)$");
        var rows = lines.Skip(1)
            .Where(l => !l.StartsWith('#'))
            .Select(l => l.Split(' ', StringSplitOptions.RemoveEmptyEntries))
            .Select(f => (Value: double.Parse(f[0], CultureInfo.InvariantCulture), Percentile: double.Parse(f[1], CultureInfo.InvariantCulture), Total: long.Parse(f[2], CultureInfo.InvariantCulture)))
            .ToList();
        rows.Should().NotBeEmpty();
        rows[0].Value.Should().BeApproximately(1.0, 0.001, "values are scaled to milliseconds");
        rows[^1].Percentile.Should().Be(1.0);
        rows[^1].Total.Should().Be(1000);
        rows[^1].Value.Should().BeApproximately(200.0, 0.2);
        rows.Select(r => r.Total).Should().BeInAscendingOrder();
        lines.Should().Contain(l => l.StartsWith("#[Mean", StringComparison.Ordinal));
        lines.Should().Contain(l => l.StartsWith("#[Max", StringComparison.Ordinal) && l.Contains("Total count", StringComparison.Ordinal) && l.EndsWith(" 1000]", StringComparison.Ordinal));
        lines.Should().Contain(l => l.StartsWith("#[Buckets", StringComparison.Ordinal));
    }
}
