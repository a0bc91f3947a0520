using System.Text.Json;
using LabReport.Claims;
using LabReport.RunFiles;

namespace LabReport.Tests;

/// <summary>
/// The claims issue 25 added, each on fixture data: the <c>full</c> fixture (the committed full run of 2026-11-23), edited
/// copies of it where a premise must be met (a PMU, a flush that costs something), and the <c>rounds</c> fixture.
/// </summary>
public class ClaimsOnFixturesTests
{
    // The verdict of each added claim on the full fixture, with the part of its note that says why.
    [Theory]
    [InlineData("Lazy, Lock: throughput at 32 threads / at 1 thread", "borderline", "[0.92×; 1.06×] straddles 1 ± 5%")]
    [InlineData("Lazy, Striped: throughput at 32 threads / at 1 thread", "borderline", "[0.94×; 1.08×] straddles 1 ± 5%")]
    [InlineData("Narrow: Lock wins at 1 thread and loses once threads contend", "borderline", "borderline at 1 (1 thread, 16 threads)")]
    [InlineData("Realistic, 1 thread: Striped / Lock throughput", "not measurable here", "premise not met: the load is not flush-bound here")]
    [InlineData("Realistic, threads contending", "not measurable here", "premise not met: the load is not flush-bound here")]
    [InlineData("Realistic, 32 threads: Striped / Lock throughput", "not measurable here", "32 threads contending, but at most 2 ran at once here (2 logical CPUs; PeakConc 29 and 30)")]
    [InlineData("Lock, 32 threads: Realistic / NoFlush time per insert", "not measurable here", "premise not met: the load is not flush-bound here")]
    [InlineData("32 threads: what the flush adds per insert", "not measurable here", "premise not met: the flush adds no resolvable time here")]
    [InlineData("E1 SumPayloadCold: code size", "reproduced", "exact: 124")]
    [InlineData("E1 SumPayloadWarm: code size", "reproduced", "exact: 49")]
    [InlineData("E2 InsertAllocHeavy: bytes allocated", "not reproduced", "27.5 where the post has 23.9")]
    [InlineData("E2 InsertPreAllocated: bytes allocated", "not reproduced", "8.87 where the post has 7.52")]
    [InlineData("E2 InsertAllocHeavy / InsertPreAllocated bytes allocated", "not reproduced", "3.10 where the post has 3.18")]
    [InlineData("E3 InsertBaseline mean, noisy / isolated", "borderline", "straddles the edge of the band 1.21–2.13×")]
    [InlineData("E4 LookupRandom StdDev, TableSize 2,000,000 / 10,000", "not measurable here", "measured once in the run")]
    [InlineData("E6 ChecksumEliminated: code size", "reproduced", "exact: 21")]
    [InlineData("E6 ChecksumPreserved: code size", "reproduced", "exact: 66")]
    [InlineData("Closed-loop p90", "information only", "information: shown, never judged")]
    [InlineData("Closed-loop p99.9", "information only", "information: shown, never judged")]
    [InlineData("Closed-loop requests at 200 ms or more", "reproduced", "exact: 27")]
    [InlineData("Closed-loop requests between 2 and 200 ms", "reproduced", "meets ≤ 0.1%")]
    [InlineData("Closed loop: requests per second over its whole run", "reproduced", "meets ≥ 450 req/s")]
    [InlineData("p90 open / closed", "not measurable here", "measured once in the run")] // no windows.csv in that run
    [InlineData("p99.9 open / closed", "not measurable here", "measured once in the run")]
    [InlineData("max open / closed", "not measurable here", "measured once in the run")] // no pauses.csv in that run
    [InlineData("Open-loop requests delayed past 2 ms", "not measurable here", "measured once in the run")] // one run's count (701 and 576 of 2,250 in two quick runs)
    [InlineData("20 iterations: Welch's t-test p", "not measurable here", "measured once in the run")] // one process per side
    [InlineData("Cohen's d, FilterBranch vs FilterTernary", "reproduced", "the whole interval meets ≥ 0.8")]
    [InlineData("Cohen's d, SumArray vs SumSpan", "not reproduced", "the whole interval misses ≥ 0.8")]
    [InlineData("Cohen's d, SearchLinear vs SearchBinary", "reproduced", "the whole interval meets ≥ 0.8")]
    [InlineData("LookupLinear / PipelineLinear time", "not reproduced", "6.0× from the post's")]
    [InlineData("Measured macro speedup / Amdahl's prediction", "not reproduced", "the whole interval misses ≥ 1")]
    [InlineData("Amdahl's prediction of the end-to-end speedup", "information only", "the law's arithmetic on this machine's share")]
    [InlineData("SumSequential time per element, N = 8,000,000 / 1,000,000", "borderline", "borderline at 1.20×")]
    [InlineData("SumSequential time per element, N = 64,000,000 / 1,000,000", "direction only", "an effect 6.2× smaller")]
    [InlineData("SumSequential time per element, N = 64,000,000 / 8,000,000", "size ruled out", "the post's size is ruled out")]
    [InlineData("IPC, sequential / random", "not measurable here", "premise not met: no hardware counters")]
    [InlineData("L1 data cache miss rate", "not measurable here", "premise not met: no hardware counters")]
    [InlineData("Branch misprediction rate of the random loop", "not measurable here", "premise not met: no hardware counters")]
    public void Added_claims_on_the_full_fixture(string claim, string verdict, string why)
    {
        using var run = RunFixture.Copy("full");
        var (_, _, v, note) = Row(Report(run), claim);
        v.Should().Be(verdict, note);
        note.Should().Contain(why);
    }

