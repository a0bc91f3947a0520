namespace LabReport.Tests;

/// <summary>
/// The engine's claims on the <c>engine-full</c> and <c>engine-quick</c> fixtures (the engine folders of the committed full
/// and quick runs of 2026-11-23) and on edited copies of them: "far faster" than SQLite as a bound, the wrappers as
/// equivalence within "a few percent", the two kept targets, the spec's machine as information; the retired targets gone.
/// </summary>
public class EngineSectionTests
{
    private const string VsSqlite = "Steady durable batch, StripedTable, 2 threads / SQLite";
    private const string OfCeiling = "Steady durable batch, StripedTable, 2 threads / the disk ceiling row";
    private const string FarFaster = "Durable batch, LockTable / SQLite";
    private const string WrapperLock = "LockTable / Dictionary + lock";
    private const string Table = "engine/StorageEngine.Benchmarks.DurableBatch-report-github.md";
    private const string Json = "engine/StorageEngine.Benchmarks.DurableBatch-report-full.json";

    // Each measured number here is also in BenchmarkDotNet's own table of the run ("× SQLite" and "Of ceiling" columns).
    [Theory]
    [InlineData(FarFaster, "reproduced", "36.09× [30.81×; 42.27×] (99.9% CI) — 3.38M vs 93.7K inserts/s", "the whole interval meets ≥ 10.0×")]
    [InlineData(VsSqlite, "borderline", "26.83× [19.24×; 37.40×] (99.9% CI) — 2.51M vs 93.7K inserts/s", "borderline at ≥ 35.0×: the interval straddles the bound 35.0×")]
    [InlineData(OfCeiling, "not reproduced", "0.33× [0.24×; 0.46×] (99.9% CI) — 2.51M vs 7.62M inserts/s", "the whole interval misses ≥ 0.5×")]
    [InlineData(WrapperLock, "borderline", "1.12× [0.89×; 1.40×] (99.9% CI) — 43.3 ns ± 5.92 ns, n = 10 vs 38.7 ns ± 8.80 ns, n = 10",
        "borderline at ±5%: [0.89×; 1.40×] straddles 1 ± 5% (0.95–1.05×): too wide to tell")]
    public void Full_run_claims(string claim, string verdict, string measured, string note)
    {
        using var run = RunFixture.Copy("engine-full");
        var row = Row(Report(run), claim);
        row.Verdict.Should().Be(verdict);
        row.Measured.Should().Be(measured);
        row.Note.Should().Be(note);
    }

    [Fact]
    public void The_specs_machine_is_information_shown_beside_this_runs()
    {
        using var run = RunFixture.Copy("engine-full");
        string report = Report(run);
        var sqlite = Row(report, "SQLite's durable batch on the spec's 2-core machine");
        sqlite.Verdict.Should().Be("information only");
        sqlite.Published.Should().Be("~123K inserts/s (the spec's machine)");
        sqlite.Measured.Should().Be("93.7K inserts/s (DurableBatch.InsertBatchThenSync(Target=Sqlite))");
        Row(report, "The disk's sequential write").Verdict.Should().Be("information only");
        Row(report, "One 4 KiB write + fdatasync").Measured.Should().StartWith("495.5 µs mean over 200");
        // The glance: reproduced, direction only, size ruled out, borderline, not reproduced, not measurable here, missing, information only, drifted.
        // Missing: the fixture keeps no run log, so the files a logged case leaves (wal-files-bounded) are not in it.
        Cells(report, "The storage engine (foundation of post 1)").Should().Equal("The storage engine (foundation of post 1)", "1", "0", "0", "4", "1", "0", "1", "3", "0");
        Row(report, "Files left in a logged case's run directory").Verdict.Should().Be("missing");
    }

    [Fact]
    public void The_retired_targets_are_not_judged()
    {
        using var run = RunFixture.Copy("engine-full");
        string report = Report(run);
        foreach (string retired in new[] { "Logging an insert", "StripedTable's 2-thread / 1-thread speedup", "Fresh table per durable batch", "inserts/s (target)" })
        {
            report.Should().NotContain(retired);
        }
    }

    [Fact]
    public void A_quick_run_judges_the_same_claims_with_wider_intervals()
    {
        using var run = RunFixture.Copy("engine-quick");
        string report = Report(run);
        var vsSqlite = Row(report, VsSqlite);
        vsSqlite.Verdict.Should().Be("borderline");
        vsSqlite.Measured.Should().StartWith("19.71× [2.60×; 149×]");
        Row(report, FarFaster).Verdict.Should().Be("borderline", "three iterations: [0.06×; 8,936×] straddles 10×");
        // Missing in a quick run: WalAppendScaling, which only the full profile runs (in tracked/); and, in this fixture,
        // the run log that the files a logged case leaves are read from.
        Row(report, "StripedTable logging to the WAL without a sync").Verdict.Should().Be("missing");
        Row(report, "Files left in a logged case's run directory").Verdict.Should().Be("missing");
        Cells(report, "The storage engine (foundation of post 1)")[7].Should().Be("2", "no other engine claim is missing in the quick run");
    }

    [Fact]
    public void A_bound_met_with_its_whole_interval_says_so()
    {
        // Table only (the JSON removed): the steady 2-thread row at 255 ± 10 ns, i.e. 41.9× SQLite and 0.51 of the ceiling.
        using var run = RunFixture.Copy("engine-full");
        EditTable(run,
            "| **InsertBatchThenSync** | **StripedTable, 2 threads**                |    **397.8 ns** | **132.51 ns** |  **87.65 ns** |",
            "| **InsertBatchThenSync** | **StripedTable, 2 threads**                |    **255.0 ns** |  **10.00 ns** |   **6.00 ns** |");
        string report = Report(run);
        var vsSqlite = Row(report, VsSqlite);
        vsSqlite.Verdict.Should().Be("reproduced", "10,672.3 / 255 = 41.9× SQLite");
        vsSqlite.Measured.Should().StartWith("41.85× [");
        vsSqlite.Note.Should().Be("the whole interval meets ≥ 35.0×");
        Row(report, OfCeiling).Verdict.Should().Be("borderline", "131.2 / 255 = 0.51 of the ceiling, its interval across 0.5");
    }

    [Fact]
    public void A_single_iteration_decides_no_claim()
    {
        using var run = RunFixture.Copy("engine-full");
        EditTable(run, "IterationCount=10", "IterationCount=1");
        string report = Report(run);
        foreach (string claim in new[] { FarFaster, VsSqlite, OfCeiling })
        {
            var row = Row(report, claim);
            row.Verdict.Should().Be("not measurable here", claim);
            row.Note.Should().Be("fewer than two iterations: no interval", claim);
        }

        Row(report, WrapperLock).Verdict.Should().Be("borderline", "WrapperOverhead keeps its ten iterations");
    }

    [Fact]
    public void A_row_without_a_mean_is_not_measurable()
    {
        using var run = RunFixture.Copy("engine-full");
        EditTable(run, "|    **397.8 ns** | **132.51 ns** |  **87.65 ns** |", "|    **NA** | **NA** |  **NA** |");
        var row = Row(Report(run), VsSqlite);
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
        return (cells[1], cells[2], cells[3].Trim('*'), ClaimsOnFixturesTests.Why(cells[4]));
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
