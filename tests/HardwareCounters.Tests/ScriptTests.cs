namespace HardwareCounters.Tests;

/// <summary>The post's scripts: --help, one-line usage errors (exit 2) for every class of wrong input, and a missing
/// tool named with its package (exit 3). The hook, lab-run.sh, is tested with the others in LabScripts.Tests.</summary>
public class ScriptTests
{
    private const string Scripts = "first-things-first/hardware-counters/Scripts/";
    private const string Unwritable = "/proc/ftf/out";

    public static TheoryData<string> AllScripts => new()
    {
        Scripts + "perf-stat.sh",
        Scripts + "flame-graph.sh",
        Scripts + "run-scaling.sh",
    };

    [Theory]
    [MemberData(nameof(AllScripts))]
    public void Help_prints_usage_and_succeeds(string script)
    {
        var result = Bash.Run(script, ["--help"]);

        result.ExitCode.Should().Be(0, result.ToString());
        result.Stdout.Should().StartWith("Usage:").And.Contain(Path.GetFileName(script));
    }

    [Theory]
    [MemberData(nameof(AllScripts))]
    public void Without_perf_the_script_says_how_to_install_it_and_exits_3(string script)
    {
        using var path = new PathWithout(["perf"]);
        using var outDir = new TempDirectory();

        var result = Bash.Run(script, ["--out", outDir.Path], path.Environment);

        result.ExitCode.Should().Be(3, result.ToString());
        result.Stderr.Should().Contain("perf is not installed").And.Contain("linux-perf");
    }

    [Fact]
    public void Without_dotnet_perf_stat_says_how_to_install_it_and_exits_3()
    {
        using var path = new PathWithout(["dotnet"], stubs: [Bash.Which("perf") is null ? "perf" : "unused-stub"]);
        using var outDir = new TempDirectory();

        var result = Bash.Run(Scripts + "perf-stat.sh", ["1000", "--out", outDir.Path], path.Environment);

        result.ExitCode.Should().Be(3, result.ToString());
        result.Stderr.Should().Contain("dotnet is not installed");
    }

    [Fact]
    public void Run_scaling_needs_no_perf_when_perf_is_skipped_but_still_needs_dotnet()
    {
        using var path = new PathWithout(["perf", "dotnet"]);
        using var outDir = new TempDirectory();

        var result = Bash.Run(Scripts + "run-scaling.sh", ["--skip-perf", "--out", outDir.Path], path.Environment);

        result.ExitCode.Should().Be(3, result.ToString());
        result.Stderr.Should().Contain("dotnet is not installed").And.NotContain("perf is not installed");
    }