    [Theory]
    [InlineData("", "reproduced", "exact: 0")]                          // BenchmarkDotNet's default 500 ms, the post's
    [InlineData("  IterationTime=100ms", "not measurable here", "premise not met: the 5-iteration run's iterations are 100 ms")]
    public void The_same_code_in_both_runs_needs_the_posts_iterations_in_the_five_iteration_run(string job, string verdict, string why)
    {
        using var run = RunFixture.Copy("full");
        string table = Directory.GetFiles(run.File("statistics-that-matter/five-iterations"), "*-report-github.md").Single();
        File.WriteAllText(table, File.ReadAllText(table).Replace("IterationCount=5  WarmupCount=3", "IterationCount=5" + job + "  WarmupCount=3", StringComparison.Ordinal));
        var (_, _, v, note) = Row(Report(run), "FilterBranch and FilterTernary: the largest difference in code size");
        v.Should().Be(verdict, note);
        note.Should().Contain(why);
    }

    [Fact]
    public void A_code_size_measured_in_rounds_is_judged_on_every_round()
    {
        // E1's table as a round job writes it: one row per case and round (Job-R1...), each with its own Code Size.
        using var run = RunFixture.Copy("full");
        string table = run.File("enemies-of-measurement/EnemiesOfMeasurement.E1_JitWarmup-report-github.md");
        void Rounds(params int[] warmSizes)
        {
            var rows = warmSizes.SelectMany((size, i) => new[]
            {
                $"| SumPayloadCold | Job-R{i + 1} | 11.574 ms | 0.1281 ms | 0.1198 ms |  3.15 |    0.04 |     124 B |",
                $"| SumPayloadWarm | Job-R{i + 1} |  3.670 ms | 0.0324 ms | 0.0303 ms |  1.00 |    0.01 |     {size} B |",
            });
            File.WriteAllText(table, "| Method         | Job    | Mean      | Error     | StdDev    | Ratio | RatioSD | Code Size |\n" +
                "|--------------- |------- |----------:|----------:|----------:|------:|--------:|----------:|\n" + string.Join("\n", rows) + "\n");
        }

        Rounds(49, 49, 49);
        var same = Row(Report(run), "E1 SumPayloadWarm: code size");
        same.Verdict.Should().Be("reproduced", same.Note);
        same.Measured.Should().EndWith("the same in all 3 rounds");

        Rounds(49, 185, 49);
        var mixed = Row(Report(run), "E1 SumPayloadWarm: code size");
        mixed.Verdict.Should().Be("borderline", mixed.Note);
        mixed.Measured.Should().EndWith("round 1 of 3");
        mixed.Note.Should().Contain("the 3 rounds differ (49 in 2, 185 in 1)");
    }

