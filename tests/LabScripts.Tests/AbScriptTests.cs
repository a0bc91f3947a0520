namespace LabScripts.Tests;

/// <summary>
/// shared/StorageEngine.Benchmarks/ab.sh, the engine's interleaved A/B runs: help, wrong inputs, and what it makes of
/// insert-loop's output (a stand-in dotnet prints a known table, so the medians are known too).
/// </summary>
public class AbScriptTests
{
    private const string Script = "shared/StorageEngine.Benchmarks/ab.sh";

    [Fact]
    public void Help_exits_zero_and_shows_usage()
    {
        var result = Bash.Run(Script, ["--help"]);

        result.ExitCode.Should().Be(0, result.ToString());
        result.Stdout.Should().StartWith("Usage: " + Script);
    }

    [Theory]
    [InlineData(new[] { "a=--wal off" }, "--out DIR is required")]
    [InlineData(new[] { "--out" }, "--out needs a value")]
    [InlineData(new[] { "--out", "/proc/ftf/ab", "a=--wal off" }, "--out '/proc/ftf/ab' cannot be created")]
    [InlineData(new[] { "--out", "OUT" }, "no configuration to run")]
    [InlineData(new[] { "--out", "OUT", "--bogus", "a=x" }, "unknown option '--bogus'")]
    [InlineData(new[] { "--out", "OUT", "extra" }, "unknown argument 'extra'")]
    [InlineData(new[] { "--out", "OUT", "--rounds", "many", "a=x" }, "--rounds must be a whole number from 1 to 100 (got 'many')")]
    [InlineData(new[] { "--out", "OUT", "--rounds", "-1", "a=x" }, "--rounds must be a whole number from 1 to 100 (got '-1')")]
    [InlineData(new[] { "--out", "OUT", "--rounds", "0", "a=x" }, "--rounds must be from 1 to 100 (got '0')")]
    [InlineData(new[] { "--out", "OUT", "--rounds", "99999", "a=x" }, "--rounds must be from 1 to 100 (got '99999')")]
    [InlineData(new[] { "--out", "OUT", "--batches", "2", "a=x" }, "--batches must be from 3 to 1000 (got '2')")]
    [InlineData(new[] { "--out", "OUT", "--rounds" }, "--rounds needs a value")]
    [InlineData(new[] { "--out", "OUT", "a=x", "a=y" }, "configuration 'a' is given twice")]
    [InlineData(new[] { "--out", "OUT", "a b=x" }, "a configuration name is letters, digits")]
    [InlineData(new[] { "--out", "OUT", "--app", "nodll", "a=x" }, "--app needs NAME=DLL (got 'nodll')")]
    [InlineData(new[] { "--out", "OUT", "--app", "a=/nonexistent/x.dll", "a=x" }, "--app a: no file '/nonexistent/x.dll'")]
    [InlineData(new[] { "--out", "OUT", "--app", "b=/bin/sh", "a=x" }, "--app names 'b', which is not a configuration")]
    [InlineData(new[] { "--out", "OUT", "--baseline", "b", "a=x" }, "--baseline names 'b', which is not a configuration")]
    [InlineData(new[] { "--out", "OUT", "a=x", "--baseline" }, "--baseline needs a value")]
    public void Wrong_inputs_are_one_line_usage_errors(string[] args, string message)
    {
        using var outDir = new TempDirectory();
        string[] resolved = args.Select(a => a == "OUT" ? outDir.Path : a).ToArray();
        Bash.Run(Script, resolved).ShouldBeUsageError(message);
    }

    [Fact]
    public void A_used_output_directory_is_refused()
    {
        using var outDir = new TempDirectory();
        File.WriteAllText(Path.Combine(outDir.Path, "earlier.txt"), "an earlier run");

        Bash.Run(Script, ["--out", outDir.Path, "a=x"]).ShouldBeUsageError("is not empty");
    }

