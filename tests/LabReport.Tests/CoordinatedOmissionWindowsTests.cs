using System.Globalization;
using LabReport.Claims;
using LabRounds;

namespace LabReport.Tests;

/// <summary>Post 3's percentile claims judged across the pause cycles of windows.csv, and without it on the run's one value.</summary>
public class CoordinatedOmissionWindowsTests
{
    private const string Header = "client,window,windows,first_request,requests,p50_ms,p90_ms,p99_ms,p999_ms,max_ms\n";

    // One row per cycle of 500 requests with only the p50 cell filled.
    private static string P50Rows(string client, IEnumerable<double> p50) =>
        string.Concat(p50.Select((v, i) => FormattableString.Invariant($"{client},{i + 1},1,{499 + (500 * i)},500,{v},,,,200\n")));

    private static string Report(RunFixture run, string windows)
    {
        File.WriteAllText(Path.Combine(run.File("coordinated-omission"), "windows.csv"), windows);
        RunFixture.Run("report", run.Path).Code.Should().Be(0);
        return File.ReadAllText(run.File("report.md"));
    }

    private static string Row(string report, string claim) => report.Split('\n').Single(l => l.StartsWith($"| {claim}", StringComparison.Ordinal));

    private static string Expected(IReadOnlyList<double> values)
    {
        var rounds = RoundsEstimate.FromRatios(values);
        return Interval.Ratio(new RatioEstimate(rounds.Median, rounds.Lower, rounds.Upper, true) { Level = 0.95 });
    }

    [Fact]
    public void The_closed_loop_rate_is_judged_on_each_cycles_requests_over_its_seconds()
    {
        using var run = RunFixture.Copy("full");
        double[] seconds = [0.70, 0.71, 0.69, 0.72, 0.70];
        string rows = string.Concat(seconds.Select((s, i) => FormattableString.Invariant($"Closed-loop,{i + 1},1,{499 + (500 * i)},500,{s},1.0,1.1,1.2,,200\n")));
        string report = Report(run, "client,window,windows,first_request,requests,seconds,p50_ms,p90_ms,p99_ms,p999_ms,max_ms\n" + rows);

        var rounds = RoundsEstimate.FromRatios([.. seconds.Select(s => 500 / s)]);
        string expected = Interval.Text(new RatioEstimate(rounds.Median, rounds.Lower, rounds.Upper, true) { Level = 0.95 }, x => $"{x:N0} req/s");
        string row = Row(report, "Closed loop: requests per second");
        row.Should().Contain($"{expected} — requests per second per window of 500 requests (one pause each), over 5 windows (windows.csv); the whole run's");
        ReportTests.VerdictOf(report, "Closed loop: requests per second").Should().Be("reproduced", "every cycle runs about 700 req/s against at least 450");
    }

    [Fact]
    public void A_closed_loop_rate_without_the_seconds_column_is_the_whole_runs_point()
    {
        using var run = RunFixture.Copy("full");
        string report = Report(run, Header + P50Rows("Closed-loop", [1.0, 1.0, 1.0]));

        Row(report, "Closed loop: requests per second").Should().Contain("one run, no interval; windows.csv has no cycle durations (written before its seconds column)");
    }

    [Fact]
    public void A_windows_file_with_a_duration_at_or_below_zero_is_a_problem_and_the_claims_fall_back()
    {
        using var run = RunFixture.Copy("full");
        string report = Report(run, "client,window,windows,first_request,requests,seconds,p50_ms,p90_ms,p99_ms,p999_ms,max_ms\nClosed-loop,1,1,499,500,0,1.0,1.1,1.2,,200\n");

        report.Should().Contain("row 1: seconds 0 is not a duration");
        Row(report, "Closed loop: requests per second").Should().Contain("one run, no interval");
    }

    [Fact]
    public void P50_same_is_judged_on_the_per_window_ratios_and_is_reproduced_when_they_all_lie_within_2_percent()
    {
        using var run = RunFixture.Copy("full");
        double[] open = [1.00, 1.01, 1.02, 1.01, 1.00, 1.02, 1.01, 1.00];
        string report = Report(run, Header + P50Rows("Closed-loop", open.Select(_ => 1.0)) + P50Rows("Open-loop", open));

        string row = Row(report, "p50 open / closed");
        row.Should().Contain($"per window of 500 requests (one pause each), open / closed: {Expected(open)} over 8 windows paired (windows.csv)");
        row.Should().Contain("the whole run's p50 1.04 / 1.01 ms (report.md)", "the run's own number stays beside it");
        ReportTests.VerdictOf(report, "p50 open / closed").Should().Be("reproduced");
    }