    [Fact]
    public void The_flush_claims_are_judged_once_the_flush_costs_something()
    {
        // The post's own 32-thread means, with small errors, in place of the fixture's (where the flush adds nothing resolvable).
        using var run = RunFixture.Copy("full");
        string table = run.File("why-benchmarks-lie/WhyBenchmarksLie.WhyBenchmarksLieBenchmark-report-github.md");
        string text = File.ReadAllText(table);
        foreach (var (before, after) in new[]
        {
            ("| 32          | 736.43 ns |   629.359 ns |  34.497 ns |", "| 32          | 8,335.00 ns |   40.000 ns |  2.000 ns |"),
            ("| 32          | 694.58 ns |   582.737 ns |  31.942 ns |", "| 32          | 422.00 ns |   20.000 ns |  1.000 ns |"),
            ("| 32          | 775.29 ns | 1,083.809 ns |  59.407 ns |", "| 32          | 7,934.00 ns | 40.000 ns |  2.000 ns |"),
            ("| 32          | 657.13 ns |   307.088 ns |  16.833 ns |", "| 32          | 33.00 ns |   2.000 ns |  0.100 ns |"),
        })
        {
            text.Should().Contain(before);
            text = text.Replace(before, after, StringComparison.Ordinal);
        }

        File.WriteAllText(table, text);
        string report = Report(run);
        var same = Row(report, "32 threads: what the flush adds per insert");
        same.Verdict.Should().Be("reproduced", same.Note);
        same.Measured.Should().StartWith("1.00× [").And.Contain("Realistic − NoFlush: 7.91 µs (Lock) vs 7.90 µs (Striped)");
        // 8,335 / 422 = 19.75× meets the post's "drowns everything else" (≥ 10×), but it is a claim about 32 threads contending.
        var dominates = Row(report, "Lock, 32 threads: Realistic / NoFlush time per insert");
        dominates.Verdict.Should().Be("not measurable here", dominates.Note);
        dominates.Note.Should().Contain("32 threads contending").And.NotContain("flush-bound");
    }

    [Fact]
    public void The_realistic_rows_are_judged_only_where_the_load_is_flush_bound()
    {
        using var run = RunFixture.Copy("full");
        var before = Row(Report(run), "Realistic, 1 thread: Striped / Lock throughput");
        before.Verdict.Should().Be("not measurable here", before.Note);
        before.Note.Should().Contain("the flush is 5.52% of an insert's time (Striped at ThreadCount 1: 832 ns with the flush, 786 ns without)", "the least share of the two backends")
            .And.Contain("against the post's 94.9%");

        // A disk whose sync is most of an insert: the same NoFlush rows, the Realistic ones at 8 µs.
        string table = run.File("why-benchmarks-lie/WhyBenchmarksLie.WhyBenchmarksLieBenchmark-report-github.md");
        string text = File.ReadAllText(table);
        foreach (var (before1, after) in new[]
        {
            ("| InsertRealistic        | Lock    | 1           | 732.32 ns |   554.585 ns |  30.399 ns |", "| InsertRealistic        | Lock    | 1           | 8,000.00 ns |   40.000 ns |  2.000 ns |"),
            ("| InsertRealistic        | Striped | 1           | 832.02 ns |   999.927 ns |  54.809 ns |", "| InsertRealistic        | Striped | 1           | 8,010.00 ns |   40.000 ns |  2.000 ns |"),
        })
        {
            text.Should().Contain(before1);
            text = text.Replace(before1, after, StringComparison.Ordinal);
        }

        File.WriteAllText(table, text);
        var after1 = Row(Report(run), "Realistic, 1 thread: Striped / Lock throughput");
        after1.Verdict.Should().Be("reproduced", after1.Note);

        // A quick run keeps NoFlush at 32 threads only: the share is taken at the nearest count with both rows.
        text = string.Join("\n", text.Split('\n').Where(l => !(l.Contains("| InsertRealisticNoFlush |", StringComparison.Ordinal) && l.Contains("| 1           |", StringComparison.Ordinal))));
        File.WriteAllText(table, text);
        var quick = Row(Report(run), "Realistic, 1 thread: Striped / Lock throughput");
        quick.Verdict.Should().Be("not measurable here", "at 4 threads the fixture's flush adds nothing: " + quick.Note);
        quick.Note.Should().Contain("at ThreadCount 4, the nearest count with both rows to 1");
        WhyBenchmarksLie.Claims.WhyBenchmarksLieSection.FlushShare(8335, 422).Should().BeApproximately(0.949, 0.001, "the post's own share");
    }

