using System.Globalization;
using System.Text.Json;

namespace CoordinatedOmission.Tests;

public sealed class ReportAndFilesTests(PostRunFixture post) : IClassFixture<PostRunFixture>, IDisposable
{
    private readonly DirectoryInfo _directory = Directory.CreateTempSubdirectory("ftf-co-tests-");

    public void Dispose() => _directory.Delete(recursive: true);

    [Fact]
    public void Per_client_table_has_the_posts_rows()
    {
        string table = SimulationReport.ClientTable("Closed-loop", post.Closed.Measured.Latency);

        table.Should().Contain("| Metric | Closed-loop |").And.Contain("| Count  |      13,500 |").And.Contain("1.00 ms").And.Contain("200.02 ms");
        table.Split('\n', StringSplitOptions.RemoveEmptyEntries).Select(l => l.Split('|')[1].Trim())
            .Should().Equal("Metric", "--------", "Count", "p50", "p90", "p99", "p99.9", "max");
    }

    [Theory]
    [InlineData(19_464, 107, "181.9x")]
    [InlineData(100, 100, "1.0x")]
    [InlineData(5, 0, "-")]
    public void Ratios_are_printed_as_the_post_prints_them(long value, long baseline, string expected)
    {
        SimulationReport.Ratio(value, baseline).Should().Be(expected);
    }

    [Fact]
    public void The_report_has_every_section_and_the_side_by_side_ratios_come_from_the_data()
    {
        string report = SimulationReport.Render(post.Result);

        foreach (string section in new[] { "## Closed-loop", "## Corrected", "## Open-loop", "## Concurrent", "## Side by side", "## Latency buckets", "## Correction vs the open-loop truth", "## Send lateness", "## Mechanism" })
        {
            report.Should().Contain(section);
        }

        string expectedRatio = SimulationReport.Ratio(post.Open.Latency.ValueAtTicks(99), post.Closed.Measured.Latency.ValueAtTicks(99));
        string sideBySide = report[report.IndexOf("## Side by side", StringComparison.Ordinal)..report.IndexOf("## Latency buckets", StringComparison.Ordinal)];
        sideBySide.Split('\n').Single(l => l.StartsWith("| p99 ", StringComparison.Ordinal)).Should().Contain(expectedRatio);
        report.Should().Contain("90 requests each time").And.Contain("89 requests each time").And.Contain("162 requests each time").And.Contain("89.0 each");
    }

    [Fact]
    public void Output_writes_every_distribution_as_hgrm_plus_configuration_and_report()
    {
        string report = SimulationReport.Render(post.Result);

        var written = SimulationFiles.Write(_directory.FullName, post.Result, report);

        var names = written.Select(Path.GetFileName).ToList();
        names.Should().BeEquivalentTo(
            "closed-loop.hgrm", "closed-loop-corrected.hgrm", "open-loop.hgrm", "open-loop.send-lateness.hgrm",
            "concurrent-open-loop.hgrm", "concurrent-open-loop.send-lateness.hgrm", "configuration.json", "pauses.csv", "windows.csv", "report.md");
        File.ReadAllText(Path.Combine(_directory.FullName, "report.md")).Should().Be(report);

        foreach (var (file, recorder) in SimulationFiles.Distributions(post.Result))
        {
            string[] lines = File.ReadAllLines(Path.Combine(_directory.FullName, file));
            lines[0].Should().MatchRegex(@"^\s*Value\s+Percentile\s+TotalCount\s+1/\(1-Percentile\)", file);
            lines.Should().Contain(l => l.StartsWith("#[Max", StringComparison.Ordinal) && l.TrimEnd().EndsWith(recorder.Count.ToString(CultureInfo.InvariantCulture) + "]", StringComparison.Ordinal), file);
        }

        // Values are in milliseconds: the closed loop's last row is the 200 ms pause.
        string lastRow = File.ReadAllLines(Path.Combine(_directory.FullName, "closed-loop.hgrm")).Last(l => !l.StartsWith('#') && l.Trim().Length > 0);
        double.Parse(lastRow.Split(' ', StringSplitOptions.RemoveEmptyEntries)[0], CultureInfo.InvariantCulture).Should().BeApproximately(200, 0.2);
    }