    [Fact]
    public void P50_same_is_borderline_when_the_per_window_ratios_straddle_the_5_percent_edge()
    {
        using var run = RunFixture.Copy("full");
        double[] open = [1.03, 1.07, 1.04, 1.06, 1.05, 1.08, 1.02, 1.05];
        string report = Report(run, Header + P50Rows("Closed-loop", open.Select(_ => 1.0)) + P50Rows("Open-loop", open));

        Row(report, "p50 open / closed").Should().Contain($"open / closed: {Expected(open)} over 8 windows paired");
        ReportTests.VerdictOf(report, "p50 open / closed").Should().Be("borderline");
        Row(report, "p50 open / closed").Should().Contain("To decide: more pause cycles, pauses or requests would narrow its interval", "the planner cannot add rounds to a post that runs once");
    }

    [Fact]
    public void A_value_claim_is_judged_on_the_per_window_values()
    {
        using var run = RunFixture.Copy("full");
        double[] p90 = [138.5, 139.1, 138.9, 139.4, 138.7];
        string rows = string.Concat(p90.Select((v, i) => FormattableString.Invariant($"Open-loop,{i + 1},1,{499 + (500 * i)},500,1.0,{v},194,,200\n")));
        string report = Report(run, Header + rows);

        var rounds = RoundsEstimate.FromRatios(p90);
        string expected = Interval.Text(new RatioEstimate(rounds.Median, rounds.Lower, rounds.Upper, true) { Level = 0.95 },
            ms => ms.ToString("0.##", CultureInfo.InvariantCulture) + " ms");
        Row(report, "Open-loop p90").Should().Contain($"{expected} — p90 per window of 500 requests (one pause each), over 5 windows (windows.csv); the whole run's p90 139.59 ms (report.md)");
        ReportTests.VerdictOf(report, "Open-loop p90").Should().Be("reproduced");
    }

    [Fact]
    public void P999_is_judged_on_pooled_cycles_because_one_cycle_is_too_short_for_it()
    {
        using var run = RunFixture.Copy("full");
        double[] closed = [200.1, 200.2, 200.1];
        double[] open = [200.2, 200.2, 200.3];
        string Pooled(string client, double[] values) =>
            string.Concat(values.Select((v, i) => FormattableString.Invariant($"{client},{1 + (2 * i)},2,{499 + (1000 * i)},1000,,,,{v},{v}\n")));
        string report = Report(run, Header + Pooled("Closed-loop", closed) + Pooled("Open-loop", open));

        string row = Row(report, "p99.9 open / closed");
        row.Should().Contain("per 2 windows of 500 requests pooled (1,000 requests: one window's p99.9 would be its max)");
        row.Should().Contain($"{Expected([.. open.Zip(closed, (o, c) => o / c)])} over 3 groups of 2 windows paired (windows.csv)");
    }

    [Fact]
    public void One_window_is_too_few_and_the_claim_falls_back_to_the_runs_point_saying_so()
    {
        using var run = RunFixture.Copy("full");
        string report = Report(run, Header + P50Rows("Closed-loop", [1.0]) + P50Rows("Open-loop", [1.01]));

        Row(report, "p50 open / closed").Should().Contain("1.03× (no interval) — 1.04 / 1.01 ms (report.md; windows.csv has 1 for p50 where an interval needs 2)");
    }

    [Fact]
    public void Without_windows_csv_the_percentiles_are_judged_on_the_runs_point_as_before()
    {
        using var run = RunFixture.Copy("full");
        RunFixture.Run("report", run.Path).Code.Should().Be(0);
        string report = File.ReadAllText(run.File("report.md"));

        Row(report, "p50 open / closed").Should().Contain("1.03× (no interval) — 1.04 / 1.01 ms (report.md)").And.NotContain("windows.csv");
        Row(report, "Open-loop p90").Should().Contain("139.59 ms (report.md; one run, no interval)");
    }

    [Theory]
    [InlineData("client,window,requests,p50_ms,p90_ms,p99_ms,p999_ms\nOpen-loop,1,500,1,,,\n", "windows.csv: no column windows")]
    [InlineData(Header + "Open-loop,1,1,499,500,fast,,,,200\n", "windows.csv: 'fast' in column p50_ms is not a number")]
    [InlineData(Header + "Open-loop,0,1,499,500,1.0,,,,200\n", "windows.csv: row 1: window '0' is not a whole number from 1")]
    [InlineData(Header + "Open-loop,1,1,499,500,-1.0,,,,200\n", "windows.csv: row 1: p50_ms -1 is not a latency")]
    [InlineData(Header + "Open-loop,1,1,499,500,1.0,,,,200\nOpen-loop,1,1,499,500,1.1,,,,200\n", "windows.csv: row 2: Open-loop window 1 (windows 1) appears twice")]
    public void A_malformed_windows_csv_is_a_problem_under_the_table_and_the_claims_use_the_runs_point(string windows, string problem)
    {
        using var run = RunFixture.Copy("full");
        string report = Report(run, windows);

        report.Should().Contain(problem);
        Row(report, "p50 open / closed").Should().Contain("1.03× (no interval) — 1.04 / 1.01 ms (report.md)");
    }
}