    [Fact]
    public void With_a_PMU_the_counter_claims_are_judged_from_perf_stat()
    {
        using var run = RunFixture.Copy("full");
        string folder = MachineWithPmu(run);
        // Hand-made perf stat -x, output: IPC 1.6 vs 0.4 (4×), L1 miss 10% vs 25% (2.5×), branch miss 0.5% vs 2.0%.
        File.WriteAllText(Path.Combine(folder, "perf-stat-sequential.csv"),
            "# started on Wed Nov 25 07:44:40 2026\n\n1000000,,cycles:u,1,100.00,,\n1600000,,instructions:u,1,100.00,1.60,insn per cycle\n" +
            "200000,,branch-instructions:u,1,100.00,,\n1000,,branch-misses:u,1,100.00,,\n400000,,L1-dcache-loads:u,1,100.00,,\n40000,,L1-dcache-load-misses:u,1,100.00,,\n");
        File.WriteAllText(Path.Combine(folder, "perf-stat-random.csv"),
            "1000000,,cycles,1,100.00,,\n400000,,instructions,1,100.00,0.40,insn per cycle\n200000,,branch-instructions,1,100.00,,\n4000,,branch-misses,1,100.00,,\n" +
            "400000,,L1-dcache-loads,1,100.00,,\n100000,,L1-dcache-load-misses,1,100.00,,\n");
        string report = Report(run);
        var ipc = Row(report, "IPC, sequential / random");
        ipc.Verdict.Should().Be("reproduced", ipc.Note);
        ipc.Measured.Should().StartWith("4.00× (no interval)");
        Row(report, "L1 data cache miss rate").Measured.Should().StartWith("2.50× (no interval)");
        var branch = Row(report, "Branch misprediction rate of the random loop");
        branch.Verdict.Should().Be("reproduced");
        branch.Measured.Should().StartWith("2.00%");
    }

    [Fact]
    public void With_a_PMU_but_events_not_supported_the_counter_claims_say_so()
    {
        using var run = RunFixture.Copy("full");
        string folder = MachineWithPmu(run);
        foreach (string mode in new[] { "sequential", "random" })
        {
            File.WriteAllText(Path.Combine(folder, $"perf-stat-{mode}.csv"), "<not supported>,,cycles,0,100.00,,\n<not supported>,,instructions,0,100.00,,\n5021.34,msec,task-clock,5021340018,100.00,0.888,CPUs utilized\n");
        }

        var ipc = Row(Report(run), "IPC, sequential / random");
        ipc.Verdict.Should().Be("not measurable here");
        ipc.Note.Should().Contain("&lt;not supported&gt;", "perf's word, written so that a markdown renderer shows it instead of taking it for a tag");
    }

