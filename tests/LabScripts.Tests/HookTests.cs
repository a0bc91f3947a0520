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
            "command.txt", "Fake.Bench-report-github.md", "Fake.Bench-report.csv", "Fake.Bench-report-full.json", "mode.txt", "steps.tsv", "more-steps.txt");
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
    [InlineData("full", " --rounds 3 --rounds-seed 1234")]
    public void Each_profile_measures_in_its_rounds_with_the_runs_seed(string profile, string rounds)
    {
        string post = FakePost(withBuild: true);

        Run(post, [profile, Path.Combine(_work, "out")]).ExitCode.Should().Be(0);

        File.ReadAllLines(Path.Combine(_work, "calls"))[0].Should().StartWith($"--filter * --iterationTime 100{rounds} --exporters fulljson ");
    }

    [Theory]
    [InlineData("quick")]
    [InlineData("full")]
    public void Quick_and_full_run_the_first_rounds(string profile)
    {
        string post = FakePost(withBuild: true);

        Run(post, [profile, Path.Combine(_work, "out")]).ExitCode.Should().Be(0);

        File.ReadAllLines(Path.Combine(_work, "calls"))[0].Should().StartWith("--filter * --iterationTime 100 --rounds 3 --rounds-seed 1234 --exporters fulljson ");
        string steps = File.ReadAllText(Path.Combine(_work, "out", "steps.tsv"));
        steps.Should().MatchRegex(@"^bdn\t[0-9]+\t\tFake\.Bench-report-full\.json\n$", "the invocation's time and its report, for the planner's costs");
        File.ReadAllText(Path.Combine(_work, "out", "more-steps.txt")).Should().Be("sweep\nmark0\n");
    }

    [Fact]
    public void More_rounds_run_the_cases_asked_for_from_the_round_asked_into_their_own_folder()
    {
        string post = FakePost(withBuild: true);
        string outDir = Path.Combine(_work, "out");
        Run(post, ["quick", outDir]).ExitCode.Should().Be(0);
        File.Delete(Path.Combine(_work, "calls"));

        var more = Run(post, ["--more", "quick", outDir, "bdn", "", "4", "2", "Bench.A(N=1)", "Bench.B"]);

        more.ExitCode.Should().Be(0, more.ToString());
        File.ReadAllLines(Path.Combine(_work, "calls")).Should().ContainSingle().Which.Should()
            .StartWith("--filter * --iterationTime 100 --rounds 5 --rounds-from 4 --rounds-seed 1234 --case Bench.A(N=1) --case Bench.B --exporters fulljson ");
        File.Exists(Path.Combine(outDir, "more-4", "Fake.Bench-report-full.json")).Should().BeTrue();
        File.ReadAllText(Path.Combine(outDir, "command.txt")).Should().Contain("--rounds-from 4").And.Contain("--iterationTime 100 --rounds 3", "the first rounds' command stays");
        File.ReadAllLines(Path.Combine(outDir, "steps.tsv")).Should().Contain(l => l.StartsWith("bdn\t", StringComparison.Ordinal) && l.EndsWith("\tmore-4\tmore-4/Fake.Bench-report-full.json", StringComparison.Ordinal));
        File.Exists(Path.Combine(outDir, "mode.txt")).Should().BeTrue("the first rounds' mode ran");
    }

    [Fact]
    public void More_rounds_of_a_step_run_the_hooks_own_step_and_log_it()
    {
        string post = FakePost(withBuild: true);
        string outDir = Path.Combine(_work, "out");
        Run(post, ["quick", outDir]).ExitCode.Should().Be(0);

        Run(post, ["--more", "quick", outDir, "steps", "", "4", "2", "sweep"]).ExitCode.Should().Be(0);

        File.ReadAllLines(Path.Combine(outDir, "steps.tsv")).Where(l => l.StartsWith("step\t", StringComparison.Ordinal))
            .Select(l => string.Join(' ', l.Split('\t').Skip(2))).Should().Equal("sweep 4", "sweep 5");
    }

    [Theory]
    [InlineData(new[] { "quick", "OUT", "bdn", "", "4" }, "--more needs PROFILE OUTDIR KIND GROUP FROM COUNT and at least one CASE")]
    [InlineData(new[] { "quick", "OUT", "other", "", "4", "1", "X.Y" }, "KIND must be bdn or steps (got 'other')")]
    [InlineData(new[] { "quick", "OUT", "bdn", "../up", "4", "1", "X.Y" }, "GROUP must be a sub-folder of OUTDIR")]
    [InlineData(new[] { "quick", "OUT", "bdn", "", "1", "1", "X.Y" }, "FROM must be from 2 to 1000 (got '1')")]
    [InlineData(new[] { "quick", "OUT", "bdn", "", "4", "0", "X.Y" }, "COUNT must be from 1 to 1000 (got '0')")]
    [InlineData(new[] { "quick", "OUT", "steps", "", "4", "1", "mark9" }, "fake-post cannot run more rounds of step 'mark9' (it can: sweep mark0)")]
    [InlineData(new[] { "quick", "NEW", "bdn", "", "4", "1", "X.Y" }, "holds no first rounds of fake-post")]
    [InlineData(new[] { "quick", "OUT", "bdn", "defended", "4", "1", "X.Y" }, "fake-post runs no more rounds of bdn cases in 'defended'")]
    public void A_wrong_more_is_a_usage_error_before_any_work(string[] args, string message)
    {
        string post = FakePost(withBuild: true);
        string outDir = Path.Combine(_work, "out");
        Run(post, ["quick", outDir]).ExitCode.Should().Be(0);
        File.Delete(Path.Combine(_work, "calls"));
        string[] line = [.. args.Select(a => a == "OUT" ? outDir : a == "NEW" ? Path.Combine(_work, "new") : a)];

        Run(post, ["--more", .. line]).ShouldBeUsageError(message);
        File.Exists(Path.Combine(_work, "calls")).Should().BeFalse();
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

    private ScriptResult Run(string post, string[] args, bool failBenchmarks = false)
    {
        var environment = new Dictionary<string, string>
        {
            ["FTF_RUN_DIR"] = Path.Combine(_work, "run"),
            ["FAKE_CALLS"] = Path.Combine(_work, "calls"),
            ["FAKE_FAIL"] = failBenchmarks ? "1" : "0",
            ["FTF_ROUNDS_SEED"] = "1234",
        };
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
            LAB_MORE_STEPS="sweep mark0"
            LAB_HOOK_HELP="  PROFILE smoke/quick/full   fake"
            lab_hook_start "$@"
            BDN=(--iterationTime 100)
            lab_more_step() { local t0=$SECONDS; lab_log_step "$1" "$2" $((SECONDS - t0)); }
            lab_hook_more() {
              case "$1" in
                bdn) [ -z "$2" ] || lab_usage_error "$LAB_NAME runs no more rounds of bdn cases in '$2'"
                     lab_more_bdn "$OUT" "${BDN[@]}" || lab_failed "more rounds" ;;
                steps) lab_more_steps ;;
              esac
            }
            lab_more_dispatch
            lab_bdn "$OUT" --filter '*' "${BDN[@]}" || lab_failed benchmarks
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