    [Fact]
    public void Configurations_alternate_and_the_summary_holds_medians_of_batches_two_and_later()
    {
        using var bin = new TempDirectory();
        using var outDir = new TempDirectory();
        string log = Path.Combine(bin.Path, "calls.log");
        // insert-loop's table; batches 0 and 1 are outliers the summary must leave out. Config "slow" is 100 ns slower.
        var (fakeDll, environment) = StandInDotnet(bin, $$"""
            #!/usr/bin/env bash
            echo "$*" >> '{{log}}'
            add=0; case "$*" in *--slow*) add=100 ;; esac
            echo "# settings"
            echo "batch  insert-ns  flush-ns  inserts/s  cpu-ns  log-MB  dirty-MB  gc0/1/2"
            echo "    0       9000        0        1       9000       0        0    1/0/0"
            echo "    1       5000        0        1       5000       0        0    0/0/0"
            for b in 2 3 4; do echo "    $b       $((200 + b * 10 + add))       7        1       $((300 + add))       0        0    0/0/0"; done
            """);

        var result = Bash.Run(Script, ["--out", outDir.Path, "--rounds", "2", "--batches", "5", "--app", $"fast={fakeDll}", "--app", $"slow={fakeDll}",
            "fast=--wal off", "slow=--slow --threads 2"], environment);

        result.ExitCode.Should().Be(0, result.ToString());
        File.ReadAllLines(log).Should().Equal(
            $"{fakeDll} insert-loop --batches 5 --wal off", $"{fakeDll} insert-loop --batches 5 --slow --threads 2",
            $"{fakeDll} insert-loop --batches 5 --wal off", $"{fakeDll} insert-loop --batches 5 --slow --threads 2");
        string summary = File.ReadAllText(Path.Combine(outDir.Path, "summary.md"));
        summary.Should().Contain("| fast | `--wal off` | 230 | 7 | 300 | 230, 230 |");
        summary.Should().Contain("| slow | `--slow --threads 2` | 330 | 7 | 400 | 330, 330 |");
        File.ReadAllLines(Path.Combine(outDir.Path, "runs.tsv")).Should().HaveCount(1 + 2 * 2 * 5);
        File.ReadAllText(Path.Combine(outDir.Path, "command.txt")).Should().Contain("'fast=--wal off'");
        File.Exists(Path.Combine(outDir.Path, "raw", "slow-r2.txt")).Should().BeTrue();
    }

    [Fact]
    public void A_baseline_pairs_each_configuration_with_it_round_by_round_so_drift_between_rounds_cancels()
    {
        using var bin = new TempDirectory();
        using var outDir = new TempDirectory();
        string calls = Path.Combine(bin.Path, "calls");
        // The machine drifts: every run of round 2 takes twice as long as in round 1 (the stand-in counts its calls;
        // 3 configurations per round). Within a round, "better" takes 0.8 and "worse" 1.5 times the baseline's time.
        var (fakeDll, environment) = StandInDotnet(bin, $$"""
            #!/usr/bin/env bash
            n=$(( $(cat '{{calls}}' 2>/dev/null || echo 0) + 1 )); echo "$n" > '{{calls}}'
            base=$(( n <= 3 ? 500 : 1000 ))
            case "$*" in *--better*) ns=$(( base * 8 / 10 )) ;; *--worse*) ns=$(( base * 3 / 2 )) ;; *) ns=$base ;; esac
            echo "batch  insert-ns  flush-ns  inserts/s  cpu-ns  log-MB  dirty-MB  gc0/1/2"
            for b in 0 1 2 3 4; do echo "    $b       $ns        0        1       $ns       0        0    0/0/0"; done
            """);

        var result = Bash.Run(Script, ["--out", outDir.Path, "--rounds", "2", "--batches", "5", "--baseline", "base",
            "--app", $"base={fakeDll}", "--app", $"better={fakeDll}", "--app", $"worse={fakeDll}",
            "base=--plain", "better=--better", "worse=--worse"], environment);

        result.ExitCode.Should().Be(0, result.ToString());
        string summary = File.ReadAllText(Path.Combine(outDir.Path, "summary.md"));
        // Unpaired, the medians over rounds mix the two regimes (better's 600 ns lies between base's 500 and 1,000)...
        summary.Should().Contain("| base | `--plain` | 750 | 0 | 750 | 500, 1000 |");
        summary.Should().Contain("| better | `--better` | 600 | 0 | 600 | 400, 800 |");
        // ... paired, every round says the same.
        summary.Should().Contain("| better | 0.80× | 2 of 2 rounds | 0.80, 0.80 |");
        summary.Should().Contain("| worse | 1.50× | 0 of 2 rounds | 1.50, 1.50 |");
        summary.Should().NotContain("| base | 1.00×");
        File.ReadAllText(Path.Combine(outDir.Path, "command.txt")).Should().Contain("--baseline base");
    }