    [Fact]
    public void With_a_PMU_and_no_perf_stat_files_the_counter_claims_are_missing()
    {
        using var run = RunFixture.Copy("full");
        Directory.Delete(MachineWithPmu(run));
        var row = Row(Report(run), "IPC, sequential / random");
        row.Verdict.Should().Be("missing");
        row.Note.Should().Contain("perf-stat/perf-stat-{sequential,random}.csv");
    }

    [Fact]
    public void A_thread_premise_counts_the_cpus_and_the_threads_that_really_ran_at_once()
    {
        var claim = PublishedNumbers.LoadDefault().For("why-benchmarks-lie").Claim("narrow-32");
        BenchmarkResult Row(string peak) => new("C", "M", new Dictionary<string, string>(), 10, 1, 1, 3, null,
            new Dictionary<string, string> { [Premise.PeakColumn] = peak }, "f");
        RunEnvironment Machine(string cpus) => new(new Dictionary<string, string> { [Premise.CpusRow] = cpus }, "x", "test");

        Premise.Threads(claim, Machine("2 / 1 / 1"), [Row("32"), Row("32")]).Should().Be(
            "premise not met: 32 threads contending, but at most 2 ran at once here (2 logical CPUs; PeakConc 32 and 32)");
        Premise.Threads(claim, Machine("64 / 2 / 2"), [Row("5"), Row("32")]).Should().Contain("at most 5 ran at once", "time-sliced threads never overlapped");
        Premise.Threads(claim, Machine("64 / 2 / 2"), [Row("32"), Row("32")]).Should().BeNull("32 threads on 64 CPUs, all inside at once");
        Premise.Threads(claim with { Threads = null }, Machine("2 / 1 / 1"), [Row("1")]).Should().BeNull("a claim without the premise");
        Premise.Pmu(new RunEnvironment(new Dictionary<string, string> { [Premise.PmuRow] = "yes (cycles counted)" }, "x", "test")).Should().BeNull();
    }

    [Theory]
    [InlineData(new[] { 2, 1, 2, 1, 2 }, 2)]
    [InlineData(new[] { 1, 2, 1, 1, 1 }, 1)]
    [InlineData(new[] { 1, 2, 2 }, 2)]
    [InlineData(new[] { 1, 2 }, 1)]
    [InlineData(new[] { 3 }, 3)]
    public void Measured_in_rounds_the_threads_that_ran_at_once_are_the_median_rounds(int[] peaks, int expected)
    {
        // One round whose threads never overlapped (a descheduled vCPU) must not decide which thread count a contention
        // claim is judged at; most rounds must. An even count takes the lower middle: the premise is not granted on a tie.
        BenchmarkResult Round(int round, int peak) => new("C", "M", new Dictionary<string, string>(), 10, 1, 1, 3, null,
            new Dictionary<string, string> { [Premise.PeakColumn] = peak.ToString(System.Globalization.CultureInfo.InvariantCulture) }, "f")
        { Round = round };
        var rounds = BenchmarkResult.FromRounds([.. peaks.Select((p, i) => Round(i + 1, p))]);

        Premise.PeakConcurrency(rounds).Should().Be(expected);
    }

    [Fact]
    public void On_one_cpu_the_contention_claims_are_not_measurable()
    {
        using var run = RunFixture.Copy("full");
        string env = run.File("environment.md");
        File.WriteAllText(env, File.ReadAllText(env).Replace("| logical CPUs / sockets / NUMA nodes | 2 / 1 / 1 |", "| logical CPUs / sockets / NUMA nodes | 1 / 1 / 1 |", StringComparison.Ordinal));
        var row = Row(Report(run), "Narrow: Lock wins at 1 thread and loses once threads contend");
        row.Verdict.Should().Be("not measurable here");
        row.Note.Should().Contain("one logical CPU");
    }