    [Theory]
    // unknown word or option
    [InlineData(Scripts + "perf-stat.sh", new[] { "--frobnicate" }, "unknown option '--frobnicate'")]
    [InlineData(Scripts + "flame-graph.sh", new[] { "--frobnicate" }, "unknown option '--frobnicate'")]
    [InlineData(Scripts + "run-scaling.sh", new[] { "--filter", "*" }, "unknown argument '--filter' (BenchmarkDotNet arguments go after --)")]
    [InlineData(Scripts + "run-scaling.sh", new[] { "1000" }, "unknown argument '1000'")]
    [InlineData(Scripts + "flame-graph.sh", new[] { "--mode", "sideways" }, "--mode must be sequential, random or both; got 'sideways'")]
    [InlineData(Scripts + "perf-stat.sh", new[] { "1000", "2000" }, "only one N may be given")]
    // non-numeric
    [InlineData(Scripts + "perf-stat.sh", new[] { "abc" }, "N must be a whole number of elements from 1 to 268435456 (got 'abc')")]
    [InlineData(Scripts + "flame-graph.sh", new[] { "--frequency", "fast" }, "--frequency must be a whole number from 1 to 10000 (got 'fast')")]
    [InlineData(Scripts + "perf-stat.sh", new[] { "--seconds", "soon" }, "--seconds must be a number greater than 0 and at most 3600 (got 'soon')")]
    [InlineData(Scripts + "run-scaling.sh", new[] { "--sizes", "1000,x" }, "N must be a whole number of elements from 1 to 268435456 (got 'x')")]
    // negative
    [InlineData(Scripts + "perf-stat.sh", new[] { "-5" }, "N must be a whole number of elements from 1 to 268435456 (got '-5')")]
    [InlineData(Scripts + "flame-graph.sh", new[] { "--seconds", "-1" }, "--seconds must be a number greater than 0 and at most 3600 (got '-1')")]
    [InlineData(Scripts + "flame-graph.sh", new[] { "--frequency", "-99" }, "--frequency must be a whole number from 1 to 10000 (got '-99')")]
    [InlineData(Scripts + "run-scaling.sh", new[] { "--sizes", "-1000" }, "N must be a whole number of elements from 1 to 268435456 (got '-1000')")]
    // zero
    [InlineData(Scripts + "perf-stat.sh", new[] { "0" }, "N must be from 1 to 268435456 (got '0')")]
    [InlineData(Scripts + "perf-stat.sh", new[] { "--seconds", "0" }, "--seconds must be a number greater than 0")]
    [InlineData(Scripts + "flame-graph.sh", new[] { "--frequency", "0" }, "--frequency must be from 1 to 10000 (got '0')")]
    [InlineData(Scripts + "run-scaling.sh", new[] { "--sizes", "1000,0" }, "N must be from 1 to 268435456 (got '0')")]
    // huge
    [InlineData(Scripts + "perf-stat.sh", new[] { "268435457" }, "N must be from 1 to 268435456 (got '268435457')")]
    [InlineData(Scripts + "flame-graph.sh", new[] { "99999999999999999999" }, "N must be from 1 to 268435456")]
    [InlineData(Scripts + "flame-graph.sh", new[] { "--frequency", "10001" }, "--frequency must be from 1 to 10000 (got '10001')")]
    [InlineData(Scripts + "run-scaling.sh", new[] { "--seconds", "3601" }, "--seconds must be a number greater than 0 and at most 3600 (got '3601')")]
    // missing value
    [InlineData(Scripts + "perf-stat.sh", new[] { "--out" }, "--out needs a value")]
    [InlineData(Scripts + "perf-stat.sh", new[] { "--seconds" }, "--seconds needs a value")]
    [InlineData(Scripts + "flame-graph.sh", new[] { "--mode" }, "--mode needs a value")]
    [InlineData(Scripts + "flame-graph.sh", new[] { "--frequency" }, "--frequency needs a value")]
    [InlineData(Scripts + "run-scaling.sh", new[] { "--sizes" }, "--sizes needs a value")]
    [InlineData(Scripts + "run-scaling.sh", new[] { "--sizes", "" }, "--sizes needs at least one size")]
    // unwritable path
    [InlineData(Scripts + "perf-stat.sh", new[] { "--out", Unwritable }, "--out '/proc/ftf/out' cannot be created")]
    [InlineData(Scripts + "flame-graph.sh", new[] { "--out", Unwritable }, "--out '/proc/ftf/out' cannot be created")]
    [InlineData(Scripts + "run-scaling.sh", new[] { "--out", Unwritable }, "--out '/proc/ftf/out' cannot be created")]
    // contradictions
    [InlineData(Scripts + "run-scaling.sh", new[] { "--skip-bdn", "--skip-perf" }, "--skip-bdn and --skip-perf together leave nothing to run")]
    public void Wrong_inputs_are_one_line_usage_errors(string script, string[] args, string message)
    {
        var result = Bash.Run(script, args);

        result.ExitCode.Should().Be(2, result.ToString());
        result.StderrLines.Should().ContainSingle(result.ToString())
            .Which.Should().StartWith("error: " + message).And.Contain("--help");
    }
}
