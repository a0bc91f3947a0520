using LabReport.Ab;

namespace LabReport.Tests.Ab;

/// <summary>
/// Whole runs of ab against the stand-in lab (<see cref="FakeLab"/>): two commits built in worktrees, build folders,
/// a mode, a duet, a failing side, a failing build, Ctrl-C in a round and during a build. After every run nothing is
/// left: no worktree, no private directory, no child process.
/// </summary>
public class AbFlowTests
{
    [Fact]
    public void Two_commits_are_built_in_worktrees_and_a_5_percent_change_is_called_slower()
    {
        using var lab = new FakeLab();
        string out1 = lab.Out("run");

        var run = lab.Ab(lab.Host(), ["--a", "HEAD~1", "--b", "HEAD", "--project", "proj", "--b-env", "FTF_CALIBRATION_SCALE=1.05",
            "--rounds", "3", "--seed", "7", "--out", out1]);

        run.ExitCode.Should().Be(0, run.Error);
        run.Output.Should().Contain("**2 slower, 0 faster, 0 same** at ±2%");
        Row(run.Output, "KnownWork.Walk").Should().Contain("| 1.050 [1.050; 1.050] | **slower** |");
        string[] calls = File.ReadAllLines(lab.Calls);
        calls.Count(c => c.StartsWith("build ", StringComparison.Ordinal)).Should().Be(2, "two commits, one build each");
        calls.Where(c => c.Contains("--inProcess", StringComparison.Ordinal)).Should().HaveCount(6).And.AllSatisfy(c =>
            c.Should().Contain("--filter * --inProcess --warmupCount 1 --iterationCount 5 --iterationTime 50 --exporters fulljson --artifacts "));
        foreach (string file in new[] { "summary.md", "rounds.tsv", "sides.tsv", "command.txt", AbChart.FileName })
        {
            File.Exists(Path.Combine(out1, file)).Should().BeTrue(file);
        }

        File.Exists(Path.Combine(out1, AbCommand.AaFile)).Should().BeFalse("only an A/A run writes aa.md");
        File.ReadAllLines(Path.Combine(out1, "rounds.tsv")).Should().HaveCount(1 + 2 * 3).And.Contain(l => l.EndsWith("\t1.05", StringComparison.Ordinal));
        File.ReadAllLines(Path.Combine(out1, "sides.tsv")).Skip(1).Should().HaveCount(6).And.AllSatisfy(l => l.Split('\t')[5].Should().Be("0.50"));
        run.Output.Should().Contain("- Machine load (1-minute average as each process started): 0.5–0.5, median 0.5, on ");
        lab.Worktrees().Should().BeEmpty();
        Directory.EnumerateFileSystemEntries(lab.RunDirectory).Should().BeEmpty();
    }

    [Fact]
    public void Command_txt_names_the_commits_by_hash_and_the_seed_and_reads_back_as_the_same_settings()
    {
        using var lab = new FakeLab();
        string head = lab.Git("rev-parse", "HEAD").Trim();

        lab.Ab(lab.Host(), ["--a", "HEAD", "--b", "HEAD", "--project", "proj", "--filter", "*Walk*", "--b-env", "X=1", "--b-args=--wal off", "--rounds", "3",
            "--seed", "99", "--threshold", "3%", "--out", lab.Out("run")]).ExitCode.Should().Be(0);

        string command = File.ReadAllText(Path.Combine(lab.Out("run"), "command.txt")).Trim();
        command.Should().StartWith(AbCommandLine.Invocation + $" --a {head} --b {head} --project proj --filter '*Walk*' --b-env X=1 '--b-args=--wal off' --rounds 3 --seed 99 --threshold 3%");
        var replay = AbOptions.Parse(Words(command[(AbCommandLine.Invocation.Length + 1)..]));
        (replay.A.Ref, replay.B.Ref, replay.Seed, replay.Rounds, replay.Threshold).Should().Be((head, head, 99UL, 3, 0.03));
        replay.Selection.Filters.Should().Equal("*Walk*");
        replay.B.Environment.Should().Equal(new Dictionary<string, string> { ["X"] = "1" });
        replay.B.Args.Should().Equal("--wal", "off");
        File.ReadAllLines(lab.Calls).Should().Contain(c => c.Contains("--inProcess", StringComparison.Ordinal) && c.EndsWith(" --wal off", StringComparison.Ordinal));
    }

    [Fact]
    public void A_commit_named_by_both_sides_is_built_once()
    {
        using var lab = new FakeLab();

        lab.Ab(lab.Host(), ["--aa", "HEAD", "--project", "proj", "--rounds", "3", "--out", lab.Out("aa")]).ExitCode.Should().Be(0);

        File.ReadAllLines(lab.Calls).Count(c => c.StartsWith("build ", StringComparison.Ordinal)).Should().Be(1);
        lab.Worktrees().Should().BeEmpty();
    }

