namespace LabScripts.Tests;

/// <summary>
/// The skeleton every post's lab-run.sh shares (scripts/lib/hook.sh): the same command line, the same checks before any
/// work, the same estimates. The wrong inputs run against every real hook; what the skeleton does with a build runs
/// against a fake post whose "program" is a small script (no benchmark runs here).
/// </summary>
public sealed class HookTests : IDisposable
{
    private readonly string _work = Directory.CreateTempSubdirectory("lab-hook-test-").FullName;

    public void Dispose() => Directory.Delete(_work, recursive: true);

    public static TheoryData<string> AllHooks => Hooks.Theory();

    [Theory]
    [MemberData(nameof(AllHooks))]
    public void Help_shows_the_command_line_each_profile_and_the_estimates(string hook)
    {
        var result = Bash.Run(hook, ["--help"]);

        result.ExitCode.Should().Be(0, result.ToString());
        result.Stdout.Should().StartWith("Usage: " + hook + " PROFILE OUTDIR")
            .And.Contain("PROFILE smoke").And.Contain("PROFILE quick").And.Contain("PROFILE full")
            .And.Contain("--estimate PROFILE").And.Contain("never rebuilds");
    }

    [Theory]
    [MemberData(nameof(AllHooks))]
    public void Every_profile_has_an_estimate_and_they_grow_from_smoke_to_full(string hook)
    {
        int smoke = Hooks.Estimate(hook, "smoke");
        int quick = Hooks.Estimate(hook, "quick");
        int full = Hooks.Estimate(hook, "full");

        smoke.Should().BePositive();
        quick.Should().BeGreaterThanOrEqualTo(smoke);
        full.Should().BeGreaterThan(quick);
    }

    [Theory]
    [MemberData(nameof(AllHooks))]
    public void Wrong_inputs_are_one_line_usage_errors_before_any_work(string hook)
    {
        string outDir = Path.Combine(_work, "out");
        Bash.Run(hook, []).ShouldBeUsageError("PROFILE and OUTDIR are required");
        Bash.Run(hook, ["quick"]).ShouldBeUsageError("PROFILE and OUTDIR are required");
        Bash.Run(hook, ["fast", outDir]).ShouldBeUsageError("PROFILE must be smoke, quick or full (got 'fast')");
        Bash.Run(hook, ["quick", outDir, "--iterationCount", "5"]).ShouldBeUsageError("unexpected argument '--iterationCount'");
        Bash.Run(hook, ["--frobnicate"]).ShouldBeUsageError("unknown option '--frobnicate'");
        Bash.Run(hook, ["quick", "/proc/ftf/out"]).ShouldBeUsageError("OUTDIR '/proc/ftf/out' cannot be created");
        Bash.Run(hook, ["--estimate"]).ShouldBeUsageError("--estimate needs a profile");
        Bash.Run(hook, ["--estimate", "fast"]).ShouldBeUsageError("PROFILE must be smoke, quick or full (got 'fast')");
        Bash.Run(hook, ["--estimate", "quick", "full"]).ShouldBeUsageError("unexpected argument 'full'");
        Directory.Exists(outDir).Should().BeFalse("nothing is created before the arguments are right");
    }

    [Theory]
    [InlineData("FTF_SESOI", "five", "FTF_SESOI must be a percentage such as 5% or 0.5% (got 'five')")]
    [InlineData("FTF_SESOI", "-5%", "FTF_SESOI must be a percentage")]
    [InlineData("FTF_PIN_CPUS", "4095", "FTF_PIN_CPUS='4095' is not a CPU list taskset accepts here")]
    [InlineData("FTF_PIN_CPUS", "zero", "FTF_PIN_CPUS='zero' is not a CPU list taskset accepts here")]
    public void Statistics_hook_checks_its_environment_before_any_work(string name, string value, string message)
    {
        string outDir = Path.Combine(_work, "out");

        Bash.Run("first-things-first/statistics-that-matter/lab-run.sh", ["quick", outDir], new Dictionary<string, string> { [name] = value })
            .ShouldBeUsageError(message);
        Directory.Exists(outDir).Should().BeFalse();
    }

    [Fact]
    public void Without_a_release_build_a_hook_says_how_to_build_and_exits_3()
    {
        string post = FakePost(withBuild: false);

        var result = Run(post, ["quick", Path.Combine(_work, "out")]);

        result.ExitCode.Should().Be(3, result.ToString());
        result.Stderr.Should().Contain("no Release build of FakePost").And.Contain("dotnet build -c Release");
    }