    [Fact]
    public void Pair_compares_an_earlier_folder_against_any_of_its_configurations()
    {
        using var outDir = new TempDirectory();
        // runs.tsv as ab.sh writes it: two rounds, the second twice as slow; batches 0 and 1 are left out.
        File.WriteAllLines(Path.Combine(outDir.Path, "runs.tsv"),
        [
            "round\tname\tbatch\tinsert_ns\tflush_ns\tcpu_ns\tgc",
            "1\ton\t0\t9000\t0\t9000\t0/0/0", "1\ton\t2\t400\t0\t400\t0/0/0", "1\ton\t3\t400\t0\t400\t0/0/0",
            "1\toff\t0\t9000\t0\t9000\t0/0/0", "1\toff\t2\t100\t0\t100\t0/0/0", "1\toff\t3\t100\t0\t100\t0/0/0",
            "2\ton\t2\t800\t0\t800\t0/0/0", "2\ton\t3\t800\t0\t800\t0/0/0",
            "2\toff\t2\t200\t0\t200\t0/0/0", "2\toff\t3\t200\t0\t200\t0/0/0",
        ]);

        var result = Bash.Run(Script, ["--pair", outDir.Path, "--baseline", "off"]);

        result.ExitCode.Should().Be(0, result.ToString());
        result.Stdout.Should().Contain("| on | 4.00× | 0 of 2 rounds | 4.00, 4.00 |");
        result.Stdout.Should().NotContain("| off |");
    }

    [Theory]
    [InlineData(new[] { "--pair", "OUT" }, "--pair needs --baseline NAME")]
    [InlineData(new[] { "--pair", "OUT", "--baseline", "on" }, "holds no runs.tsv (not an ab.sh folder)")]
    [InlineData(new[] { "--pair", "OUT", "--baseline", "on", "--out", "OUT" }, "--pair takes only --baseline NAME")]
    [InlineData(new[] { "--pair", "OUT", "--baseline", "on", "a=x" }, "--pair takes only --baseline NAME")]
    public void Wrong_pair_inputs_are_one_line_usage_errors(string[] args, string message)
    {
        using var outDir = new TempDirectory();
        Bash.Run(Script, args.Select(a => a == "OUT" ? outDir.Path : a).ToArray()).ShouldBeUsageError(message);
    }

    [Fact]
    public void Pair_refuses_a_baseline_the_folder_does_not_hold()
    {
        using var outDir = new TempDirectory();
        File.WriteAllLines(Path.Combine(outDir.Path, "runs.tsv"),
            ["round\tname\tbatch\tinsert_ns\tflush_ns\tcpu_ns\tgc", "1\ton\t2\t400\t0\t400\t0/0/0"]);

        Bash.Run(Script, ["--pair", outDir.Path, "--baseline", "off"]).ShouldBeUsageError("--baseline names 'off', which is not a configuration of");
    }

    // A stand-in `dotnet` (SCRIPT) first on PATH, and an empty DLL to name with --app: insert-loop's table without the engine.
    private static (string Dll, Dictionary<string, string> Environment) StandInDotnet(TempDirectory bin, string script)
    {
        Bash.WriteExecutable(Path.Combine(bin.Path, "dotnet"), script);
        string dll = Path.Combine(bin.Path, "engine.dll");
        File.WriteAllText(dll, "");
        return (dll, new Dictionary<string, string> { ["PATH"] = bin.Path + ":" + Environment.GetEnvironmentVariable("PATH") });
    }
}
