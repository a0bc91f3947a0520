using LabReport.RunFiles;

namespace LabReport.Tests;

/// <summary>
/// <c>stability</c> on copies of the full fixture with known disagreements: E1 made 15× (direction only instead of
/// reproduced) and E5 made 0.2× (reproduced instead of direction only), a drift probe, and machine.json fingerprints.
/// </summary>
public sealed class StabilityTests : IDisposable
{
    private const string E1Table = "enemies-of-measurement/EnemiesOfMeasurement.E1_JitWarmup-report-github.md";
    private const string E5Table = "enemies-of-measurement/EnemiesOfMeasurement.E5_BranchPredictor-report-github.md";
    private readonly List<RunFixture> _runs = [];

    public void Dispose()
    {
        foreach (var run in _runs)
        {
            run.Dispose();
        }
    }

    private RunFixture Copy(string? fingerprint = null, bool e1 = false, bool e5 = false, bool drift = false)
    {
        var run = RunFixture.Copy("full");
        _runs.Add(run);
        if (fingerprint is not null)
        {
            File.WriteAllText(run.File("machine.json"), $"{{ \"fingerprint\": \"{fingerprint}\" }}\n");
        }

        if (e1)
        {
            Edit(run, E1Table, "| SumPayloadCold | 11.574 ms |", "| SumPayloadCold | 55.050 ms |");
        }

        if (e5)
        {
            Edit(run, E5Table, "| ScanSorted | 8000000 |  2.387 ms |", "| ScanSorted | 8000000 |  5.689 ms |");
        }

        if (drift)
        {
            File.WriteAllText(run.File("probe.csv"), "label,utc,cpu_ns,memory_ns\nstart,t0,100,80\nwhy-benchmarks-lie,t1,101,81\nenemies-of-measurement,t2,130,82\n");
        }

        return run;
    }

    [Theory]
    [InlineData(Verdict.Reproduced, Verdict.NotReproduced, true)]
    [InlineData(Verdict.Reproduced, Verdict.DirectionOnly, true)]
    [InlineData(Verdict.Reproduced, Verdict.SizeRuledOut, true)]
    [InlineData(Verdict.DirectionOnly, Verdict.NotReproduced, true)]
    [InlineData(Verdict.DirectionOnly, Verdict.SizeRuledOut, false)]
    [InlineData(Verdict.SizeRuledOut, Verdict.NotReproduced, false)]
    [InlineData(Verdict.Reproduced, Verdict.Borderline, false)]
    [InlineData(Verdict.NotReproduced, Verdict.NotMeasurableHere, false)]
    public void Only_decided_verdicts_that_cannot_both_hold_are_a_contradiction(Verdict a, Verdict b, bool contradiction)
    {
        static RunVerdicts Run(string name, Verdict verdict) => new(name, "M", new Dictionary<string, ClaimRow> { ["p/c"] = new("c", "", "", verdict, "") });

        a.Contradicts(b).Should().Be(contradiction);
        b.Contradicts(a).Should().Be(contradiction);
        Stability.Compare([Run("a", a), Run("b", b)]).Single().Contradiction.Should().Be(contradiction);
        string md = StabilityCommand.Write([Run("a", a), Run("b", b)]);
        md.Should().Contain(contradiction ? "**1 contradiction** " : "**0 contradictions** ");
    }

    [Fact]
    public void A_disagreement_no_run_called_borderline_says_whether_the_intervals_overlap()
    {
        // fsync-dominates in a2395b7's two full runs: 1.07× [1.05×; 1.17×] "direction only", 1.03× [0.91×; 1.14×] "not
        // reproduced" (1 inside, the post's 19.75× ruled out by both): the same number, split on the threshold 1.
        static RunVerdicts Run(string name, Verdict verdict, double value, double lower, double upper) => new(name, "M",
            new Dictionary<string, ClaimRow> { ["p/c"] = new("c", "19.75×", "", verdict, "") { Estimate = new RatioEstimate(value, lower, upper, true) } });

        var overlap = Stability.Compare([Run("a", Verdict.DirectionOnly, 1.07, 1.05, 1.17), Run("b", Verdict.NotReproduced, 1.03, 0.91, 1.14)]).Single();
        overlap.Agree.Should().BeFalse();
        overlap.Why.Should().Be("neither borderline nor drifted in any run, and the intervals overlap: " + Stability.OverlapMeaning);

        var apart = Stability.Compare([Run("a", Verdict.DirectionOnly, 1.07, 1.05, 1.17), Run("b", Verdict.NotReproduced, 0.9, 0.85, 0.95)]).Single();
        apart.Why.Should().Be("neither borderline nor drifted in any run: the runs measured it differently");

        var output = StabilityCommand.Write([Run("a", Verdict.DirectionOnly, 1.07, 1.05, 1.17), Run("b", Verdict.NotReproduced, 1.03, 0.91, 1.14)]);
        output.Should().Contain("**0 of 1 claims agree.** Of the 1 that do not, 0 were borderline in a run and 0 ran while the machine drifted; " +
            "of the others, 1 had overlapping intervals (" + Stability.OverlapMeaning + ").");
    }