    [Fact]
    public void A_benchmark_step_runs_the_build_without_rebuilding_and_keeps_tables_json_and_the_pasteable_command()
    {
        string post = FakePost(withBuild: true);
        string outDir = Path.Combine(_work, "out");

        var result = Run(post, ["quick", outDir]);

        result.ExitCode.Should().Be(0, result.ToString());
        Directory.GetFiles(outDir).Select(Path.GetFileName).Should().BeEquivalentTo(
            "command.txt", "Fake.Bench-report-github.md", "Fake.Bench-report.csv", "Fake.Bench-report-full.json", "mode.txt");
        string[] calls = File.ReadAllLines(Path.Combine(_work, "calls"));
        calls[0].Should().StartWith("--filter * --iterationTime 100 --rounds 3 --rounds-seed 1234 --exporters fulljson --buildTimeout 600 --keepFiles --artifacts "
            + Path.Combine(_work, "run"));
        calls[1].Should().Be("mode --size 3");
        File.ReadAllLines(Path.Combine(outDir, "command.txt")).Should().Equal(
            $"cd {post} && dotnet run -c Release -- --filter '*' --iterationTime 100 --rounds 3 --rounds-seed 1234 --exporters fulljson",
            $"cd {post} && dotnet run -c Release -- mode --size 3");
        Directory.GetFileSystemEntries(Path.Combine(_work, "run")).Should().BeEmpty("the private artifacts directory is removed");
    }

    [Theory]
    [InlineData("smoke", "")]
    [InlineData("quick", " --rounds 3 --rounds-seed 1234")]
    [InlineData("full", " --rounds 5 --rounds-seed 1234")]
    public void Each_profile_measures_in_its_rounds_with_the_runs_seed(string profile, string rounds)
    {
        string post = FakePost(withBuild: true);

        Run(post, [profile, Path.Combine(_work, "out")]).ExitCode.Should().Be(0);

        File.ReadAllLines(Path.Combine(_work, "calls"))[0].Should().StartWith($"--filter * --iterationTime 100{rounds} --exporters fulljson ");
    }

    [Theory]
    [InlineData("quick", " --rounds 7 --rounds-seed 1234")]
    [InlineData("full", " --rounds 7 --rounds-seed 1234")]
    public void FTF_ROUNDS_sets_the_rounds_of_quick_and_full(string profile, string rounds)
    {
        string post = FakePost(withBuild: true);

        Run(post, [profile, Path.Combine(_work, "out")], rounds: "7").ExitCode.Should().Be(0);

        File.ReadAllLines(Path.Combine(_work, "calls"))[0].Should().StartWith($"--filter * --iterationTime 100{rounds} --exporters fulljson ");
    }

    [Theory]
    [InlineData("quick", "1", "FTF_ROUNDS must be from 2 to 20 (got '1')")]
    [InlineData("full", "21", "FTF_ROUNDS must be from 2 to 20 (got '21')")]
    [InlineData("full", "ten", "FTF_ROUNDS must be a whole number from 2 to 20 (got 'ten')")]
    [InlineData("smoke", "4", "FTF_ROUNDS applies to the quick and full profiles (smoke runs every benchmark once)")]
    public void A_wrong_FTF_ROUNDS_is_a_usage_error_before_any_work(string profile, string rounds, string message)
    {
        string post = FakePost(withBuild: true);
        string outDir = Path.Combine(_work, "out");

        Run(post, [profile, outDir], rounds: rounds).ShouldBeUsageError(message);
        Run(post, ["--estimate", profile], rounds: rounds).ShouldBeUsageError(message);
        Directory.Exists(outDir).Should().BeFalse();
    }

    [Fact]
    public void The_estimate_scales_with_FTF_ROUNDS_except_where_a_hook_measures_no_rounds()
    {
        string post = FakePost(withBuild: false);

        Run(post, ["--estimate", "full"], rounds: "10").Stdout.Should().Be("600\n", "the fake post's 300 s for 5 rounds, at 10");
        Run(post, ["--estimate", "quick"], rounds: "4").Stdout.Should().Be("27\n", "20 s for 3 rounds at 4, rounded up");
        Bash.Run("first-things-first/coordinated-omission/lab-run.sh", ["--estimate", "full"], new Dictionary<string, string> { ["FTF_ROUNDS"] = "10" })
            .Stdout.Should().Be(Bash.Run("first-things-first/coordinated-omission/lab-run.sh", ["--estimate", "full"]).Stdout,
                "post 3 runs its simulation once: more rounds change nothing there");
    }

