using LabReport.Planning;
using LabReport.RunFiles;

namespace LabReport.Tests;

/// <summary>
/// The planner's commands on a run in rounds (the <c>rounds</c> fixture: post 5's AccessPatterns, E4 and
/// NoisyComparison in three rounds): what it names next, the costs it plans with, where the spread comes from, and
/// where the run's time went.
/// </summary>
public sealed class PlanningTests : IDisposable
{
    private readonly RunFixture _run = RunFixture.Copy("rounds");

    public void Dispose() => _run.Dispose();

    [Fact]
    public void Plan_names_a_step_of_cases_of_one_unit_and_logs_it()
    {
        string step = _run.File("step.tsv");

        var (code, output, error) = RunFixture.Run("plan", _run.Path, "--seconds-left", "600", "--step-file", step);

        code.Should().Be(0, error);
        output.Should().MatchRegex(@"^\d+ claim\(s\) undecided; next: [a-z-]+'s .+, \d rounds? of \d+ cases?, about \d+:\d\d\n$");
        string[] lines = File.ReadAllLines(step);
        string[] head = lines[0].Split('\t');
        head.Should().HaveCount(6);
        head[1].Should().Be("bdn");
        int.Parse(head[3], System.Globalization.CultureInfo.InvariantCulture).Should().Be(4, "the fixture's cases have three rounds");
        int.Parse(head[4], System.Globalization.CultureInfo.InvariantCulture).Should().Be(2, "3 rounds to the next look, at 5");
        lines.Skip(1).Should().NotBeEmpty().And.OnlyContain(c => LabRounds.CaseSpec.Parse(c).IsBenchmark);
        File.ReadAllText(_run.File(PlanCommand.LogFile)).Should().Contain("10:00 left: ").And.Contain(output.Trim());
    }

    [Theory]
    [InlineData(1.04, "4%")]
    [InlineData(1.9, "90%")]
    [InlineData(29681.4, "a factor of 29,681")]
    public void A_distance_from_a_threshold_reads_as_a_percent_up_to_a_factor_of_two(double factor, string expected) =>
        ClaimPlan.Distance(factor).Should().Be(expected, "2968060% (a borderline row of 2026-12-02-full-4) reads as a typo");

    [Fact]
    public void Plan_says_stop_when_nothing_fits_in_the_time_left()
    {
        var (code, output, _) = RunFixture.Run("plan", _run.Path, "--seconds-left", "1");

        code.Should().Be(PlanCommand.StopExitCode);
        output.Should().Contain("none decidable in the 0:01 left");
    }

    [Theory]
    [InlineData(new string[0], "plan needs a run folder")]
    [InlineData(new[] { "RUN" }, "plan needs --seconds-left S")]
    [InlineData(new[] { "RUN", "--seconds-left", "soon" }, "--seconds-left must be a number of seconds above 0; got 'soon'")]
    [InlineData(new[] { "RUN", "--seconds-left", "0" }, "--seconds-left must be a number of seconds above 0; got '0'")]
    public void Plan_answers_a_wrong_input_in_one_line_with_exit_2(string[] args, string message)
    {
        var (code, _, error) = RunFixture.Run(["plan", .. args.Select(a => a == "RUN" ? _run.Path : a)]);

        code.Should().Be(2);
        error.Split('\n')[0].Should().Contain(message);
    }

    [Fact]
    public void Costs_come_from_the_runs_engine_time_and_its_logged_invocations()
    {
        // Two invocations of the post 5 reports: 40 s and 70 s of wall time for the same report: the fit is a line.
        string json = Directory.GetFiles(_run.File("hardware-counters"), "*-report-full.json").Single();
        File.WriteAllText(_run.File("hardware-counters/steps.tsv"),
            $"bdn\t40\t\t{Path.GetFileName(json)}\nstep\t3\tsweep\t1\nstep\t5\tsweep\t2\n");
        File.WriteAllText(_run.File("hardware-counters/more-steps.txt"), "sweep\n");
        var costs = RunCosts.Of(RunFolder.Open(_run.Path));
        var unit = new PlanUnit("hardware-counters", "", false, ["AccessPatterns.SumRandom(N=1000000)"]);
        var steps = new PlanUnit("hardware-counters", "", true, ["sweep"]);

        costs.SecondsPerRound(unit, unit.Cases[0]).Should().BeGreaterThan(costs.ProcessOverhead, "a round is the case's engine time and a process");
        costs.SecondsPerRound(steps, "sweep").Should().Be(4, "the mean of the step's logged rounds");
        costs.RoundsSoFar(unit, unit.Cases[0]).Should().Be(3);
        costs.NextRound(unit).Should().Be(4);
        costs.NextRound(steps).Should().Be(3);
        costs.MoreSteps("hardware-counters").Should().BeEquivalentTo(["sweep"]);
    }

