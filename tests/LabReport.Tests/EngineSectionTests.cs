namespace LabReport.Tests;

/// <summary>
/// The engine's speed targets (issue 12) on the <c>engine-full</c> and <c>engine-quick</c> fixtures (the engine folders of
/// the committed full and quick runs of 2026-11-23) and on edited copies of them.
/// </summary>
public class EngineSectionTests
{
    private const string WalCost1 = "Logging an insert (no flush) costs at most 2× the insert without the WAL, 1 thread";
    private const string WalCost2 = "Logging an insert (no flush) costs at most 2× the insert without the WAL, 2 threads";
    private const string WalScaling = "StripedTable's 2-thread / 1-thread speedup with the WAL";
    private const string Rate2 = "Steady durable batch (500K inserts + one FlushWAL), StripedTable, 2 threads";
    private const string VsSqlite = "Steady durable batch, StripedTable, 2 threads / SQLite";
    private const string OfCeiling = "Steady durable batch, StripedTable, 2 threads / the disk ceiling row";
    private const string FreshRate = "Fresh table per durable batch, StripedTable, 2 threads";
    private const string FreshLogging2 = "Fresh table per durable batch, 2 threads: logging";
    private const string FreshLogging1 = "Fresh table per durable batch, 1 thread: logging";
    private const string Table = "engine/StorageEngine.Benchmarks.DurableBatch-report-github.md";
    private const string Json = "engine/StorageEngine.Benchmarks.DurableBatch-report-full.json";

    // Each measured number here is also in BenchmarkDotNet's own table of the run (its Ops/s CI99.9%, "Cost vs no WAL",
    // "Speedup vs 1 thread", "× SQLite" and "Of ceiling" columns), which the report does not read for them.
    [Theory]
    [InlineData(WalCost1, "reproduced", "1.62× [1.05×; 2.49×] — 404 ns ± 29.4 ns, n = 8 vs 249 ns ± 109 ns, n = 10",
        "met by the mean; the interval crosses the target")]
    [InlineData(WalCost2, "not reproduced", "2.21× [1.72×; 2.83×] — 393 ns ± 90.3 ns, n = 10 vs 178 ns ± 35.0 ns, n = 10",
        "not met by the mean; the interval crosses the target")]
    [InlineData(WalScaling, "not reproduced", "0.73× [0.47×; 1.13×] — 2-thread speedup 1.03× with the WAL, 1.40× without",
        "not met by the mean; the interval crosses the target")]
    [InlineData(Rate2, "not reproduced", "2.51M inserts/s [1.89M; 3.77M] — per insert 398 ns ± 133 ns, n = 10",
        "not met by the mean; the interval crosses the target")]
    [InlineData(VsSqlite, "not reproduced", "26.83× [19.24×; 37.40×] — 2.51M vs 93.7K inserts/s", "not met by the mean; the interval crosses the target")]
    [InlineData(OfCeiling, "not reproduced", "0.33× [0.24×; 0.46×] — 2.51M vs 7.62M inserts/s", "not met, interval entirely outside the target")]
    [InlineData(FreshRate, "not reproduced", "1.13M inserts/s [1.01M; 1.28M] — per insert 886 ns ± 108 ns, n = 10",
        "not met, interval entirely outside the target")]
    [InlineData(FreshLogging2, "not reproduced", "1.25× [1.09×; 1.43×] — 886 ns ± 108 ns, n = 10 vs 708 ns ± 80.3 ns, n = 10",
        "not met by the mean; the interval crosses the target")]
    [InlineData(FreshLogging1, "not reproduced", "1.31× [1.02×; 1.68×] — 1.04 µs ± 208 ns, n = 10 vs 793 ns ± 182 ns, n = 10",
        "not met by the mean; the interval crosses the target")]
    public void Full_run_targets(string claim, string verdict, string measured, string note)
    {
        using var run = RunFixture.Copy("engine-full");
        var row = Row(Report(run), claim);
        row.Verdict.Should().Be(verdict);
        row.Measured.Should().Be(measured);
        row.Note.Should().Be(note);
    }

    [Fact]
    public void The_targets_state_themselves_and_the_rule_is_printed()
    {
        using var run = RunFixture.Copy("engine-full");
        string report = Report(run);
        Row(report, WalCost1).Published.Should().Be("≤ 2× (target)");
        Row(report, WalScaling).Published.Should().Be("0.90–1.10× (target: within 10%)");
        Row(report, Rate2).Published.Should().Be("≥ 3M inserts/s (target)");
        report.Should().Contain("- **target** claims");
        // The glance: reproduced, direction only, not reproduced, not measurable here, missing; one target met, eight not.
        Cells(report, "The storage engine (foundation of post 1)").Should().Equal("The storage engine (foundation of post 1)", "2", "1", "11", "0", "0");
    }

    [Theory]
    [InlineData(WalCost1, "WalAppendScaling (ThreadCount=1, Wal=True); WalAppendScaling (ThreadCount=1, Wal=False): not in the run's tables (full profile only)")]
    [InlineData(WalScaling, "not in the run's tables (full profile only)")]
    [InlineData(FreshRate, "DurableBatch \"StripedTable, fresh, 2 threads\": not in the run's tables (full profile only)")]
    [InlineData(FreshLogging1, "DurableBatch \"StripedTable, fresh\"; DurableBatch \"StripedTable, fresh, no WAL\": not in the run's tables (full profile only)")]
    public void A_quick_run_lacks_the_full_profile_rows_and_says_why(string claim, string note)
    {
        using var run = RunFixture.Copy("engine-quick");
        var row = Row(Report(run), claim);
        row.Verdict.Should().Be("missing");
        row.Note.Should().EndWith(note);
    }