    [Fact]
    public void Each_run_shows_its_share_of_borderline_and_missing_claims()
    {
        static ClaimRow Row(string id, Verdict verdict) => new(id, "1", "", verdict, "");
        var a = new RunVerdicts("a", "M", new Dictionary<string, ClaimRow>
        {
            ["p/1"] = Row("1", Verdict.Borderline), ["p/2"] = Row("2", Verdict.Reproduced), ["p/3"] = Row("3", Verdict.Reproduced), ["p/4"] = Row("4", Verdict.Missing),
        });
        var b = new RunVerdicts("b", "M", new Dictionary<string, ClaimRow>
        {
            ["p/1"] = Row("1", Verdict.Borderline), ["p/2"] = Row("2", Verdict.Borderline), ["p/3"] = Row("3", Verdict.Reproduced), ["p/4"] = Row("4", Verdict.Reproduced),
        });

        var lines = StabilityCommand.Write([a, b]).Split('\n');
        Cells(lines.Single(l => l.StartsWith("| run  ", StringComparison.Ordinal))).Should().Equal("run", "", "machine", "borderline", "missing", "probe CPU loop", "fingerprint");
        Cells(lines.Single(l => l.StartsWith("| run 1", StringComparison.Ordinal))).Should().Equal("run 1", "a", "A", "1 of 4 (25%)", "1 of 4 (25%)", "—", "M");
        Cells(lines.Single(l => l.StartsWith("| run 2", StringComparison.Ordinal))).Should().Equal("run 2", "b", "A", "2 of 4 (50%)", "0 of 4 (0%)", "—", "M");
    }

    [Fact]
    public void Each_run_shows_its_probe_so_runs_made_in_different_states_of_the_machine_stand_out()
    {
        static ProbeFile Probe(params double[] cpu) =>
            new("probe.csv", [.. cpu.Select((ns, i) => new ProbeRow(i == 0 ? ProbeFile.StartLabel : $"post{i}", "", ns, 170))]);
        var rows = new Dictionary<string, ClaimRow> { ["p/1"] = new("1", "1", "", Verdict.Reproduced, "") };

        StabilityCommand.ProbeCell(Probe(1.43, 1.40, 1.44)).Should().Be("1.43 ns (1.40–1.44)");
        StabilityCommand.ProbeCell(Probe(1.41, 1.58, 1.50, 1.56)).Should().Be("1.53 ns (1.41–1.58)", "the median of an even count is the middle two's mean");
        StabilityCommand.ProbeCell(null).Should().Be("—");

        var lines = StabilityCommand.Write([new RunVerdicts("a", "M", rows, Probe(1.43, 1.40, 1.44)), new RunVerdicts("b", "M", rows, Probe(1.56, 1.58))]).Split('\n');
        Cells(lines.Single(l => l.StartsWith("| run 1", StringComparison.Ordinal)))[5].Should().Be("1.43 ns (1.40–1.44)");
        Cells(lines.Single(l => l.StartsWith("| run 2", StringComparison.Ordinal)))[5].Should().Be("1.57 ns (1.56–1.58)");
    }

    private static string[] Cells(string line) => [.. line.Trim().Trim('|').Split('|').Select(c => c.Trim())];

    [Fact]
    public void Intervals_overlap_only_when_every_run_has_a_number_and_all_share_a_point()
    {
        static ClaimRow Row(RatioEstimate? e) => new("c", "", "", Verdict.Reproduced, "") { Estimate = e };

        Stability.IntervalsOverlap([Row(new(2, 1, 3, true)), Row(new(3.5, 3, 4, true)), Row(new(2.5, 2, 3.2, true))]).Should().BeTrue("3 is in all three");
        Stability.IntervalsOverlap([Row(new(2, 1, 3, true)), Row(new(3.5, 3.1, 4, true))]).Should().BeFalse();
        Stability.IntervalsOverlap([Row(new(2, 1, 3, true)), Row(RatioEstimate.Point(2.5))]).Should().BeTrue("a point inside the other's interval");
        Stability.IntervalsOverlap([Row(RatioEstimate.Point(2)), Row(RatioEstimate.Point(2.5))]).Should().BeFalse();
        Stability.IntervalsOverlap([Row(new(2, 1, 3, true)), Row(null)]).Should().BeFalse("a run without a number");
        Stability.IntervalsOverlap([Row(new(2, 1, 3, true)), null]).Should().BeFalse("a run without the claim");
    }

    private static void Edit(RunFixture run, string file, string before, string after)
    {
        string text = File.ReadAllText(run.File(file));
        text.Should().Contain(before);
        File.WriteAllText(run.File(file), text.Replace(before, after, StringComparison.Ordinal));
    }

    private static int Claims => PublishedNumbers.LoadDefault().Posts.Sum(p => p.Claims.Count(c => c.Kind != "info"));

    // The cells of the side-by-side row of a claim key.
    private static string[] Row(string output, string key) =>
        Cells(output.Split('\n').Single(l => l.StartsWith($"| {key}:", StringComparison.Ordinal)));