    [Fact]
    public void Pauses_csv_pairs_each_clients_worst_latency_and_catch_up_per_pause()
    {
        SimulationFiles.Write(_directory.FullName, post.Result, "report");

        string[] lines = File.ReadAllLines(Path.Combine(_directory.FullName, SimulationFiles.PausesFile));
        lines[0].Should().Be("client,pause,request,worst_ms,delayed");
        var rows = lines.Skip(1).Select(l => l.Split(',')).ToList();
        foreach (string client in new[] { "Closed-loop", "Open-loop", "Concurrent" })
        {
            var mine = rows.Where(r => r[0] == client).ToList();
            mine.Select(r => int.Parse(r[1], CultureInfo.InvariantCulture)).Should().Equal(Enumerable.Range(1, 27), client);
            // The service pauses at every 500th request, whichever client sends it.
            mine.Select(r => long.Parse(r[2], CultureInfo.InvariantCulture)).Should().Equal(Enumerable.Range(0, 27).Select(k => 499L + (500L * k)), client);
        }

        // On the virtual clock a pause is exactly 200 ms, and the request that hits it is the worst of its window in
        // every client: the one after it was due 2.2 ms later and waits 2.2 ms less.
        rows.Select(r => double.Parse(r[3], CultureInfo.InvariantCulture)).Should().OnlyContain(ms => ms == 200);

        // The catch-up: none for the closed loop, which never queues; (200 − 1) / (2.222 − 1) = 162 followers late for
        // both open-loop clients, except after the pause on the last request, which has none.
        rows.Where(r => r[0] == "Closed-loop").Select(r => r[4]).Should().OnlyContain(c => c.Length == 0);
        foreach (string client in new[] { "Open-loop", "Concurrent" })
        {
            var cells = rows.Where(r => r[0] == client).Select(r => r[4]).ToList();
            cells.Take(26).Should().OnlyContain(c => c == "162", client);
            cells[26].Should().BeEmpty(client);
        }
    }

    [Fact]
    public void Worst_per_pause_takes_the_largest_latency_between_one_pause_and_the_next()
    {
        var trace = new RequestTrace(6);
        long[] latencies = [5, 30, 40, 7, 20, 9];
        bool[] paused = [false, true, false, false, true, false];
        for (int i = 0; i < latencies.Length; i++)
        {
            trace.Set(i, new RequestTiming(100 * i, 100 * i, 100 * i, (100 * i) + latencies[i], paused[i]));
        }

        PauseAnalysis.WorstPerPause(trace).Should().Equal(new PauseWorst(1, 1, 40), new PauseWorst(2, 4, 20));
    }

    [Fact]
    public void Configuration_json_records_the_settings_used()
    {
        SimulationFiles.Write(_directory.FullName, post.Result, "report");

        using var json = JsonDocument.Parse(File.ReadAllText(Path.Combine(_directory.FullName, SimulationFiles.ConfigurationFile)));
        var root = json.RootElement;
        root.GetProperty("clock").GetString().Should().Be("virtual");
        root.GetProperty("ratePerSecond").GetInt32().Should().Be(450);
        root.GetProperty("durationSeconds").GetInt32().Should().Be(30);
        root.GetProperty("requestsPerClient").GetInt64().Should().Be(13_500);
        root.GetProperty("pauseEvery").GetInt32().Should().Be(500);
        root.GetProperty("pauseMilliseconds").GetInt32().Should().Be(200);
        root.GetProperty("workers").GetInt32().Should().Be(1);
        root.GetProperty("histogramSignificantDigits").GetInt32().Should().Be(3);
        root.GetProperty("expectedIntervalTicks").GetInt64().Should().Be(VirtualClock.TicksPerSecond / 450);
        root.GetProperty("clients").EnumerateArray().Select(e => e.GetString()).Should().Equal("closed", "open", "concurrent");
        root.GetProperty("runs").GetArrayLength().Should().Be(3);
        root.GetProperty("command").GetString().Should().Contain("--virtual");
    }

    [Fact]
    public void The_command_writes_files_when_asked()
    {
        string target = Path.Combine(_directory.FullName, "nested", "out");
        using var output = new StringWriter();

        int exit = SimulationCommand.Run(["--virtual", "--duration", "2", "--client", "closed", "--output", target], output, TextWriter.Null);

        exit.Should().Be(0);
        // 2 s: 900 requests, one pause at 499 and no whole cycle after it, so no windows.csv.
        Directory.GetFiles(target).Select(Path.GetFileName).Should().BeEquivalentTo("closed-loop.hgrm", "closed-loop-corrected.hgrm", "configuration.json", "pauses.csv", "report.md");
    }
}