    [Theory]
    [InlineData("E3-noise")]
    [InlineData("e3-isolated-same")]
    public void A_claim_on_the_groups_a_step_writes_is_planned_as_more_rounds_of_that_step(string id)
    {
        // Post 2's E3 pair: the noisy-vs-isolated step writes noisy-vs-isolated/noisy and .../isolated; only the step
        // can run them again (the hook runs no BenchmarkDotNet group of that name).
        const string post = "enemies-of-measurement";
        Directory.CreateDirectory(_run.File(post));
        var claim = PublishedNumbers.LoadDefault().For(post).Claim(id);
        var costs = RunCosts.Of(RunFolder.Open(_run.Path));
        (costs.UnitOf(post, claim)?.Steps ?? false).Should().BeFalse("without more-steps.txt the post runs no step again");

        File.WriteAllText(_run.File(post + "/more-steps.txt"), "noisy-vs-isolated\n");
        var unit = RunCosts.Of(RunFolder.Open(_run.Path)).UnitOf(post, claim);

        unit.Should().NotBeNull();
        unit!.Steps.Should().BeTrue();
        unit.Group.Should().BeEmpty();
        unit.Cases.Should().Equal("noisy-vs-isolated");
    }

    [Fact]
    public void A_class_that_costs_more_outside_the_engine_is_planned_at_its_own_cost()
    {
        // Post 2's log of the committed full run 2026-12-02-full, cut before its planner steps: E4's processes spend
        // 7.1 s each outside BenchmarkDotNet's engine (a 2M-entry table built in [GlobalSetup]), the other classes < 1 s.
        // Planned at one process overhead for every class, its steps took 1.4-2.2x their estimates.
        CopyCostsLog();
        var costs = RunCosts.Of(RunFolder.Open(_run.Path));
        const string post = "enemies-of-measurement";
        var unit = new PlanUnit(post, "", false, ["E4_CacheState.LookupRandom(TableSize=2000000)", "E4_CacheState.LookupRandom(TableSize=10000)"]);
        var set = BenchmarkSet.Load(_run.File(post));
        double Engine(string c) => set.Find(LabRounds.CaseSpec.Parse(c))!.EngineSeconds / 3;

        costs.ProcessOverheadOf(post, "E4_CacheState").Should().BeApproximately(7.1, 0.05, "46.11 s for 6 processes, less their iterations");
        costs.ProcessOverheadOf(post, "E1_JitWarmup").Should().BeLessThan(1);
        costs.ProcessOverheadOf("hardware-counters", "AccessPatterns").Should().Be(costs.ProcessOverhead, "a post without a log plans with the run's fit");
        costs.Overhead(unit).Should().BeApproximately((12.02 + 9.16) / 2, 1e-9, "the two builds that started processes; E3's in-process runs build nothing");
        foreach (string c in unit.Cases)
        {
            costs.SecondsPerRound(unit, c).Should().BeApproximately(Engine(c) + costs.ProcessOverheadOf(post, "E4_CacheState"), 1e-9);
        }

        // The run's last planner step of post 2: 4 rounds of E4's two cases took 64 s (steps.tsv, more-15); planned at
        // 0:29 by the old model. The estimate now is within a fifth of it.
        double estimate = costs.Overhead(unit) + 4 * unit.Cases.Sum(c => costs.SecondsPerRound(unit, c));
        estimate.Should().BeInRange(64 / 1.2, 64 * 1.2);
    }