    [Fact]
    public void An_aa_run_prints_the_false_positive_rate_and_the_smallest_detectable_change_and_writes_aa_md()
    {
        using var lab = new FakeLab();

        var run = lab.Ab(lab.Host(), ["--aa", lab.BuildFolder("a"), "--project", "proj", "--rounds", "3", "--out", lab.Out("aa")]);

        run.ExitCode.Should().Be(0, run.Error);
        run.Output.Should().Contain("## A/A: this machine at this budget").And.Contain("**0 of 2** at ±2% (false-positive rate 0%")
            .And.Contain("Smallest change this budget detects: **2%**");
        File.ReadAllText(Path.Combine(lab.Out("aa"), AbCommand.AaFile)).Should().Contain("**0 of 2**");
        File.ReadAllLines(lab.Calls).Count(c => c.Contains("--list flat", StringComparison.Ordinal)).Should().Be(1, "one build, listed once");
    }

    [Fact]
    public void A_mode_is_judged_by_the_median_of_its_column_after_the_warm_up_rows()
    {
        using var lab = new FakeLab();

        var run = lab.Ab(lab.Host(), ["--aa", lab.BuildFolder("a"), "--project", "proj", "--mode", "insert-loop", "--value", "insert-ns",
            "--rounds", "3", "--out", lab.Out("mode"), "--", "--batches", "5"]);

        run.ExitCode.Should().Be(0, run.Error);
        Row(run.Output, "insert-loop insert-ns").Should().Contain(" 303 |").And.Contain("**same**");
        File.ReadAllLines(lab.Calls).Should().Contain(c => c.EndsWith("Fake.dll insert-loop --batches 5", StringComparison.Ordinal));
    }

    [Fact]
    public void A_duet_runs_both_sides_under_taskset_on_swapped_cpus()
    {
        using var lab = new FakeLab();

        var run = lab.Ab(lab.Host("0-1"), ["--aa", lab.BuildFolder("a"), "--project", "proj", "--duet", "--rounds", "3", "--out", lab.Out("duet")]);

        run.ExitCode.Should().Be(0, run.Error);
        var sides = File.ReadAllLines(Path.Combine(lab.Out("duet"), "sides.tsv")).Skip(1).Select(l => l.Split('\t')).Select(f => (f[0], f[1], f[2])).Order();
        sides.Should().Equal(("1", "A", "0"), ("1", "B", "1"), ("2", "A", "1"), ("2", "B", "0"), ("3", "A", "0"), ("3", "B", "1"));
        run.Output.Should().Contain("duet: A and B at the same time");
    }

    [Fact]
    public void A_side_that_fails_ends_the_run_with_exit_1_its_log_kept_and_nothing_left_behind()
    {
        using var lab = new FakeLab();
        string a = lab.BuildFolder("a");
        string b = lab.BuildFolder("b");
        File.WriteAllText(Path.Combine(b, "benchmarks.txt"), "KnownWork.Chain 1000\nFAIL\n");

        var run = lab.Ab(lab.Host(), ["--a", a, "--b", b, "--project", "proj", "--filter", "*Chain*", "--rounds", "3", "--seed", "1", "--out", lab.Out("fail")]);

        run.ExitCode.Should().Be(1, run.Error);
        run.Error.Should().Contain("error: side B failed in round 1 (exit 1; output in ").And.Contain("benchmark crashed");
        File.ReadAllText(Path.Combine(lab.Out("fail"), "failed-R1-B.log")).Should().StartWith("$ ").And.Contain("benchmark crashed");
        File.ReadAllText(Path.Combine(lab.Out("fail"), "summary.md")).Should().Contain("**Stopped by a failure**");
        Directory.EnumerateFileSystemEntries(lab.RunDirectory).Should().BeEmpty();
    }

    [Fact]
    public void A_build_that_fails_is_exit_1_and_its_worktree_is_removed()
    {
        using var lab = new FakeLab();
        File.WriteAllText(Path.Combine(lab.Repo, "proj", "build-fails"), "");
        lab.Git("add", "-A");
        lab.Git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "--quiet", "-m", "broken");

        var run = lab.Ab(lab.Host(), ["--a", "HEAD~1", "--b", "HEAD", "--project", "proj", "--out", lab.Out("broken")]);