    [Fact]
    public void A_quick_run_judges_the_steady_rows_on_three_iterations()
    {
        using var run = RunFixture.Copy("engine-quick");
        string report = Report(run);
        var rate = Row(report, Rate2);
        rate.Verdict.Should().Be("not reproduced");
        rate.Measured.Should().Be("1.81M inserts/s [579K; ∞] — per insert 553 ns ± 1.17 µs, n = 3",
            "three iterations: the time's interval reaches below zero, so the rate's has no upper end (BenchmarkDotNet's table: [578.8K; ∞])");
        rate.Note.Should().Be("not met by the mean; the interval crosses the target");
        Row(report, VsSqlite).Measured.Should().StartWith("19.71× [2.60×; 149×]");
        Row(report, OfCeiling).Verdict.Should().Be("not reproduced");
    }

    [Fact]
    public void A_target_met_with_its_whole_interval_says_so()
    {
        // Table only (the JSON removed): the steady 2-thread row at 255 ± 10 ns, i.e. 3.92M inserts/s [3.77M; 4.08M].
        using var run = RunFixture.Copy("engine-full");
        EditTable(run,
            "| **InsertBatchThenSync** | **StripedTable, 2 threads**                |    **397.8 ns** | **132.51 ns** |  **87.65 ns** |",
            "| **InsertBatchThenSync** | **StripedTable, 2 threads**                |    **255.0 ns** |  **10.00 ns** |   **6.00 ns** |");
        string report = Report(run);
        var rate = Row(report, Rate2);
        rate.Verdict.Should().Be("reproduced");
        rate.Measured.Should().Be("3.92M inserts/s [3.77M; 4.08M] — per insert 255 ns ± 10.0 ns, n = 10");
        rate.Note.Should().Be("met, interval entirely within the target");
        Row(report, VsSqlite).Verdict.Should().Be("reproduced", "10,672.3 / 255 = 41.9× SQLite");
        Row(report, VsSqlite).Measured.Should().StartWith("41.85× [");
        Row(report, OfCeiling).Verdict.Should().Be("reproduced", "131.2 / 255 = 0.51 of the ceiling");
        Row(report, OfCeiling).Note.Should().Be("met by the mean; the interval crosses the target");
    }

    [Fact]
    public void A_single_iteration_decides_no_target()
    {
        using var run = RunFixture.Copy("engine-full");
        EditTable(run, "IterationCount=10", "IterationCount=1");
        string report = Report(run);
        foreach (string claim in new[] { Rate2, VsSqlite, OfCeiling, FreshRate, FreshLogging2, FreshLogging1 })
        {
            var row = Row(report, claim);
            row.Verdict.Should().Be("not measurable here", claim);
            row.Note.Should().Be("fewer than two iterations: no interval", claim);
        }

        Row(report, Rate2).Measured.Should().Be("2.51M inserts/s — per insert 398 ns (no interval, n = 1)");
        Row(report, WalCost1).Verdict.Should().Be("reproduced", "WalAppendScaling keeps its ten iterations");
    }

    [Fact]
    public void A_row_without_a_mean_is_not_measurable()
    {
        using var run = RunFixture.Copy("engine-full");
        EditTable(run, "|    **397.8 ns** | **132.51 ns** |  **87.65 ns** |", "|    **NA** | **NA** |  **NA** |");
        var row = Row(Report(run), Rate2);
        row.Verdict.Should().Be("not measurable here");
        row.Note.Should().Be("no mean: the benchmark produced no measurement");
    }

    private static string Report(RunFixture run)
    {
        var (code, _, error) = RunFixture.Run("report", run.Path);
        code.Should().Be(0, error);
        return File.ReadAllText(run.File("report.md"));
    }

    // The claim's cells: post, this run, verdict (without its bold), why.
    private static (string Published, string Measured, string Verdict, string Note) Row(string report, string claim)
    {
        var cells = Cells(report, claim);
        return (cells[1], cells[2], cells[3].Trim('*'), cells[4]);
    }

    // The trimmed cells of the first table row whose first cell starts with the given text.
    private static string[] Cells(string report, string first)
    {
        string? line = report.Split('\n').FirstOrDefault(l => l.StartsWith($"| {first}", StringComparison.Ordinal));
        line.Should().NotBeNull($"the report has a row for \"{first}\"");
        return [.. line!.Trim().Trim('|').Split('|').Select(c => c.Trim())];
    }

    // The report then reads DurableBatch from its markdown table alone (the JSON removed), edited: a fixture variant.
    private static void EditTable(RunFixture run, string before, string after)
    {
        File.Delete(run.File(Json));
        string table = File.ReadAllText(run.File(Table));
        table.Should().Contain(before, "the edit must change the fixture");
        File.WriteAllText(run.File(Table), table.Replace(before, after, StringComparison.Ordinal));
    }
}
