using System.Globalization;
using MeasurementLab;

namespace CoordinatedOmission.Tests;

public sealed class PauseWindowsTests(PostRunFixture post) : IClassFixture<PostRunFixture>
{
    private static readonly string[] Header = ["client", "window", "windows", "first_request", "requests", "seconds", "p50_ms", "p90_ms", "p99_ms", "p999_ms", "max_ms"];

    // The post's run on the virtual clock: 13,500 requests, the pauses at 499, 999, … 13,499; 26 whole cycles follow one.
    private const int Cycles = 26;

    private static double Ms(long ticks) => ticks * 1000.0 / VirtualClock.TicksPerSecond;

    private List<Dictionary<string, string>> Rows()
    {
        string[] lines = SimulationFiles.WindowTable(post.Result)!.TrimEnd('\n').Split('\n');
        lines[0].Split(',').Should().Equal(Header);
        return [.. lines.Skip(1).Select(l => Header.Zip(l.Split(',')).ToDictionary(p => p.First, p => p.Second))];
    }

    private static double Cell(Dictionary<string, string> row, string column) => double.Parse(row[column], CultureInfo.InvariantCulture);

    [Fact]
    public void Every_client_is_cut_into_the_same_pause_cycles_and_p999_is_pooled_over_two()
    {
        var rows = Rows();

        foreach (string client in new[] { "Closed-loop", "Corrected", "Open-loop", "Concurrent" })
        {
            var single = rows.Where(r => r["client"] == client && r["windows"] == "1").ToList();
            single.Select(r => r["window"]).Should().Equal(Enumerable.Range(1, Cycles).Select(w => w.ToString(CultureInfo.InvariantCulture)), client);
            // Cycle w starts at the request the w-th pause hits: the backlog it leaves lands in the same cycle.
            single.Select(r => long.Parse(r["first_request"], CultureInfo.InvariantCulture)).Should().Equal(Enumerable.Range(0, Cycles).Select(k => 499L + (500L * k)), client);
            single.Should().OnlyContain(r => r["requests"] == "500" && r["p999_ms"] == "" && r["p50_ms"] != "" && r["p99_ms"] != "", client);

            // p99.9 needs 1,000 requests: on 13 rows of two cycles, which carry nothing a single cycle can hold.
            var pooled = rows.Where(r => r["client"] == client && r["windows"] == "2").ToList();
            pooled.Select(r => r["window"]).Should().Equal(Enumerable.Range(0, Cycles / 2).Select(k => (1 + (2 * k)).ToString(CultureInfo.InvariantCulture)), client);
            pooled.Should().OnlyContain(r => r["requests"] == "1000" && r["p999_ms"] != "" && r["p50_ms"] == "" && r["p90_ms"] == "" && r["p99_ms"] == "", client);
        }

        rows.Should().HaveCount(4 * (Cycles + (Cycles / 2)));
    }

    [Fact]
    public void A_closed_loop_cycle_lasts_its_pause_and_its_other_requests_back_to_back()
    {
        double work = SimulationSettings.BaselineServiceTime.TotalMilliseconds;
        double pause = PostRunFixture.PostSettings.PauseMilliseconds;
        var closed = Rows().Where(r => r["client"] == "Closed-loop" && r["windows"] == "1").ToList();

        closed.Should().HaveCount(Cycles);
        // On the virtual clock the closed loop sends the next request the moment one returns: 200 + 499 × 1 ms.
        closed.Should().OnlyContain(r => Math.Abs((Cell(r, "seconds") * 1000) - (pause + (499 * work))) < 1e-3, "a cycle's seconds run from its first request's start to its last response");
        // Two pooled cycles last two cycles.
        Rows().Where(r => r["client"] == "Closed-loop" && r["windows"] == "2")
            .Should().OnlyContain(r => Math.Abs((Cell(r, "seconds") * 1000) - (2 * (pause + (499 * work)))) < 1e-3);
    }