        run.ExitCode.Should().Be(1);
        run.Error.Should().Contain("building B (HEAD) failed (dotnet build exit 1)").And.Contain("error CS0001: it does not compile");
        lab.Worktrees().Should().BeEmpty();
        Directory.EnumerateFileSystemEntries(lab.RunDirectory).Should().BeEmpty();
        Directory.Exists(lab.Out("broken")).Should().BeFalse("nothing was measured");
    }

    [Fact]
    public void Ctrl_c_in_a_round_stops_the_run_writes_what_was_measured_and_cleans_up()
    {
        using var lab = new FakeLab();
        using var stop = new CancellationTokenSource();

        var run = lab.Ab(lab.Host(), ["--a", "HEAD~1", "--b", "HEAD", "--project", "proj", "--rounds", "5", "--seed", "3", "--out", lab.Out("stopped")],
            real => new StopAfter(real, 3, stop), stop.Token);

        run.ExitCode.Should().Be(AbCommand.InterruptedExitCode, run.Error);
        string summary = File.ReadAllText(Path.Combine(lab.Out("stopped"), "summary.md"));
        summary.Should().Contain("**Interrupted** after 3 processes").And.Contain("- Rounds: 1 with both sides of 5");
        lab.Worktrees().Should().BeEmpty();
        Directory.EnumerateFileSystemEntries(lab.RunDirectory).Should().BeEmpty();
    }

    [Fact]
    public async Task Ctrl_c_during_a_build_kills_it_and_removes_the_worktree()
    {
        using var lab = new FakeLab();
        string started = lab.Out("marker");
        Directory.CreateDirectory(Path.GetDirectoryName(started)!);
        File.WriteAllText(Path.Combine(lab.Repo, "proj", "build-hangs"), started);
        lab.Git("add", "-A");
        lab.Git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "--quiet", "-m", "slow to build");
        using var stop = new CancellationTokenSource();

        var ab = Task.Run(() => lab.Ab(lab.Host(), ["--aa", "HEAD", "--project", "proj", "--out", lab.Out("never")], stop: stop.Token));
        SpinWait.SpinUntil(() => File.Exists(started), TimeSpan.FromSeconds(30)).Should().BeTrue("the build started");
        stop.Cancel();
        var run = await ab;

        run.ExitCode.Should().Be(AbCommand.InterruptedExitCode, run.Error);
        run.Error.Should().Contain("interrupted before any round ended: nothing measured");
        int sleeper = int.Parse(File.ReadAllText(started).Trim(), System.Globalization.CultureInfo.InvariantCulture);
        SpinWait.SpinUntil(() => !Directory.Exists($"/proc/{sleeper}"), TimeSpan.FromSeconds(10)).Should().BeTrue("the build's child was killed too");
        lab.Worktrees().Should().BeEmpty();
        Directory.EnumerateFileSystemEntries(lab.RunDirectory).Should().BeEmpty();
        Directory.Exists(lab.Out("never")).Should().BeFalse();
    }

    [Fact]
    public void Without_out_the_run_goes_to_a_new_dated_folder_under_results()
    {
        using var lab = new FakeLab();
        string a = lab.BuildFolder("a");

        lab.Ab(lab.Host(), ["--aa", a, "--project", "proj", "--rounds", "3"]).ExitCode.Should().Be(0);
        lab.Ab(lab.Host(), ["--aa", a, "--project", "proj", "--rounds", "3"]).ExitCode.Should().Be(0);

        var folders = Directory.GetDirectories(Path.Combine(lab.Repo, "results", "unknown-machine")).Select(Path.GetFileName).Order().ToList();
        folders.Should().HaveCount(2);
        folders[0].Should().MatchRegex(@"^\d{4}-\d{2}-\d{2}-ab-proj-aa$");
        folders[1].Should().Be(folders[0] + "-2");
    }

    [Fact]
    public void A_checkout_is_built_in_place()
    {
        using var lab = new FakeLab();

        var run = lab.Ab(lab.Host(), ["--a", "HEAD", "--b", ".", "--project", "proj", "--rounds", "3", "--out", lab.Out("wt")]);

        run.ExitCode.Should().Be(0, run.Error);
        File.Exists(Path.Combine(lab.Repo, "proj", "bin", "Release", "net10.0", "Fake.dll")).Should().BeTrue();
        run.Output.Should().Contain("- B: . (checkout at").And.Contain("with its uncommitted changes)");
    }

    private static string Row(string output, string key) =>
        output.Split('\n').Single(l => l.StartsWith($"| {key} ", StringComparison.Ordinal));

    // Splits command.txt the way a shell would for the words ab writes (plain words and single-quoted ones).
    private static List<string> Words(string command) =>
        [.. System.Text.RegularExpressions.Regex.Matches(command, @"'([^']*)'|(\S+)").Select(m => m.Groups[1].Success ? m.Groups[1].Value : m.Groups[2].Value)];

    // Ctrl-C after the n-th process: the run stops at the next one.
    private sealed class StopAfter(ISideRunner inner, int processes, CancellationTokenSource stop) : ISideRunner
    {
        private int _done;

        public SideRun Run(SideTask task, CancellationToken token)
        {
            var run = inner.Run(task, token);
            if (Interlocked.Increment(ref _done) == processes)
            {
                stop.Cancel();
            }

            return run;
        }
    }
}