    [Fact]
    public void Claims_measured_in_rounds_print_the_rounds_level_and_judge_the_between_round_interval()
    {
        using var run = RunFixture.Copy("rounds");
        string report = Report(run);
        var ratio = Row(report, "SumRandom / SumSequential time, N = 8,000,000");
        ratio.Measured.Should().MatchRegex(@"^\S+× \[\S+×; \S+×\] \(95% CI, 3 rounds\)");
        Row(report, "The ratio jumps between 1M and 8M").Verdict.Should().BeOneOf("reproduced", "borderline", "not reproduced");
        Row(report, "SumSequential time per element, N = 8,000,000 / 1,000,000").Measured.Should().Contain("(95% CI, 3 rounds)");
        report.Should().Contain("this run [interval] (level)");
    }

    [Fact]
    public void The_report_writes_every_verdict_to_verdicts_json()
    {
        using var run = RunFixture.Copy("full");
        string report = Report(run);
        using var doc = JsonDocument.Parse(File.ReadAllText(run.File(VerdictsFile.FileName)));
        doc.RootElement.GetProperty("run").GetString().Should().Be("fixtures/full");
        var claims = doc.RootElement.GetProperty("claims").EnumerateArray().ToList();
        claims.Should().HaveCount(PublishedNumbers.LoadDefault().Posts.Sum(p => p.Claims.Count));
        var lazy = claims.Single(c => c.GetProperty("id").GetString() == "lazy-flat-lock");
        lazy.GetProperty("post").GetString().Should().Be("why-benchmarks-lie");
        lazy.GetProperty("kind").GetString().Should().Be("equivalence");
        lazy.GetProperty("verdict").GetString().Should().Be(Row(report, "Lazy, Lock: throughput at 32 threads").Verdict);
        lazy.GetProperty("level").GetDouble().Should().Be(0.999);
        lazy.GetProperty("lower").GetDouble().Should().BeLessThan(lazy.GetProperty("value").GetDouble());
        var borderline = claims.First(c => c.GetProperty("verdict").GetString() == "borderline");
        borderline.GetProperty("threshold").GetString().Should().NotBeNullOrEmpty();
        claims.Should().OnlyContain(c => c.GetProperty("drifted").GetBoolean() == false, "the fixture has no drift probe");
    }

    // environment.md says the machine counts hardware events; returns the perf-stat folder, created empty.
    private static string MachineWithPmu(RunFixture run)
    {
        string env = run.File("environment.md");
        string text = File.ReadAllText(env);
        text.Should().Contain("| hardware counters (PMU) | no (");
        File.WriteAllText(env, text.Replace("| hardware counters (PMU) | no (hardware events <not supported>: virtual machine without a virtual PMU) |",
            "| hardware counters (PMU) | yes (cycles and instructions counted) |", StringComparison.Ordinal));
        string folder = run.File("hardware-counters/perf-stat");
        Directory.CreateDirectory(folder);
        return folder;
    }

    internal static string Report(RunFixture run)
    {
        var (code, _, error) = RunFixture.Run("report", run.Path);
        code.Should().Be(0, error);
        return File.ReadAllText(run.File("report.md"));
    }

    // The claim's cells: post, this run, verdict (without its bold and any drift mark), why (without what deciding it would cost).
    internal static (string Published, string Measured, string Verdict, string Note) Row(string report, string claim)
    {
        string? line = report.Split('\n').FirstOrDefault(l => l.StartsWith($"| {claim}", StringComparison.Ordinal));
        line.Should().NotBeNull($"the report has a row for \"{claim}\"");
        string[] cells = [.. line!.Trim().Trim('|').Split('|').Select(c => c.Trim())];
        return (cells[1], cells[2], cells[3].Split("**", StringSplitOptions.RemoveEmptyEntries)[0], Why(cells[4]));
    }

    /// <summary>A why cell without the borderline row's ". To decide: …" (tested on its own).</summary>
    internal static string Why(string cell) => cell.Split(". To decide: ")[0];
}