    [Fact]
    public void Each_class_counts_once_and_archived_reports_are_read()
    {
        // Post 4's hook lists a class's plain and annotated reports (the same measurements); an archived run gzips them.
        string json = Directory.GetFiles(_run.File("statistics-that-matter"), "*-report-full.json").Single();
        string name = Path.GetFileName(json);
        string annotated = name.Replace("-report-full.json", "-report-full-annotated.json", StringComparison.Ordinal);
        File.Copy(json, _run.File("statistics-that-matter/" + annotated));
        string Fitted(string reports)
        {
            File.WriteAllText(_run.File("statistics-that-matter/steps.tsv"), $"bdn\t40\t\t{reports}\nbdn\t70\t\t{reports}\n");
            var costs = RunCosts.Of(RunFolder.Open(_run.Path));
            return $"{costs.ProcessOverhead:0.000} {costs.StepOverhead:0.000}";
        }

        string plain = Fitted(name);
        Fitted($"{annotated} {name}").Should().Be(plain);
        using (var from = File.OpenRead(json))
        using (var to = new System.IO.Compression.GZipStream(File.Create(json + ".gz"), System.IO.Compression.CompressionLevel.Fastest))
        {
            from.CopyTo(to);
        }

        File.Delete(json);
        Fitted(name).Should().Be(plain);
        plain.Should().NotBe($"{RunCosts.DefaultProcessOverhead:0.000} {RunCosts.DefaultStepOverhead:0.000}", "the reports were read");
    }

    [Fact]
    public void Plan_never_names_a_step_its_estimate_says_would_not_fit()
    {
        CopyCostsLog();
        string step = _run.File("step.tsv");
        foreach (int left in new[] { 30, 60, 120, 600 })
        {
            var (code, _, error) = RunFixture.Run("plan", _run.Path, "--seconds-left", left.ToString(System.Globalization.CultureInfo.InvariantCulture), "--step-file", step);
            code.Should().BeOneOf([0, PlanCommand.StopExitCode], error);
            if (code == 0)
            {
                double.Parse(File.ReadAllLines(step)[0].Split('\t')[5], System.Globalization.CultureInfo.InvariantCulture).Should().BeLessThanOrEqualTo(left);
            }

            File.Delete(step);
        }
    }

    private void CopyCostsLog() =>
        File.Copy(Path.Combine(RunFixture.FixturesRoot, "planner-costs", "enemies-of-measurement", BdnConsoleLog.FileName + ".gz"),
            _run.File("enemies-of-measurement/" + BdnConsoleLog.FileName + ".gz"));

    [Fact]
    public void Spread_separates_the_iterations_noise_from_the_process_level()
    {
        var (code, output, error) = RunFixture.Run("spread", _run.Path, "--out", _run.File("spread"));

        code.Should().Be(0, error);
        output.Should().Contain("## Post 5 — Hardware Counters").And.Contain("| ratio-1M ");
        File.ReadAllText(_run.File("spread/spread.md")).Should().Be(output);

        var set = BenchmarkSet.Load(_run.File("hardware-counters"));
        var random = set.Find(LabRounds.CaseSpec.Parse("AccessPatterns.SumRandom(N=1000000)"))!;
        var sequential = set.Find(LabRounds.CaseSpec.Parse("AccessPatterns.SumSequential(N=1000000)"))!;
        var s = SpreadComponents.Of(random, sequential, processOverhead: 1)!;
        s.Rounds.Should().Be(3);
        (s.Within * s.Within + s.Process * s.Process).Should().BeApproximately(Math.Max(s.Between * s.Between, s.Within * s.Within), 1e-12);
        s.Iterations.Should().Be(3);
        s.BestIterations.Should().BeInRange(1, SpreadComponents.MostIterations);
    }

    [Fact]
    public void Where_the_time_went_is_the_share_in_measured_iterations_and_the_decisions_per_minute()
    {
        RunFixture.Run("report", _run.Path).Code.Should().Be(0);

        var (code, output, error) = RunFixture.Run("efficiency", _run.Path, "--wall", "600");

        code.Should().Be(0, error);
        var (workload, engine) = EfficiencyCommand.Measured(_run.Path);
        workload.Should().BeGreaterThan(0).And.BeLessThan(engine, "the workload is one of the engine's stages");
        output.Should().StartWith("Measured iterations (BenchmarkDotNet's Workload/Actual): ").And.Contain("of the run's 10:00")
            .And.Contain("Claims decided: ").And.Contain(" per minute.");
    }
}
