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
        Bash.WriteExecutable(Path.Combine(bin.Path, "dotnet"), $$"""
            #!/usr/bin/env bash
            echo "$*" >> '{{log}}'
            add=0; case "$*" in *--slow*) add=100 ;; esac
            echo "# settings"
            echo "batch  insert-ns  flush-ns  inserts/s  cpu-ns  log-MB  dirty-MB  gc0/1/2"
            echo "    0       9000        0        1       9000       0        0    1/0/0"
            echo "    1       5000        0        1       5000       0        0    0/0/0"
            for b in 2 3 4; do echo "    $b       $((200 + b * 10 + add))       7        1       $((300 + add))       0        0    0/0/0"; done
            """);
        string fakeDll = Path.Combine(bin.Path, "engine.dll");
        File.WriteAllText(fakeDll, "");
        var environment = new Dictionary<string, string> { ["PATH"] = bin.Path + ":" + Environment.GetEnvironmentVariable("PATH") };

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
}