    [Fact]
    public void A_cycles_percentiles_are_what_the_pause_does_to_each_client()
    {
        var rows = Rows();
        double work = SimulationSettings.BaselineServiceTime.TotalMilliseconds;
        double pause = PostRunFixture.PostSettings.PauseMilliseconds;
        double interval = 1000.0 / PostRunFixture.PostSettings.RatePerSecond;
        static void Near(double actual, double expected, string what) => actual.Should().BeApproximately(expected, expected * 0.001, what); // HdrHistogram's 3 digits

        foreach (var r in rows.Where(r => r["windows"] == "1"))
        {
            Near(Cell(r, "max_ms"), pause, $"{r["client"]} {r["window"]}: the pause hit is the worst of its cycle");
            Near(Cell(r, "p50_ms"), work, $"{r["client"]} {r["window"]}: most requests are one service time");
        }

        foreach (var r in rows.Where(r => r["client"] == "Closed-loop" && r["windows"] == "1"))
        {
            Near(Cell(r, "p99_ms"), work, $"window {r["window"]}: the closed loop's one slow request per cycle is above p99");
        }

        foreach (var r in rows.Where(r => r["client"] is "Closed-loop" or "Open-loop" && r["windows"] == "2"))
        {
            Near(Cell(r, "p999_ms"), pause, $"{r["client"]} {r["window"]}: p99.9 of 1,000 requests is the second worst, the other pause hit");
        }

        // Open loop: the j-th request after the pause waits pause + j × (work − interval). p90 is the 450th of 500
        // values: above it the pause hit and the 49 requests after it, so it is the 50th after the pause.
        foreach (var r in rows.Where(r => r["client"] == "Open-loop" && r["windows"] == "1"))
        {
            Near(Cell(r, "p90_ms"), pause + (50 * (work - interval)), $"window {r["window"]}");
        }

        // The concurrent client with one worker measures exactly what the serial open loop measures.
        rows.Where(r => r["client"] == "Concurrent").Select(r => string.Join(',', Header.Skip(1).Select(c => r[c])))
            .Should().Equal(rows.Where(r => r["client"] == "Open-loop").Select(r => string.Join(',', Header.Skip(1).Select(c => r[c]))));
    }

    [Fact]
    public void The_corrected_column_is_recorded_with_the_runs_expected_interval_cycle_by_cycle()
    {
        var closed = post.Closed;
        var expected = new LatencyRecorder(PostRunFixture.PostSettings.HighestTrackable, VirtualClock.TicksPerSecond);
        foreach (var t in closed.Measured.Trace!.Timings.Skip(999).Take(500))
        {
            expected.RecordWithExpectedInterval(t.Latency, closed.ExpectedIntervalTicks);
        }

        var second = Rows().Single(r => r["client"] == "Corrected" && r["window"] == "2" && r["windows"] == "1");

        Cell(second, "p90_ms").Should().BeApproximately(Ms(expected.ValueAtTicks(90)), 1e-6);
        Cell(second, "p99_ms").Should().BeApproximately(Ms(expected.ValueAtTicks(99)), 1e-6);
        second["requests"].Should().Be("500", "requests sent, not the values the correction adds");
    }

    [Fact]
    public void Windows_pool_consecutive_cycles_for_a_percentile_one_cycle_is_too_short_for()
    {
        // Every 4th request pauses (indices 3, 7, 11, …); 28 requests: cycles 1–6 start at 3, 7, … 23 and are whole.
        var trace = new RequestTrace(28);
        for (int i = 0; i < 28; i++)
        {
            trace.Set(i, new RequestTiming(0, 0, 0, 10 + i, Paused: i % 4 == 3));
        }

        var rows = PauseWindows.Of(trace, 4, () => new LatencyRecorder(TimeSpan.FromSeconds(1), 1_000_000));

        // p50 needs 2 requests: per cycle. p90 needs 10: 3 cycles (12 requests). p99 and p99.9 need 100 and 1,000: 25
        // and 250 cycles, more than the run has, so no row.
        rows.Select(r => (r.Window, r.Windows, r.FirstRequest, r.Requests)).Should().Equal(
            (1, 1, 3, 4), (2, 1, 7, 4), (3, 1, 11, 4), (4, 1, 15, 4), (5, 1, 19, 4), (6, 1, 23, 4), (1, 3, 3, 12), (4, 3, 15, 12));
        // Latency 10 + i, exact below 2,048 ticks: p50 of cycle 1 (requests 3–6) is its 2nd value, 14; max 16.
        rows[0].Percentiles.Should().Equal(14L, null, null, null);
        rows[0].MaxTicks.Should().Be(16);
        // p90 of cycles 1–3 (requests 3–14): the 11th of 12 values, request 13, 23.
        rows[6].Percentiles.Should().Equal(null, 23L, null, null);
        rows[7].MaxTicks.Should().Be(10 + 26);
        PauseWindows.RequestsNeeded(99.9).Should().Be(1000);
        PauseWindows.Span(99.9, 500).Should().Be(2);
        PauseWindows.Span(99, 500).Should().Be(1);
    }

    [Fact]
    public void A_run_too_short_for_one_whole_cycle_after_its_first_pause_writes_no_windows_file()
    {
        var result = SimulationRun.Run(PostRunFixture.PostSettings with { DurationSeconds = 2 }, TextWriter.Null); // 900 requests: one pause, at 499

        SimulationFiles.WindowTable(result).Should().BeNull();
    }
}