    [Theory]
    [InlineData("12a")]
    [InlineData("1234567890123456789")]
    [InlineData("-1")]
    public void A_seed_that_is_not_a_number_of_at_most_18_digits_is_a_usage_error(string seed)
    {
        string post = FakePost(withBuild: true);

        Bash.Run(Path.Combine(post, "lab-run.sh"), ["quick", Path.Combine(_work, "out")], new Dictionary<string, string> { ["FTF_ROUNDS_SEED"] = seed })
            .ShouldBeUsageError($"FTF_ROUNDS_SEED must be a whole number of at most 18 digits (got '{seed}')");
    }

    [Fact]
    public void A_hooks_own_rounds_are_shuffled_by_the_seed_and_replay_with_it()
    {
        string Order(string seed, int round) =>
            string.Concat(Bash.Code($". scripts/lib/hook.sh; SEED={seed}; lab_shuffle {round} a b c d e f").Stdout.Split('\n', StringSplitOptions.RemoveEmptyEntries));

        Order("77", 1).Should().Be(Order("77", 1)).And.HaveLength(6);
        Order("77", 1).Order().Should().Equal("abcdef");
        new[] { Order("77", 1), Order("77", 2), Order("77", 3), Order("78", 1) }.Distinct().Should().HaveCountGreaterThan(1);
    }

    [Fact]
    public void A_failed_step_does_not_stop_the_next_and_the_hook_fails_naming_it()
    {
        string post = FakePost(withBuild: true);
        string outDir = Path.Combine(_work, "out");

        var result = Run(post, ["quick", outDir], failBenchmarks: true);

        result.ExitCode.Should().Be(1, result.ToString());
        result.Stderr.Should().Contain("failed: benchmarks");
        File.Exists(Path.Combine(outDir, "mode.txt")).Should().BeTrue("the mode after the failed step still ran");
    }

    [Fact]
    public void The_estimate_comes_from_the_hooks_budget_line()
    {
        string post = FakePost(withBuild: false);

        Run(post, ["--estimate", "full"]).Stdout.Should().Be("300\n");
    }

    private ScriptResult Run(string post, string[] args, bool failBenchmarks = false, string? rounds = null)
    {
        var environment = new Dictionary<string, string>
        {
            ["FTF_RUN_DIR"] = Path.Combine(_work, "run"),
            ["FAKE_CALLS"] = Path.Combine(_work, "calls"),
            ["FAKE_FAIL"] = failBenchmarks ? "1" : "0",
            ["FTF_ROUNDS_SEED"] = "1234",
        };
        if (rounds is not null)
        {
            environment["FTF_ROUNDS"] = rounds;
        }

        return Bash.Run(Path.Combine(post, "lab-run.sh"), args, environment);
    }

    // A post folder with a hook on the real skeleton and, optionally, a "Release build" that behaves like a
    // BenchmarkDotNet program: it writes its reports into --artifacts DIR/results, or prints a mode's output.
    private string FakePost(bool withBuild)
    {
        string post = Path.Combine(_work, "fake-post");
        Directory.CreateDirectory(post);
        Directory.CreateDirectory(Path.Combine(_work, "run"));
        File.WriteAllText(Path.Combine(post, "FakePost.csproj"), "<Project />\n");
        Bash.WriteExecutable(Path.Combine(post, "lab-run.sh"), $$"""
            #!/usr/bin/env bash
            set -euo pipefail
            . '{{Bash.RepoRoot}}/scripts/lib/hook.sh'
            LAB_BUDGET="smoke=10 quick=20 full=300"
            LAB_HOOK_HELP="  PROFILE smoke/quick/full   fake"
            lab_hook_start "$@"
            lab_bdn "$OUT" --filter '*' --iterationTime 100 || lab_failed benchmarks
            lab_run mode --size 3 > "$OUT/mode.txt" || lab_failed mode
            lab_hook_done
            """);
        if (withBuild)
        {
            string bin = Path.Combine(post, "bin", "Release", "net10.0");
            Directory.CreateDirectory(bin);
            Bash.WriteExecutable(Path.Combine(bin, "FakePost"), """
                #!/usr/bin/env bash
                printf '%s\n' "$*" >> "$FAKE_CALLS"
                if [ "$1" = mode ]; then echo "mode output"; exit 0; fi
                [ "$FAKE_FAIL" = 0 ] || exit 4
                while [ $# -gt 0 ]; do
                  if [ "$1" = --artifacts ]; then dir=$2/results; fi
                  shift
                done
                mkdir -p "$dir"
                for f in report-github.md report.csv report-full.json report.html; do echo x > "$dir/Fake.Bench-$f"; done
                """);
        }

        return post;
    }
}