    [Fact]
    public void Runs_of_one_machine_agree_but_for_the_edited_claim_which_a_run_ran_while_the_machine_drifted()
    {
        var a = Copy();
        var b = Copy(e1: true, drift: true);
        var (code, output, error) = RunFixture.Run("stability", a.Path, b.Path);
        code.Should().Be(0, error);
        output.Should().Contain("# Verdict stability: 2 runs, 1 machine");
        output.Should().Contain($"**{Claims - 1} of {Claims} claims agree.** Of the 1 that do not, 0 were borderline in a run and 1 ran while the machine drifted.");
        var e1 = Row(output, "enemies-of-measurement/E1");
        e1[1].Should().Be("reproduced");
        e1[2].Should().Be("direction only · drifted");
        e1[3].Should().Be("**no: contradiction**", "reproduced in one run, direction only in the other");
        e1[4].Should().Be("machine drifted in fixtures/full");
        Row(output, "enemies-of-measurement/E5")[3].Should().Be("yes", "a drifted claim that agrees is still agreement");
        output.Should().NotContain("## Between machines", "one machine");
        File.Exists(a.File("report.md")).Should().BeFalse("stability judges the runs without writing into them");
    }

    [Fact]
    public void Runs_of_two_machines_separate_a_machines_property_from_noise()
    {
        // Machine X: two runs, E5 differs between them (noise). Machine Y: two runs, both with E1 at 15× (stable on Y, not on X's level).
        var x1 = Copy("X");
        var x2 = Copy("X", e5: true);
        var y1 = Copy("Y", e1: true);
        var y2 = Copy("Y", e1: true);
        string outDir = Path.Combine(Path.GetDirectoryName(x1.Path)!, "stability-out");
        var (code, output, error) = RunFixture.Run("stability", x1.Path, x2.Path, y1.Path, y2.Path, "--out", outDir);
        code.Should().Be(0, error);
        output.Should().Contain("# Verdict stability: 4 runs, 2 machines");
        output.Should().Contain($"**{Claims - 2} of {Claims} claims agree.**");
        output.Should().Contain("- 1 claim differ between the machines and are stable on each: a property of the machine: enemies-of-measurement/E1");
        output.Should().Contain("- 1 claim differ between runs of one machine: noise: enemies-of-measurement/E5");
        Row(output, "enemies-of-measurement/E5")[6].Should().Be("neither borderline nor drifted in any run: the runs measured it differently");
        File.ReadAllText(Path.Combine(outDir, StabilityCommand.FileName)).Should().Be(output);
        File.ReadAllText(Path.Combine(outDir, "command.txt")).Should().Be(
            $"{StabilityCommand.Invocation} {x1.Path} {x2.Path} {y1.Path} {y2.Path} --out {outDir}\n", "command.txt reproduces the output");
    }

    [Fact]
    public void One_run_per_machine_cannot_tell_a_property_from_noise()
    {
        var x = Copy("X");
        var y = Copy("Y", e1: true);
        var (code, output, _) = RunFixture.Run("stability", x.Path, y.Path);
        code.Should().Be(0);
        output.Should().Contain("- 1 claim differ between the machines, but a machine has one run, so stable-on-each cannot be told: enemies-of-measurement/E1");
    }

    [Fact]
    public void A_run_without_any_post_folder_exits_1_naming_it()
    {
        var a = Copy();
        using var empty = RunFixture.Copy("corrupt-json");
        Directory.Delete(empty.File("statistics-that-matter"), recursive: true);
        var (code, _, error) = RunFixture.Run("stability", a.Path, empty.Path);
        code.Should().Be(1);
        error.Should().StartWith("error: ").And.Contain(empty.Path).And.Contain("no post folder");
    }

    [Fact]
    public void Wrong_inputs_are_one_line_and_exit_2()
    {
        var a = Copy();
        foreach (var (args, message) in new (string[], string)[]
        {
            (["stability"], "stability needs at least two run folders (got 0)"),
            (["stability", a.Path], "stability needs at least two run folders (got 1)"),
            (["stability", a.Path, a.Path], "the same run folder twice"),
            (["stability", a.Path, "/nonexistent/run"], "/nonexistent/run: no such directory"),
            (["stability", a.Path, a.Path, "--bogus"], "Unknown option: --bogus"),
            (["stability", a.Path, Path.GetTempPath()], "not a run folder"),
            (["stability", a.Path, Copy().Path, "--out", "/proc/nonexistent/out"], "/proc/nonexistent/out"),
        })
        {
            var (code, output, error) = RunFixture.Run(args);
            code.Should().Be(2, string.Join(' ', args));
            output.Should().BeEmpty();
            error.Should().StartWith("error: ").And.Contain(message);
            error.Split('\n', StringSplitOptions.RemoveEmptyEntries).First().Should().Contain(message, "the first line says what is wrong");
        }
    }

    [Fact]
    public void Help_names_the_command()
    {
        RunFixture.Run("--help").Output.Should().Contain("stability <run-folder> <run-folder> [more...] [--out DIR]");
        var (code, output, _) = RunFixture.Run("stability", "--help");
        code.Should().Be(0);
        output.Should().Contain("N of M").And.Contain("--out DIR");
    }
}
